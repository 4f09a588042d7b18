package io.wsbench.report;

import io.wsbench.core.record.Sweep;

import java.util.ArrayList;
import java.util.List;

/**
 * Seed 002's chart: requests/s (left axis) and server CPU (right axis) against users, for one
 * target, with its knee marked where throughput stops growing.
 */
final class SweepChart {

    private SweepChart() {
    }

    static String svg(Sweep sweep) {
        List<Sweep.Step> steps = sweep.steps();
        double mostRate = steps.stream().mapToDouble(Sweep.Step::throughput).max().orElse(1);
        double mostCpu = steps.stream().mapToDouble(Sweep.Step::serverCpuPercent).filter(Double::isFinite).max().orElse(100);
        int mostUsers = steps.get(steps.size() - 1).users();
        List<Plot.Tick> users = Plot.ticks(mostUsers, HtmlFormat::tick);
        Plot plot = new Plot(0, users.get(users.size() - 1).value(), users, Plot.ticks(mostRate, HtmlFormat::tick))
                .rightAxis(Plot.ticks(Math.max(mostCpu, 100), HtmlFormat::tick));
        List<double[]> rate = new ArrayList<>();
        List<double[]> cpu = new ArrayList<>();
        for (Sweep.Step s : steps) {
            rate.add(new double[] {s.users(), s.throughput()});
            if (Double.isFinite(s.serverCpuPercent())) {
                cpu.add(new double[] {s.users(), s.serverCpuPercent()});
            }
        }
        plot.line(rate, Plot.color(0), null, sweep.target() + ": requests/s");
        plot.legend("requests/s (left)", Plot.color(0));
        if (!cpu.isEmpty()) {
            plot.rightLine(cpu, Plot.color(2), "6 3", sweep.target() + ": server CPU %");
            plot.legend("server CPU % (right, 100 = one core)", Plot.color(2));
        }
        if (sweep.knee() != null) {
            plot.marker(sweep.knee().users(), "knee: " + sweep.knee().users() + " users");
        }
        return plot.svg(sweep.target() + ": requests/s and server CPU against users", "users (closed loop)",
                "requests/s", "server CPU %");
    }
}
