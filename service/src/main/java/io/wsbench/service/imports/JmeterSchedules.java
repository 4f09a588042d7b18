package io.wsbench.service.imports;

import io.wsbench.service.own.OwnServiceException;
import org.w3c.dom.Element;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

import static io.wsbench.service.imports.JmeterElements.child;
import static io.wsbench.service.imports.JmeterElements.prop;

/**
 * The schedules of the thread groups JMeter's plugins add, as a closed loop's stages ({@code 30s:10,60s:10}: each stage
 * ramped linearly to its number of users from where the last left off, a stage of 0 s a step; docs/capacity.md): the
 * Concurrency Thread Group (BlazeMeter's, which Taurus writes), the Stepping Thread Group and the Ultimate Thread Group
 * (jp@gc's); BlazeMeter's Arrivals Thread Group as an open loop's stages of iterations a second ({@code 30s:2.5/s}). A
 * schedule whose figures are no numbers at import (a function of the run) is refused with a reason.
 */
final class JmeterSchedules {

    /** Reads a property's text with the plan's variables and properties put in. */
    interface Expander {
        String expand(String text) throws OwnServiceException;
    }

    /** A schedule that cannot be written as stages: why, in a line. */
    static final class Unreadable extends Exception {
        Unreadable(String why) {
            super(why);
        }
    }

    private final Element group;
    private final Expander expander;
    /** (seconds, users) in order: each a stage ramped to its users over its seconds; iterations a second where {@link #rates}. */
    private final List<double[]> stages = new ArrayList<>();
    private boolean rates;

    private JmeterSchedules(Element group, Expander expander) {
        this.group = group;
        this.expander = expander;
    }

    /** Whether {@code kind}, a thread group's element name, is one this class reads. */
    static boolean known(String kind) {
        return kind.endsWith(".ConcurrencyThreadGroup") || kind.endsWith(".SteppingThreadGroup") || kind.endsWith(".UltimateThreadGroup")
                || arrivals(kind);
    }

    /** Whether {@code kind} is BlazeMeter's Arrivals Thread Group: arrivals (iterations) a unit of time, an open loop. */
    static boolean arrivals(String kind) {
        return kind.endsWith(".ArrivalsThreadGroup") && !kind.endsWith(".FreeFormArrivalsThreadGroup");
    }

    /** The group's schedule as a closed loop's stages. */
    static String stages(Element group, String kind, Expander expander) throws Unreadable, OwnServiceException {
        JmeterSchedules s = new JmeterSchedules(group, expander);
        if (kind.endsWith(".ConcurrencyThreadGroup") || arrivals(kind)) {
            s.rates = arrivals(kind);
            s.concurrency();
        } else if (kind.endsWith(".SteppingThreadGroup")) {
            s.stepping();
        } else {
            s.ultimate();
        }
        return s.text();
    }

    /**
     * TargetLevel users (arrivals a unit of time, for the Arrivals Thread Group), reached over RampUp (in Steps steps, or
     * linearly), held for Hold; the times in Unit (S or M).
     */
    private void concurrency() throws Unreadable, OwnServiceException {
        double unit = "M".equalsIgnoreCase(String.valueOf(prop(group, "Unit")).trim()) ? 60 : 1;
        double level = number("TargetLevel", -1);
        if (level <= 0 || !rates && level < 1) {
            throw new Unreadable("its TargetLevel is no number of " + (rates ? "arrivals" : "users") + " known at import");
        }
        double target = rates ? level / unit : level;
        double ramp = number("RampUp", 0) * unit;
        double steps = number("Steps", 0);
        double hold = number("Hold", 0) * unit;
        if (hold <= 0 && ramp <= 0) {
            throw new Unreadable("it holds its load with no end (no Hold, no RampUp)");
        }
        if (steps >= 1 && ramp > 0) {
            for (int i = 1; i <= steps; i++) {
                double users = rates ? target * i / steps : Math.floor(target * i / steps);
                add(0, users);
                add(ramp / steps, users);
            }
        } else {
            add(ramp, target);
        }
        add(hold, target);
    }

