package io.wsbench.model.stats;

import io.wsbench.model.record.Drift;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What is called a leak or a slowdown, and what is not: noise, a single jump, a short point, a tiny creep. */
class GrowthTest {

    @Test
    void aHeapThatKeepsOneMegabyteASecondIsALeakWithItsSlopeAndPerThousandRequests() {
        Growth heap = Growth.liveHeap();
        Random noise = new Random(1);
        for (int i = 0; i < 60; i++) {
            double t = i * 2.0;
            heap.add(t, 50e6 + 1e6 * t + noise.nextGaussian() * 3e6);
        }
        Drift d = heap.drift(1000);
        assertNotNull(d);
        assertEquals(60e6, d.perMinute(), 60e6 * 0.05);
        assertTrue(d.low() < d.perMinute() && d.perMinute() < d.high(), d.toString());
        assertEquals(1e6, d.perThousandRequests(), 1e6 * 0.05); // 1 MB a second over 1,000 requests a second
        assertTrue(d.describe().matches("live heap grows 6\\d\\.\\d MB/min \\(\\d+\\.\\d–\\d+\\.\\d\\), 1\\.0 MB per 1,000 requests, 60 samples over 2\\.0 min"), d.describe());
        assertTrue(d.leak());
    }

    @Test
    void noiseAroundAFlatHeapIsNoLeak() {
        for (int seed = 0; seed < 50; seed++) {
            Growth heap = Growth.liveHeap();
            Random noise = new Random(seed);
            for (int i = 0; i < 120; i++) {
                heap.add(i, 80e6 + noise.nextGaussian() * 5e6);
            }
            assertNull(heap.drift(1000), "seed " + seed);
        }
    }

    @Test
    void oneJumpTooFewSamplesAShortPointOrATinyCreepIsNoLeak() {
        Growth jump = Growth.liveHeap(); // the cache filled once, then held: a step, fitted as a slope, still...
        for (int i = 0; i < 5; i++) {
            jump.add(i * 20, 10e6);
        }
        assertNull(jump.drift(100), "five samples are too few");

        Growth shortPoint = Growth.liveHeap();
        for (int i = 0; i < 40; i++) {
            shortPoint.add(i, 10e6 + 1e6 * i);
        }
        assertNull(shortPoint.drift(100), "40 s is too short to call a leak");

        Growth creep = Growth.liveHeap();
        for (int i = 0; i < 300; i++) {
            creep.add(i, 200e6 + 1000 * i); // 0.3 MB over 5 min on 200 MB: not worth a flag
        }
        assertNull(creep.drift(100));
    }

    @Test
    void throughputThatFallsStepByStepIsASlowdownAndOneThatHoldsIsNot() {
        Growth falling = Growth.throughput();
        Growth flat = Growth.throughput();
        Random noise = new Random(7);
        for (int minute = 0; minute < 10; minute++) {
            falling.add(minute * 60 + 30, 5000 - 200 * minute + noise.nextGaussian() * 20);
            flat.add(minute * 60 + 30, 5000 + noise.nextGaussian() * 50);
        }
        Drift d = falling.drift(0);
        assertNotNull(d);
        assertEquals(-200, d.perMinute(), 10);
        assertTrue(d.describe().matches("throughput falls 2\\d\\d\\.\\d req/s/min \\(19\\d\\.\\d–2\\d\\d\\.\\d\\), 10 samples over 9\\.0 min"), d.describe());
        assertTrue(!d.leak());
        assertNull(flat.drift(0));
    }
}
