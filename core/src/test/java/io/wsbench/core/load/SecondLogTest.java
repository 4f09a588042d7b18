package io.wsbench.core.load;

import io.wsbench.model.record.SecondSample;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A long point's seconds go to disk past the ones kept in memory, and come back whole and in order. */
class SecondLogTest {

    @Test
    void secondsPastTheOnesInMemoryAreSpilledAndReadBackInOrder() {
        try (SecondLog log = new SecondLog(10)) {
            for (int i = 0; i < 25; i++) {
                log.add(new SecondSample(i, 100 + i, 900 + i, i % 3, 1000L * i, 1000L * i + 999, null, null, null),
                        i % 2 == 0 ? "" : "HISTOGRAM" + i);
            }
            assertTrue(log.spilled());
            List<SecondSample> seconds = log.seconds();
            List<String> latencies = log.latencies();
            assertEquals(25, seconds.size());
            assertEquals(25, latencies.size());
            for (int i = 0; i < 25; i++) {
                assertEquals(new SecondSample(i, 100 + i, 900 + i, i % 3, 1000L * i, 1000L * i + 999, null, null, null),
                        seconds.get(i));
                assertEquals(i % 2 == 0 ? "" : "HISTOGRAM" + i, latencies.get(i));
            }
        }
    }

    @Test
    void aShortPointStaysInMemory() {
        try (SecondLog log = new SecondLog()) {
            for (int i = 0; i < 60; i++) {
                log.add(new SecondSample(i, 1, 1, 0), "");
            }
            assertFalse(log.spilled());
            assertEquals(60, log.seconds().size());
        }
    }
}
