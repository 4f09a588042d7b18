package io.wsbench.report;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * The number formats of the pages and flags, so every table, tooltip and flag prints a figure the same way.
 * (Escaping is the templates' job: JMustache escapes every value it prints.)
 */
final class HtmlFormat {

    private HtmlFormat() {
    }

    /** Requests per second: whole numbers once they are large, so columns stay short. */
    static String rate(double v) {
        if (Double.isNaN(v)) {
            return "—";
        }
        return String.format(Locale.ROOT, v >= 100 ? "%,.0f" : v >= 10 ? "%.1f" : "%.2f", v);
    }

    /** Microseconds shown as milliseconds with three significant digits or so. */
    static String millis(double micros) {
        if (Double.isNaN(micros)) {
            return "—";
        }
        double ms = micros / 1000;
        return String.format(Locale.ROOT, ms < 1 ? "%.3f" : ms < 10 ? "%.2f" : ms < 100 ? "%.1f" : "%,.0f", ms);
    }

    static String fixed(double v, int decimals) {
        return Double.isNaN(v) ? "—" : String.format(Locale.ROOT, "%,." + decimals + "f", v);
    }

    static String count(long v) {
        return String.format(Locale.ROOT, "%,d", v);
    }

    static String ratio(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? "—" : String.format(Locale.ROOT, "%.2f×", v);
    }

    /** A paired ratio with its interval, e.g. "0.87× [0.85, 0.89]"; "—" for none. */
    static String ratio(io.wsbench.model.stats.Estimate e) {
        if (e == null || Double.isNaN(e.median())) {
            return "—";
        }
        return ratio(e.median()) + (e.bounded() ? String.format(Locale.ROOT, " [%.2f, %.2f]", e.low(), e.high()) : "");
    }

    /** An interval as ± its half width over the median, e.g. "±1.8%"; "—" without one. */
    static String interval(io.wsbench.model.stats.Estimate e) {
        return e == null || !e.bounded() ? "—" : e.shownWidth();
    }

    static String gibibytes(long bytes) {
        return String.format(Locale.ROOT, "%.1f GiB", bytes / (1024.0 * 1024 * 1024));
    }

    /** Axis ticks: no trailing zeros, since the step already says how precise the axis is. */
    static String tick(double v) {
        return BigDecimal.valueOf(v).setScale(3, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
    }
}
