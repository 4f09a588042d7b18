package io.wsbench.report;

import java.util.Map;

/**
 * The page {@code run --live} serves: the run as it happens, from the server-sent events at
 * {@code /events} (see the CLI's LiveServer): the current point's requests per second, p99 and errors
 * second by second, drawn by the report's chart library (inlined, so the page needs nothing but
 * wsbench), the points done so far with their figures, and what the run said along the way.
 */
public final class LivePage {

    private LivePage() {
    }

    public static String html(String suite) {
        return ReportPage.template("live.mustache").execute(Map.of("suite", suite,
                "echarts", ReportPage.ECHARTS.source(), "liveJs", ReportPage.resource("live.js")));
    }
}
