package io.wsbench.model.stats;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** An interval's width as the tables show it: ± a share of the median, or, wider than the median, the factor it spans. */
class EstimateTest {

    @Test
    void aNarrowIntervalIsPlusMinusAShareAndAWideOneTheFactorItSpans() {
        assertEquals("±1.8%", new Estimate(100, 98.2, 101.8, 6, "t").shownWidth());
        assertEquals("±100.0%", new Estimate(100, 50.0, 250.0, 3, "t").shownWidth(), "as wide as the median: still a share");
        // two rounds at 15,226 and 51,085 req/s: Student's t on the logs with one degree of freedom spans a factor of about
        // 2,160 either side of their geometric mean; it read "±91970.5%" in the summary
        double gm = Math.sqrt(15226.0 * 51085.0);
        assertEquals("×/÷2,160", new Estimate(gm, gm / 2160, gm * 2160, 2, "t on logs").shownWidth());
        assertEquals("×/÷3.00", new Estimate(10, 10 / 3.0, 30.0, 2, "t on logs").shownWidth());
        assertEquals("±250.0%", new Estimate(10, -20.0, 30.0, 2, "t").shownWidth(), "a low at or under 0 spans no factor");
        assertNull(Estimate.without(10, 1, "one value").shownWidth());
    }
}
