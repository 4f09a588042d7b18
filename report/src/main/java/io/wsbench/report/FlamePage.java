package io.wsbench.report;

import com.samskivert.mustache.Template;
import io.wsbench.model.profile.Folded;
import io.wsbench.model.record.RunRecord;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code wsbench flame}: a run's flame graphs on a page of their own (offline, as report.html), or
 * one row's stacks as collapsed text for other tools.
 */
public final class FlamePage {

    private static final Template TEMPLATE = ReportPage.template("flame.mustache");

    private FlamePage() {
    }

    /**
     * A page with the graphs of {@code kind} ("cpu", "alloc", "wait") of the rows whose key is
     * {@code point} or starts with it (every row when null).
     */
    public static String html(RunRecord run, Path dir, String point, String kind) {
        Profiles.Kind k = Profiles.Kind.named(kind);
        Profiles.Flames flames = new Profiles.Flames();
        List<Integer> drawn = new ArrayList<>();
        for (Profiles.Row r : chosen(run, dir, point)) {
            drawn.add(flames.add(Profiles.flame(r.key() + ", " + k.title, k, r.merged(k), r.requests())));
        }
        return TEMPLATE.execute(Map.of("suite", run.suite(), "kind", k.title, "flames", drawn, "flameData", flames.packed(),
                "echarts", ReportPage.ECHARTS.source(), "flameJs", ReportPage.FLAME_JS));
    }

    /**
     * The stacks of one row as collapsed text: CPU in microseconds (the samples weighted to the CPU
     * the kernel counted), bytes allocated, or microseconds waited, over all its repeats.
     */
    public static String folded(RunRecord run, Path dir, String point, String kind) {
        List<Profiles.Row> rows = chosen(run, dir, point);
        if (rows.size() > 1) {
            throw new IllegalArgumentException("--folded takes one point; this run has " + rows.size() + " with a profile: "
                    + String.join(", ", rows.stream().map(r -> "'" + r.key() + "'").toList()) + " (choose with --point)");
        }
        Folded f = rows.get(0).merged(Profiles.Kind.named(kind));
        StringBuilder sb = new StringBuilder();
        try {
            f.write(sb);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sb.toString();
    }

    private static List<Profiles.Row> chosen(RunRecord run, Path dir, String point) {
        List<Profiles.Row> rows = Profiles.rows(points(run), dir);
        if (rows.isEmpty()) {
            throw new IllegalArgumentException("no point of " + dir + " has a profile (its servers ran without"
                    + " --monitor profile, or were not JVMs)");
        }
        if (point == null) {
            return rows;
        }
        List<Profiles.Row> chosen = rows.stream().filter(r -> r.key().equals(point)).toList();
        if (chosen.isEmpty()) {
            chosen = rows.stream().filter(r -> r.key().startsWith(point)).toList();
        }
        if (chosen.isEmpty()) {
            throw new IllegalArgumentException("no point '" + point + "' with a profile; there are "
                    + String.join(", ", rows.stream().map(r -> "'" + r.key() + "'").toList()));
        }
        return chosen;
    }

    private static List<io.wsbench.model.record.PointRecord> points(RunRecord run) {
        return run.points() == null ? List.of() : run.points();
    }
}
