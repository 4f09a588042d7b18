package io.wsbench.model.record;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/** Errors by kind: the transport's always listed, a protocol's when declared or counted, any kind read back as written. */
class ErrorCountsTest {

    private static String json(Object o) throws Exception {
        return RunJson.MAPPER.writer().without(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT).writeValueAsString(o);
    }

    @Test
    void theTransportsKindsAreAlwaysWrittenAndAProtocolsWhenItDeclaresThem() throws Exception {
        ErrorKind fault = ErrorKind.declare("testFault", "test faults", 10);
        ErrorCounts e = ErrorCounts.of(1, 0, 2, 3, 0, 0).listing(List.of(fault));
        assertEquals("{\"connect\":1,\"timeout\":0,\"httpStatus\":2,\"testFault\":0,\"validation\":3,\"protocol\":0,\"client\":0}",
                json(e));
        assertEquals(6, e.total());
        assertEquals("{\"connect\":0,\"timeout\":0,\"httpStatus\":0,\"validation\":0,\"protocol\":0,\"client\":0}",
                json(ErrorCounts.NONE), "a point with no protocol kinds lists the transport's");
    }

    @Test
    void aKindNoModuleDeclaresIsReadAndWrittenBackUnderItsKey() throws Exception {
        String written = "{\"connect\":0,\"timeout\":0,\"httpStatus\":0,\"quicReset\":4,\"validation\":1,\"protocol\":0,\"client\":0}";
        ErrorCounts read = RunJson.MAPPER.readValue(written, ErrorCounts.class);
        assertEquals(5, read.total());
        ErrorKind quic = ErrorKind.named("quicReset");
        assertEquals(4, read.count(quic));
        assertEquals("quicReset", quic.said(), "shown under its key where no module says it in words");
        assertSame(quic, ErrorKind.named("quicReset"));
        ErrorCounts twice = read.plus(read);
        assertEquals(8, twice.count(quic));
        assertEquals(2, twice.count(ErrorKind.VALIDATION));
    }

    @Test
    void oldRunsWithEveryKindAtZeroStillRead() throws Exception {
        // as an older wsbench wrote every point: soapFault at 0 whatever the protocol
        ErrorCounts old = RunJson.MAPPER.readValue("{\"connect\":0,\"timeout\":2,\"httpStatus\":0,\"soapFault\":0,"
                + "\"validation\":7,\"protocol\":0,\"client\":0}", ErrorCounts.class);
        assertEquals(9, old.total());
        assertEquals(2, old.count(ErrorKind.TIMEOUT));
    }
}
