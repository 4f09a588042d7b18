package io.wsbench.runner;

import io.wsbench.core.load.ProgressListener;
import io.wsbench.model.record.Assertion;
import io.wsbench.model.record.CapacityRecord;
import io.wsbench.model.record.ErrorKind;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.SecondSample;
import io.wsbench.model.record.TargetRecord;
import io.wsbench.model.suite.CapacitySpec;
import io.wsbench.model.suite.Durations;
import io.wsbench.model.record.CapacityRecordBuilder;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Finds the highest open-loop rate at which a target meets every SLO. Each probe is a steady
 * open-loop point at one rate. The search doubles the rate from where it starts until an SLO breaks
 * (halving instead when the start already breaks one), then bisects between the highest rate that
 * passed and the lowest that failed until they are within the precision asked. Near the boundary it
 * probes each of those two rates again, a third time when the two disagree, and lets the majority
 * decide, so that one noisy probe does not: a rate that a second look fails moves the boundary down
 * and the bisection goes on. It stops, saying so, when the load generator is the limit (its busiest
 * I/O thread {@value #GENERATOR_BUSY}% busy or more): a generator's limit is never reported as the
 * server's capacity.
 */
public final class CapacitySearch {

    /** The busiest I/O thread's share, in percent, from which a probe measured the generator. */
    public static final double GENERATOR_BUSY = 90;
    /** Below this rate the search gives up looking down: no rate meets the SLO. */
    static final double LOWEST_RATE = 1;

    /**
     * @param startRate the first rate probed
     * @param maxRate   the ceiling: a target that passes there is reported as at least that
     * @param precision how close the passing and failing rates must come, as a share of the passing one
     * @param maxProbes the most probes the search makes
     */
    public record Settings(double startRate, double maxRate, double precision, int maxProbes) {

        /** A suite's (or the command line's) capacity spec, its precision a percentage. */
        public static Settings of(CapacitySpec spec) {
            return new Settings(spec.startRate(), spec.maxRate(), spec.precision() / 100, spec.maxProbes());
        }

        public Settings {
            if (!(startRate > 0) || !(maxRate >= startRate)) {
                throw new IllegalArgumentException("the start rate is above 0 and at most the highest rate, got "
                        + startRate + " and " + maxRate);
            }
            if (!(precision > 0 && precision < 1)) {
                throw new IllegalArgumentException("the precision is a share between 0 and 1 (e.g. 0.05), got " + precision);
            }
            if (maxProbes < 2) {
                throw new IllegalArgumentException("a search needs at least 2 probes, got " + maxProbes);
            }
        }
    }

    /** Measures one steady open-loop point at a rate. */
    public interface Prober {
        PointRecord probe(double rate, int index) throws InterruptedException;
    }

    private final Settings settings;
    private final Prober prober;
    private final List<Assertion> slos;
    /** Each probed rate's votes: passes and fails. */
    private final TreeMap<Double, int[]> votes = new TreeMap<>();
    private final List<CapacityRecord.Probe> probes = new ArrayList<>();
    private String limitedBy;
    private String aborted;
    /** Why no rate can pass: every request failed at two rates, the second half the first; null until then. */
    private String refused;
    /** Whether the search is still doubling (or halving) from its start rate, and the rate it probes next if so. */
    private boolean bracketing = true;
    private double bracketRate;

    public CapacitySearch(Settings settings, List<Assertion> slos, Prober prober) {
        this.settings = settings;
        this.slos = List.copyOf(slos);
        this.prober = prober;
        this.bracketRate = settings.startRate();
    }

    /** A search driven step by step, by {@link #nextRate} and {@link #accept}, with no prober of its own. */
    public CapacitySearch(Settings settings, List<Assertion> slos) {
        this(settings, slos, (rate, index) -> {
            throw new IllegalStateException("a stepped search is probed by its caller");
        });
    }

    /** What the search's caller hears of each probe once it is measured; {@code broken}: the SLOs it broke. */
    public interface ProbeTold {
        void probed(PointRecord p, List<String> broken);
    }

    /**
     * The search of {@code target}'s capacity at {@code spec}'s SLOs, each probe a point of {@code points}
     * ({@link #probe}); {@code label} names the target in the probes' labels, {@code starting} gives the
     * progress of the probe it names, {@code told} hears each probe.
     */
    static CapacitySearch of(CapacitySpec spec, PointRun points, Target target, String label,
                             Function<String, ProgressListener> starting, ProbeTold told) {
        List<Assertion> slos = spec.slos();
        return new CapacitySearch(Settings.of(spec), slos, (rate, index) -> {
            PointRecord p = probe(points, target, spec, label, index, rate, starting);
            told.probed(p, broken(slos, p));
            return p;
        });
    }

    /**
     * One probe at {@code rate}, the {@code index}th of a search: a point of {@code points} at that rate
     * for the spec's settle time, unrecorded, then one of its probe time, measured (its repeat the index).
     */
    static PointRecord probe(PointRun points, Target target, CapacitySpec spec, String label, int index, double rate,
                             Function<String, ProgressListener> starting) throws InterruptedException {
        String name = String.format(Locale.ROOT, "%s capacity probe %d @ %,.0f req/s", label, index, rate);
        Duration settle = Durations.parse(spec.settle());
        if (!settle.isZero()) {
            points.measure(target, spec.point(rate, settle), 0, name + " (settling)", null, ProgressListener.NONE);
        }
        return points.measure(target, spec.point(rate, Durations.parse(spec.probe())), index, name, null, starting.apply(name));
    }

    /**
     * The share of its rate a probe must send and have answered (well or not) to pass, whatever its SLOs: a server that
     * answers 74,000 of 128,000 requests a second has not met that rate, though an SLO on errors alone holds (its
     * requests wait for a connection, none fails). A server that keeps up has every request of the probe answered,
     * however late: 99.98% of 32,000/s on nginx, 100% of 50/s at 400 ms each.
     */
    static final double KEPT_UP = 0.98;

    /**
     * The SLOs {@code p} broke, each as written, and its rate when it achieved less than {@value #KEPT_UP} of it
     * (empty: it met them all).
     */
    public static List<String> broken(List<Assertion> slos, PointRecord p) {
        List<String> broken = new ArrayList<>();
        for (Assertion a : slos) {
            if (!a.holds(a.measure(List.of(p)))) {
                broken.add(a.text());
            }
        }
        Double rate = p.load() == null ? null : p.load().rate();
        double answered = p.durationSeconds() > 0 ? p.requests() / p.durationSeconds() : 0;
        if (rate != null && rate > 0 && p.requests() > 0 && answered < KEPT_UP * rate) {
            broken.add(String.format(Locale.ROOT, "rate not kept (%.0f%% of it answered)", 100 * answered / rate));
        }
        return broken;
    }

    /** Runs the search to its end and says what it found about {@code target}. */
    public CapacityRecord run(TargetRecord target) throws InterruptedException {
        for (Double rate = nextRate(); rate != null; rate = nextRate()) {
            accept(rate, prober.probe(rate, probes.size() + 1));
        }
        return result(target);
    }

    /**
     * The rate of the search's next probe, or null when it is done: a search driven step by step (by
     * {@link #accept} after each probe) probes the same rates as {@link #run}, so that several targets'
     * searches can take their steps in turn, interleaved.
     */
    public Double nextRate() {
        if (limitedBy != null || aborted != null || refused != null || probes.size() >= settings.maxProbes()) {
            return null;
        }
        return bracketing ? Double.valueOf(bracketRate) : next();
    }

    /** The number the next probe of this search has (1 for its first). */
    public int nextIndex() {
        return probes.size() + 1;
    }

    /** Ends the search before its next probe, for {@code why} (its server died): it says so and keeps what it found. */
    public void abort(String why) {
        if (aborted == null) {
            aborted = why;
        }
    }

    /**
     * Takes what the probe at {@code rate} measured. While bracketing, the search doubles (or halves)
     * from the start rate until one rate passed and one failed, or the ends are reached.
     */
    public void accept(double rate, PointRecord p) {
        boolean passed = probe(rate, p);
        if (!bracketing) {
            return;
        }
        if (passed && (rate >= settings.maxRate() || failing() != null)
                || !passed && (passing() != null || rate / 2 < LOWEST_RATE)) {
            bracketing = false;
        } else {
            bracketRate = passed ? Math.min(rate * 2, settings.maxRate()) : rate / 2;
        }
    }

    /** The next rate to probe once bracketed, or null when the search is done. */
    private Double next() {
        for (Map.Entry<Double, int[]> e : votes.entrySet()) {
            if (e.getValue()[0] == e.getValue()[1]) {
                return e.getKey(); // two probes disagreed: a third decides
            }
        }
        Double good = passing();
        Double bad = failing();
        if (good != null && bad == null && good < settings.maxRate()) {
            // second looks passed the rate that had failed: the boundary is above it, and near when a rate
            // at or above it failed once, so the search steps up by twice its precision rather than doubling
            boolean near = votes.entrySet().stream().anyMatch(e -> e.getKey() >= good && e.getValue()[1] > 0);
            return round(Math.min(settings.maxRate(), good * (near ? 1 + 2 * settings.precision() : 2)));
        }
        if (good == null || bad == null) {
            return null;
        }
        double mid = round((good + bad) / 2);
        if ((bad - good) / good > settings.precision() && mid > good && mid < bad) {
            return mid;
        }
        if (count(good) < 2) {
            return good;
        }
        if (count(bad) < 2) {
            return bad;
        }
        return null;
    }

    private int count(double rate) {
        int[] v = votes.get(rate);
        return v[0] + v[1];
    }

    /** The lowest rate whose probes mostly failed; null when none did. */
    private Double failing() {
        return votes.entrySet().stream().filter(e -> e.getValue()[1] > e.getValue()[0]).map(Map.Entry::getKey)
                .findFirst().orElse(null);
    }

    private static boolean allFailed(CapacityRecord.Probe p) {
        return p.requests() > 0 && p.errors() == p.requests();
    }

    /** The highest rate below the failing one whose probes mostly passed; null when none did. */
    private Double passing() {
        Double bad = failing();
        Double good = null;
        for (Map.Entry<Double, int[]> e : votes.entrySet()) {
            if (bad != null && e.getKey() >= bad) {
                break;
            }
            if (e.getValue()[0] > e.getValue()[1]) {
                good = e.getKey();
            }
        }
        return good;
    }

    private boolean probe(double rate, PointRecord p) {
        if (p.aborted() != null || (p.requests() > 0 && p.errors().count(ErrorKind.CONNECT) == p.requests())) {
            // the target, not the rate, failed: no verdict on the rate, and no more probes
            aborted = String.format(Locale.ROOT, "the probe at %s/s stopped: %s", rate(rate), p.aborted() != null
                    ? p.aborted() : "every request failed to connect");
        }
        List<String> failed = aborted != null ? List.of("aborted") : broken(slos, p);
        boolean passed = failed.isEmpty();
        Double busy = p.generator() == null ? null : p.generator().ioBusiestPercent();
        probes.add(new CapacityRecord.Probe(rate, round(p.throughput()), p.latencyMicros().p50(), p.latencyMicros().p99(),
                p.latencyMicros().p999(), p.errors().total(), p.requests(), p.server() == null ? null : p.server().cpuPercent(),
                busy, passed, passed ? null : failed, steady(p)));
        if (aborted != null) {
            return false;
        }
        CapacityRecord.Probe before = probes.size() < 2 ? null : probes.get(probes.size() - 2);
        if (before != null && before.rate() > rate && allFailed(before) && allFailed(probes.get(probes.size() - 1))) {
            // halving did not save a single request: a wrong path, a missing credential, a check that cannot pass
            refused = String.format(Locale.ROOT, "every request failed at %s/s and at %s/s: the target refuses them"
                    + " whatever the rate", rate(before.rate()), rate(rate));
        }
        if (busy != null && busy >= GENERATOR_BUSY) {
            limitedBy = String.format(Locale.ROOT, "limited by the load generator at %,.0f/s (its busiest I/O thread %.0f%%"
                    + " busy): use more agents, or more --threads", rate, busy);
            return passed;
        }
        votes.computeIfAbsent(rate, r -> new int[2])[passed ? 0 : 1]++;
        return passed;
    }

    /**
     * Whether a probe's seconds held its rate: the whole seconds' answers within ±10% of their median
     * (half the range over it, as repeats are judged); null for a probe of fewer than three whole seconds.
     */
    static Boolean steady(PointRecord p) {
        List<SecondSample> s = p.series();
        int whole = (int) Math.floor(p.durationSeconds());
        if (s == null || whole < 3 || s.size() < whole) {
            return null;
        }
        double[] counts = s.subList(0, whole).stream().mapToDouble(SecondSample::requests).sorted().toArray();
        double median = counts.length % 2 == 1 ? counts[counts.length / 2]
                : (counts[counts.length / 2 - 1] + counts[counts.length / 2]) / 2;
        return median > 0 && (counts[counts.length - 1] - counts[0]) / 2 / median <= 0.10;
    }

    /** What the search found about {@code target}, once {@link #nextRate} says it is done (or at any step before). */
    public CapacityRecord result(TargetRecord target) {
        Double good = passing();
        Double bad = failing();
        int agreed = (good == null ? 0 : votes.get(good)[0]) + (bad == null ? 0 : votes.get(bad)[1]);
        List<String> slo = slos.stream().map(Assertion::text).toList();
        String sloText = String.join(" and ", slo);
        String verdict;
        if (aborted != null) {
            verdict = good == null ? aborted + ", before any rate met " + sloText
                    : String.format(Locale.ROOT, "at least %s/s at %s, but %s", rate(good), sloText, aborted);
        } else if (good == null) {
            verdict = limitedBy != null ? limitedBy + ", before any rate met " + sloText
                    : String.format(Locale.ROOT, "no rate meets %s: %s", sloText,
                    refused != null ? refused : "it failed down to " + rate(bad) + "/s");
        } else if (limitedBy != null) {
            verdict = String.format(Locale.ROOT, "at least %s/s at %s: %s", rate(good), sloText, limitedBy);
        } else if (bad == null) {
            verdict = String.format(Locale.ROOT, "at least %s/s at %s: %s", rate(good), sloText, good >= settings.maxRate()
                    ? "the highest rate asked (--max-rate) passed" : "no rate failed before the search's last probe (--max-probes)");
        } else if (count(good) < 2 || count(bad) < 2 || (bad - good) / good > settings.precision()) {
            verdict = String.format(Locale.ROOT, "%s/s at %s (between %s/s, which passed, and %s/s, which failed; the search"
                    + " ran out of probes (--max-probes) before it was within %.0f%% and probed both twice)",
                    rate(good), sloText, rate(good), rate(bad), 100 * settings.precision());
        } else {
            verdict = String.format(Locale.ROOT, "%s/s at %s (between %s/s, which passed, and %s/s, which failed; %d probes agreed)",
                    rate(good), sloText, rate(good), rate(bad), agreed);
        }
        List<Double> interval = good == null ? null : Arrays.asList(good, bad);
        return CapacityRecordBuilder.builder().target(target).rate(good).interval(interval)
                .agreed(agreed).slo(slo).probes(List.copyOf(probes)).limitedBy(limitedBy).aborted(aborted)
                .verdict(verdict).build();
    }

    private static String rate(double r) {
        return String.format(Locale.ROOT, r >= 100 ? "%,.0f" : "%,.1f", r);
    }

    private static double round(double v) {
        return v >= 100 ? Math.round(v) : Math.round(v * 10) / 10.0;
    }
}
