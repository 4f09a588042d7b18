package io.wsbench.cli;

import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.ServerRecord;
import io.wsbench.model.record.Summary;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The summary printed after a run: one row per target and load, medians of the repeats with
 * their spread, and the ratio of throughput to the baseline target at the same load.
 */
final class ConsoleSummary {

    private ConsoleSummary() {
    }

    /** The summary of a run: its rows, against its baseline, with never-steady targets marked. */
    static String render(io.wsbench.model.record.RunRecord run) {
        return render(Summary.of(run), run.baseline(), run.neverSteady());
    }

    /** {@code neverSteady}: labels of targets whose warm-up ran out of time before they were steady. */
    static String render(List<Summary> rows, String baseline, Set<String> neverSteady) {
        List<String[]> cells = new ArrayList<>();
        boolean passes = rows.stream().anyMatch(r -> !Double.isNaN(r.secondsPerPass().median()));
        // a flow's throughput is iterations: with one among the rows, each rate says its unit
        boolean flows = rows.stream().anyMatch(Summary::flow);
        String base = baseline == null ? rows.get(0).target().label() : baseline;
        String heading = baseline == null ? "first" : Summary.baselineHeading(rows, baseline);
        cells.add(new String[]{"target", "load", flows ? "rate" : "req/s", "95% CI", "spread", "x " + heading
                + " [95% CI]", passes ? "time/pass" : "", "mean", "p99", "sent B/req", "recv B/req", "server CPU/answer",
                "CPU x " + heading, "errors", "n"});
        for (Summary s : rows) {
            io.wsbench.model.stats.Estimate ratio = Summary.pairedRatio(rows, s, base);
            io.wsbench.model.stats.Estimate cpu = s.cpuPerAnswerInterval();
            cells.add(new String[]{
                    s.target().label(), s.load().describe(),
                    rate(s, flows),
                    halfWidth(s.throughputInterval()),
                    spread(s, neverSteady.contains(s.target().label())),
                    ratio(ratio),
                    Double.isNaN(s.secondsPerPass().median()) ? "" : seconds(s.secondsPerPass()),
                    latency(s.validated(), s.meanMicros().median()), latency(s.validated(), s.p99Micros().median()),
                    String.format(Locale.ROOT, "%.0f", s.bytesSent().median()),
                    String.format(Locale.ROOT, "%.0f", s.bytesReceived().median()),
                    cpu == null ? "-" : String.format(Locale.ROOT, "%,.1f µs %s", cpu.median(), halfWidth(cpu)),
                    ratio(Summary.pairedCpuRatio(rows, s, base)),
                    String.valueOf(s.errors()), s.instances() > 1 ? s.instances() + "x" + (s.repeats() / s.instances()) : String.valueOf(s.repeats())});
        }
        String table;
        if (!passes) {
            // no request sequences here: drop the empty time/pass column
            cells.replaceAll(row -> java.util.stream.IntStream.range(0, row.length).filter(i -> i != 6)
                    .mapToObj(i -> row[i]).toArray(String[]::new));
            table = layout(cells, "llrrrrrrrrrrrr");
        } else {
            table = layout(cells, "llrrrrrrrrrrrrr");
        }
        return table + counterparts(rows, baseline) + generatorPaced(rows) + levels(rows);
    }

    /** Where rows are held against the baseline's counterparts in other sequences or configurations, a line naming them. */
    static String counterparts(List<Summary> rows, String baseline) {
        String said = Summary.counterpartsSaid(rows, baseline);
        return said == null ? "" : "x " + Summary.baselineHeading(rows, baseline) + ": " + said + "\n";
    }

    /** What the intervals hold ({@link Summary#levels}), a line; empty when there is nothing to say. */
    static String levels(List<Summary> rows) {
        String said = Summary.levels(rows);
        return said == null ? "" : "intervals: " + said + "\n";
    }

    /** A row's throughput: "38 it/s (76 req/s)" for a flow, the bare figure in a table of no flow. */
    static String rate(Summary s, boolean flows) {
        if (s.flow()) {
            return String.format(Locale.ROOT, "%,.0f it/s (%,.0f req/s)", s.throughput().median(), s.requestsPerSecond().median());
        }
        return String.format(Locale.ROOT, flows ? "%,.0f req/s" : "%,.0f", s.throughput().median());
    }