    /**
     * num_threads users, after an initial delay: "Start users count" more every "Start users period" seconds, each batch
     * ramped over "rampUp" seconds; held "flighttime" seconds; then "Stop users count" fewer every "Stop users period".
     */
    private void stepping() throws Unreadable, OwnServiceException {
        double total = number("ThreadGroup.num_threads", -1);
        double batch = number("Start users count", -1);
        if (total < 1 || batch < 1) {
            throw new Unreadable("its number of threads or its batch is no number known at import");
        }
        double delay = number("Threads initial delay", 0);
        double period = number("Start users period", 0);
        double ramp = Math.min(number("rampUp", 0), period);
        double hold = number("flighttime", 0);
        double stopBatch = number("Stop users count", total);
        double stopPeriod = number("Stop users period", 0);
        add(delay, 0);
        for (double users = 0; users < total; ) {
            users = Math.min(total, users + batch);
            add(ramp, users);
            add(period - ramp, users);
        }
        add(hold, total);
        for (double users = total; users > 0; ) {
            users = Math.max(0, users - Math.max(1, stopBatch));
            add(0, users);
            if (users > 0) {
                add(stopPeriod, users);
            }
        }
    }

    /**
     * Rows of (threads, initial delay, startup time, hold load for, shutdown time), each ramped up, held and down on its
     * own; the users at a time are the rows' sum, read at each of their corners.
     */
    private void ultimate() throws Unreadable, OwnServiceException {
        List<double[]> rows = new ArrayList<>();
        Element data = child(group, "ultimatethreadgroupdata");
        for (Element row : data == null ? List.<Element>of() : Dom.elements(data)) {
            List<Element> cells = Dom.elements(row);
            if (cells.size() < 5) {
                throw new Unreadable("a row of its schedule has " + cells.size() + " of the 5 figures");
            }
            double[] r = new double[5];
            for (int i = 0; i < 5; i++) {
                r[i] = Texts.decimal(expander.expand(cells.get(i).getTextContent()), -1);
                if (r[i] < 0) {
                    throw new Unreadable("its schedule holds '" + cells.get(i).getTextContent() + "', no number known at import");
                }
            }
            rows.add(r);
        }
        if (rows.isEmpty()) {
            throw new Unreadable("its schedule has no row");
        }
        TreeSet<Double> corners = new TreeSet<>();
        for (double[] r : rows) {
            corners.add(r[1]);
            corners.add(r[1] + r[2]);
            corners.add(r[1] + r[2] + r[3]);
            corners.add(r[1] + r[2] + r[3] + r[4]);
        }
        double last = 0;
        for (double t : corners) {
            double before = users(rows, t - 1e-6);
            double after = users(rows, t + 1e-6);
            if (t > last) {
                add(t - last, before);
            }
            if (after != before || t == 0) {
                add(0, after); // a row started or ended at once: a step
            }
            last = t;
        }
    }

    /** The users the rows run at {@code t}, each row ramped up over its startup and down over its shutdown. */
    private static double users(List<double[]> rows, double t) {
        double sum = 0;
        for (double[] r : rows) {
            double start = r[1];
            double up = start + r[2];
            double held = up + r[3];
            double end = held + r[4];
            if (t <= start || t >= end) {
                continue;
            }
            sum += t < up ? r[0] * (t - start) / r[2] : t <= held ? r[0] : r[0] * (end - t) / r[4];
        }
        return Math.round(sum);
    }

    private double number(String name, double otherwise) throws OwnServiceException {
        String v = prop(group, name);
        return v == null || v.isBlank() ? otherwise : Texts.decimal(expander.expand(v).trim(), -1);
    }

    private void add(double seconds, double users) {
        if (stages.isEmpty() && seconds <= 0 && users == 0) {
            return; // the ramp starts from 0 users anyway
        }
        if (seconds > 0 || stages.isEmpty() || stages.get(stages.size() - 1)[1] != users) {
            stages.add(new double[]{Math.max(0, seconds), users});
        }
    }

    private String text() throws Unreadable {
        List<String> out = new ArrayList<>();
        for (double[] s : stages) {
            out.add(rates ? String.format(Locale.ROOT, "%ds:%s/s", Math.round(s[0]),
                    java.math.BigDecimal.valueOf(s[1]).setScale(3, java.math.RoundingMode.HALF_UP).stripTrailingZeros().toPlainString())
                    : String.format(Locale.ROOT, "%ds:%d", Math.round(s[0]), Math.round(s[1])));
        }
        if (stages.stream().noneMatch(s -> s[0] > 0 && s[1] > 0)) {
            throw new Unreadable("its schedule runs no user for any time");
        }
        return String.join(",", out);
    }
}
