package io.wsbench.model.record;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ExceptionsSaidTest {

    private static ServerRecord thrown(long count, double perSecond) {
        return new ServerRecord(1L, 50, 40, 10, 1L << 20, 10, 0, 60).withRecording(new ServerRecord.JfrRecord(100L, 10L, List.of(),
                List.of(new ServerRecord.ExceptionRate("io.netty.channel.StacklessClosedChannelException", perSecond, count, "x")),
                null, null));
    }

    @Test
    void aFewExceptionsAreCountedAndManyAreARate() {
        // the soap-vs-rest suite's --quick run: two thrown as the previous point's connections closed, in a 60 ms point
        assertEquals("2 in the point", thrown(2, 32.8).exceptionsSaid(r -> String.format("%.0f", r)));
        assertEquals("1,000/s", thrown(12_000, 1000).exceptionsSaid(r -> String.format("%,.0f", r)));
        assertEquals("0 in the point", new ServerRecord(1L, 50, 40, 10, 1L << 20, 10, 0, 60)
                .withRecording(new ServerRecord.JfrRecord(100L, 10L, List.of(), List.of(), null, null)).exceptionsSaid(String::valueOf));
    }
}