    /** The legend of the rows marked "g", naming each with the repeats in which the generator set the pace. */
    private static String generatorPaced(List<Summary> rows) {
        List<String> paced = rows.stream().filter(r -> r.generatorPaced() > 0)
                .map(r -> r.key() + " (" + r.generatorPaced() + " of " + r.repeats() + ")").toList();
        if (paced.isEmpty()) {
            return "";
        }
        return "g: the load generator set the pace: its busiest I/O thread was on the CPU over "
                + Math.round(100 * io.wsbench.model.record.GeneratorRecord.BUSY_SHARE) + "% of the point while the server had CPU to spare (or was not watched), so these rows"
                + " measure wsbench as much as the server: " + String.join(", ", paced)
                + ". Give the generator more cores (--cpus, --threads) or agents.\n";
    }

    /**
     * The capacity searches of a run, one row per target: the highest rate that met the SLOs, the
     * interval it lies in, the ratio to the baseline target's, and the probes made. Empty without any.
     */
    static String capacity(io.wsbench.model.record.RunRecord run) {
        if (run.capacity() == null || run.capacity().isEmpty()) {
            return "";
        }
        var all = run.capacity();
        String baseline = run.baseline() == null ? all.get(0).target().label() : run.baseline();
        Double base = all.stream().filter(c -> c.target().label().equals(baseline)).map(c -> c.rate())
                .filter(java.util.Objects::nonNull).findFirst().orElse(null);
        List<String[]> cells = new ArrayList<>();
        cells.add(new String[]{"target", "capacity req/s", "interval", "x " + baseline, "probes", "slo"});
        for (var c : all) {
            String interval = c.interval() == null ? "-" : String.format(Locale.ROOT, "%,.0f-%s", c.interval().get(0),
                    c.interval().get(1) == null ? "?" : String.format(Locale.ROOT, "%,.0f", c.interval().get(1)));
            cells.add(new String[]{c.target().label(),
                    c.rate() == null ? "none" : String.format(Locale.ROOT, "%s%,.0f", c.limitedBy() != null
                            || c.aborted() != null || (c.interval() != null && c.interval().get(1) == null) ? ">= " : "", c.rate()),
                    interval, c.rate() == null || base == null ? "-" : String.format(Locale.ROOT, "%.2f", c.rate() / base),
                    String.valueOf(c.probes().size()), String.join(" and ", c.slo())});
        }
        StringBuilder out = new StringBuilder("\ncapacity: the highest open-loop rate that met every SLO\n");
        out.append(layout(cells, "lrrrrl"));
        for (var c : all) {
            out.append("  ").append(c.target().label()).append(": ").append(c.verdict()).append('\n');
        }
        return out.toString();
    }

    /** Flight Recorder's execution samples from which the table names a point's hottest frame. */
    static final long FRAME_SAMPLES = 20;

    /**
     * For each target and load of a JVM stack, what its first repeat showed inside the server: its
     * CPU per request and the kind of code that spent most of it (from the profile), the hottest
     * frame (from {@value #FRAME_SAMPLES} samples or more) and the exceptions (per second, or their count where there were few)
     * with the commonest class.
     * Empty when nothing was seen.
     */
    static String insideTheServer(List<PointRecord> points) {
        List<String[]> cells = new ArrayList<>();
        cells.add(new String[]{"inside the server", "load", "CPU µs/req", "most of it in", "hottest frame", "share",
                "of samples", "exceptions", "most of them"});
        Set<String> seen = new HashSet<>();
        for (PointRecord p : points) {
            ServerRecord s = p.server();
            if (s == null || s.jfr().hotFrames() == null || !seen.add(p.key())) {
                continue;
            }
            // from a handful of samples (a --quick point takes 1 to 14) the hottest frame is a lottery: counted, not named
            Long samples = s.jfr().executionSamples();
            boolean sampled = !s.jfr().hotFrames().isEmpty() && samples != null && samples >= FRAME_SAMPLES;
            io.wsbench.model.record.ProfileRecord profile = s.profile();
            io.wsbench.model.record.ProfileRecord.Part most = profile == null || profile.parts().isEmpty() || p.requests() == 0
                    ? null : profile.parts().stream().max(java.util.Comparator.comparingDouble(
                            io.wsbench.model.record.ProfileRecord.Part::cpuMicros)).orElseThrow();
            cells.add(new String[]{p.target().label(), p.load().describe(),
                    most == null ? "-" : String.format(Locale.ROOT, "%,.1f", profile.cpuMicros() / p.requests()),
                    most == null ? "-" : String.format(Locale.ROOT, "%s (%.0f%%)", most.name(),
                            100 * most.cpuMicros() / profile.cpuMicros()),
                    sampled ? s.jfr().hotFrames().get(0).frame() : s.jfr().hotFrames().isEmpty() ? "-"
                            : "(fewer than " + FRAME_SAMPLES + " samples)",
                    sampled ? String.format(Locale.ROOT, "%.0f%%", 100 * s.jfr().hotFrames().get(0).share()) : "-",
                    String.valueOf(s.jfr().executionSamples()),
                    s.exceptionsSaid(r -> String.format(Locale.ROOT, "%,.0f", r)),
                    s.jfr().exceptions().isEmpty() ? "-" : s.jfr().exceptions().get(0).className()});
        }
        return cells.size() == 1 ? "" : "\n" + layout(cells, "llrllrrrl");
    }

