package io.wsbench.core.load;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The values a flow makes each iteration, named by their variables: what each gives for a set clock, and what is refused. */
class GeneratedTest {

    /** 2026-12-07T05:00:00.123Z. */
    private static final long AT = 1_796_619_600_123L;

    private static String next(String variable, SplittableRandom random) {
        return Generated.of(variable).next(random, AT);
    }

    @Test
    void eachFormGivesItsValue() {
        SplittableRandom r = new SplittableRandom(7);
        assertEquals("1796619600123", next("time", r));
        assertEquals("1796619600", next("time:unix", r));
        assertEquals("2026-12-07T05:00:00.123Z", next("time:iso", r));
        assertEquals(java.time.Instant.ofEpochMilli(AT).atZone(java.time.ZoneId.systemDefault()).toLocalDate().toString(),
                next("time:yyyy-MM-dd", r));
        for (int i = 0; i < 1000; i++) {
            assertTrue(next("text:12", r).matches("[A-Za-z0-9]{12}"));
            assertTrue(next("text:3:xy", r).matches("[xy]{3}"));
            long v = Long.parseLong(next("random:5-7", r));
            assertTrue(v >= 5 && v <= 7, Long.toString(v));
        }
        assertTrue(Generated.of("time").timed());
        assertTrue(!Generated.of("text:4").timed(), "no clock read for random text");
    }

    @Test
    void otherNamesAreNoneAndAWrongFormIsSaid() {
        assertNull(Generated.of("vu"));
        assertNull(Generated.of("timeout"));
        assertNull(Generated.of("texts"));
        assertEquals("${random:9-1}, whose range ends before it starts",
                assertThrows(IllegalArgumentException.class, () -> Generated.of("random:9-1")).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Generated.of("time:bb")).getMessage()
                .startsWith("${time:bb}: not a date pattern"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Generated.of("text:0")).getMessage()
                .startsWith("${text:0}: random text is ${text:N}"));
        assertTrue(Generated.names("time:bb") && Generated.names("random:x") && !Generated.names("timeout"));
    }
}