    /**
     * The spread over repeats, as ± half the min–max range over the median, of throughput or mean
     * latency, whichever is larger: the figure the steadiness rule judges.
     */
    private static String spread(Summary s, boolean neverSteady) {
        // "!" marks a row that is not steady (repeats that disagree, or a warm-up that never
        // settled): the flags below the table say why
        String mark = (s.unstable() || neverSteady ? " !" : "") + (s.generatorPaced() > 0 ? " g" : "");
        if (s.repeats() < 2) {
            return "n=1" + mark;
        }
        return String.format(Locale.ROOT, "±%.1f%%", 100 * s.spreadOfRepeats()) + mark;
    }

    /** An interval as ± its half width over the median, e.g. "±1.8%"; "-" without one. */
    static String halfWidth(io.wsbench.model.stats.Estimate e) {
        return e == null || !e.bounded() ? "-" : e.shownWidth();
    }

    /** A paired ratio with its interval, e.g. "0.87 [0.85, 0.89]"; "-" for none. */
    static String ratio(io.wsbench.model.stats.Estimate e) {
        if (e == null || Double.isNaN(e.median())) {
            return "-";
        }
        String median = String.format(Locale.ROOT, "%.2f", e.median());
        return e.bounded() ? median + String.format(Locale.ROOT, " [%.2f, %.2f]", e.low(), e.high()) : median;
    }

    /** A time per pass with its range over the repeats, e.g. "0.412s (0.405-0.431)". */
    private static String seconds(Summary.Spread s) {
        String median = String.format(Locale.ROOT, "%.3fs", s.median());
        return s.min() == s.max() ? median : median + String.format(Locale.ROOT, " (%.3f-%.3f)", s.min(), s.max());
    }

    /** A latency in ms, or "-" where no answer passed its check: a latency is only a right answer's, not 0 ms. */
    static String latency(long validated, double micros) {
        return validated == 0 ? "-" : millis(micros);
    }

    static String millis(double micros) {
        double ms = micros / 1000.0;
        if (ms >= 100) {
            return String.format(Locale.ROOT, "%.0fms", ms);
        }
        if (ms >= 10) {
            return String.format(Locale.ROOT, "%.1fms", ms);
        }
        return String.format(Locale.ROOT, "%.3fms", ms);
    }

    /** Lays out cells in columns under a ruled header; {@code align} holds 'l' or 'r' per column. */
    static String layout(List<String[]> cells, String align) {
        int cols = cells.get(0).length;
        int[] width = new int[cols];
        java.util.Arrays.fill(width, 1); // a format width of 0 is not a width
        for (String[] row : cells) {
            for (int i = 0; i < cols; i++) {
                width[i] = Math.max(width[i], row[i].length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (int r = 0; r < cells.size(); r++) {
            String[] row = cells.get(r);
            for (int i = 0; i < cols; i++) {
                // text columns left, numbers right
                String fmt = align.charAt(i) == 'l' ? "%-" + width[i] + "s" : "%" + width[i] + "s";
                sb.append(String.format(fmt, row[i])).append(i < cols - 1 ? "  " : "");
            }
            while (sb.charAt(sb.length() - 1) == ' ') {
                sb.setLength(sb.length() - 1);
            }
            sb.append('\n');
            if (r == 0) {
                for (int i = 0; i < cols; i++) {
                    sb.append("-".repeat(width[i])).append(i < cols - 1 ? "  " : "");
                }
                sb.append('\n');
            }
        }
        return sb.toString();
    }
}
