package io.wsbench.runner;

import io.wsbench.launch.Cores;
import io.wsbench.launch.StackException;
import io.wsbench.model.record.GeneratorRecord;
import io.wsbench.model.suite.Placement;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.DoubleSupplier;

/**
 * How far apart the generator's core and the servers' core are right now: the time a cache line takes
 * to go from one to the other and back, between two threads of this process pinned one on each. On a
 * machine of its own that time never changes. On a virtual machine it is set by where the hypervisor
 * runs the two virtual CPUs, and the hypervisor moves them: on the 2-core machines wsbench is measured on,
 * the same pair of cores read about 40 ns (two threads of one physical core), about 100 ns (two cores
 * that share a cache) or about 500 ns (cores that do not), changing every second or few while the cores
 * idle and every 10-40 s under load. A point of one user, whose every request crosses between the
 * two cores several times, ran 24% slower at 500 ns than at 100 ns (wrk against nginx: 35,000-38,000
 * against 45,000-49,600 requests a second); a saturated one 15% slower. That is most of what moves a 1-user
 * point from one round to the next there (docs/numbers.md, "Where the cores are").
 *
 * <p>Two daemon threads, pinned once, park between probes; a probe wakes the far one, makes one round
 * trip to know it is awake, then times 8 chunks of {@value #TRIPS} round trips and gives their median:
 * about 0.1-1 ms, a thread's wake-up and a preempted chunk left out.
 */
final class CoreDistance implements AutoCloseable {

    private static final int CHUNKS = 8;
    static final int TRIPS = 250;
    /** Probes taken and dropped as the probe starts, while its loops are compiled. */
    private static final int WARM_PROBES = 20;
    /** Probes before the run's usual distance is known. */
    static final int KNOWN_AFTER = 5;
    /** How often a point waiting for its cores to come back near probes, and how long one point waits at most. */
    private static final long RETRY_MILLIS = 200;
    private static final long WAIT_MILLIS = 5_000;
    /** What waits may take in all before their share of the run's time counts. */
    private static final long ALLOWANCE_MILLIS = 10_000;
    /** The share of the run's time that waits may take in all (after a first allowance of {@link #ALLOWANCE_MILLIS}). */
    private static final double WAIT_SHARE = 0.15;

    /**
     * Whether points wait for their cores and are measured again ({@code -Dwsbench.coreDistance=record}: figures recorded,
     * nothing waited for; for bench/ to measure what the waits change).
     */
    private static final boolean WAITS = !"record".equals(System.getProperty("wsbench.coreDistance"));
    /**
     * Whether a point the cores' distance reaches, found with them apart, is put off behind a point of one user sent from
     * its server's core instead of waiting ({@code -Dwsbench.coreDistance=putoff}; for bench/ to compare). Not the
     * default: measured both ways (six default runs, 2026-12-07), it measured fewer points apart but no narrower, and the
     * points of one user it moved into the time the cores were apart read 0.4-4.7% slower than the others of their
     * runs, as if the hypervisor moved the cores when the host was busiest; a wait lets that time go by unmeasured
     * (docs/numbers.md, "Where the cores are").
     */
    private static final boolean PUTS_OFF = "putoff".equals(System.getProperty("wsbench.coreDistance"));

    /** The figures taken as the run's points began and ended (a wait's re-probes left out), for its usual distance. */
    private final List<Double> seen = new ArrayList<>();
    private final long born = System.nanoTime();
    private long waitedNanos;
    private int waits;
    private int again;
    private int atRoundEnd;
    private int backAtRoundEnd;
    private int putOff;

    private final AtomicLong ping = new AtomicLong();
    private final AtomicLong pong = new AtomicLong();
    private volatile boolean probing;
    private volatile boolean closed;
    private final Thread near;
    private final Thread far;
    private final String cores;
    private final SynchronousQueue<Double> answers = new SynchronousQueue<>();
    private final SynchronousQueue<Boolean> asks = new SynchronousQueue<>();
    /** Where the figures come from in a test ({@link #faking}); null for the probe. */
    private final Fake fake;
    private final long waitMillis;
    /**
     * Whether this run's points wait for their cores and are measured again: not in a run that measures each point once
     * ({@code --quick}, one round of one process), which makes no interval for a wait to narrow; there it took 20 s of
     * a 49 s quick run. Its figures are recorded all the same.
     */
    private final boolean waiting;
    /** Whether a point found with its cores apart is put off where it can be ({@link #PUTS_OFF}), rather than waiting. */
    private final boolean putsOff;

    /** Figures a test gives instead of the probe's, how long a point waits for its cores then, and whether one is put off instead. */
    record Fake(DoubleSupplier figures, long waitMillis, boolean putsOff) {
    }

    /** The stand-in {@link #between} gives while a test runs ({@link #faking}); null for the probe. */
    private static volatile Fake faked;

    /**
     * Until the returned handle is closed, every run's probe gives {@code figures} (a hypervisor that moves the cores when
     * a test says so, as a fake sysfs tree stands in for the machine's) and waits at most {@code waitMillis} for them.
     */
    static AutoCloseable faking(DoubleSupplier figures, long waitMillis) {
        return faking(figures, waitMillis, false);
    }

    /** {@link #faking(DoubleSupplier, long)}, a point found with its cores apart put off where it can be ({@code putsOff}). */
    static AutoCloseable faking(DoubleSupplier figures, long waitMillis, boolean putsOff) {
        faked = new Fake(figures, waitMillis, putsOff);
        return () -> faked = null;
    }

    private CoreDistance(int nearCore, int farCore, Fake fake, boolean waiting) {
        this.fake = fake;
        this.waiting = waiting;
        this.waitMillis = fake == null ? WAIT_MILLIS : fake.waitMillis();
        this.putsOff = WAITS && (fake == null ? PUTS_OFF : fake.putsOff());
        this.cores = nearCore + "," + farCore;
        this.far = new Thread(() -> answer(farCore), "wsbench-core-distance-far");
        this.near = new Thread(() -> ask(nearCore), "wsbench-core-distance-near");
        far.setDaemon(true);
        near.setDaemon(true);
    }

    /**
     * A probe between the first of the generator's cores and the first of the servers' cores that is not
     * the generator's; null when there is no such pair (one core, no placement) or the threads cannot be pinned.
     * {@code waiting}: whether points wait for their cores and are measured again, or the figures are only recorded.
     */
    static CoreDistance between(String generatorCores, String serverCores, boolean waiting) {
        if (generatorCores == null || serverCores == null) {
            return null;
        }
        BitSet generator = Placement.cores(generatorCores);
        BitSet servers = Placement.cores(serverCores);
        servers.andNot(generator);
        if (generator.isEmpty() || servers.isEmpty()) {
            return null;
        }
        Fake f = faked;
        CoreDistance d = new CoreDistance(generator.nextSetBit(0), servers.nextSetBit(0), f, waiting);
        if (f != null) {
            return d;
        }
        d.far.start();
        d.near.start();
        for (int i = 0; i < WARM_PROBES; i++) { // compiled before its figures count: interpreted, a round trip reads 1.5-2 times longer
            if (d.figure() == null) { // the threads could not be pinned
                d.close();
                return null;
            }
        }
        return d;
    }

    /** The two cores it probes, as a CPU list ("1,0": the generator's first). */
    String cores() {
        return cores;
    }

    /**
     * The run's usual distance: the middle of the largest class of its figures so far, a class being the figures within
     * a factor {@link GeneratorRecord#CORES_MOVED} of a middle one (null before {@link #KNOWN_AFTER} figures). A run measures in the class the
     * hypervisor gives it most, whichever that is: one where it keeps the cores apart most of the time measures apart
     * and seldom waits.
     */
    synchronized Double usual() {
        if (seen.size() < KNOWN_AFTER) {
            return null;
        }
        return usual(seen.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** The middle of the largest class of {@code figures} (see {@link #usual()}). */
    static double usual(double[] figures) {
        double[] v = figures.clone();
        Arrays.sort(v);
        double half = GeneratorRecord.CORES_MOVED;
        int best = 0;
        int bestFrom = 0;
        int bestTo = 0;
        for (int i = 0; i < v.length; i++) {
            int from = i;
            while (from > 0 && v[from - 1] >= v[i] / half) {
                from--;
            }
            int to = i;
            while (to < v.length - 1 && v[to + 1] <= v[i] * half) {
                to++;
            }
            if (to - from + 1 > best) {
                best = to - from + 1;
                bestFrom = from;
                bestTo = to;
            }
        }
        int n = bestTo - bestFrom + 1;
        return n % 2 == 1 ? v[bestFrom + n / 2] : (v[bestFrom + n / 2 - 1] + v[bestFrom + n / 2]) / 2;
    }

    /** Whether {@code nanos} (a figure of this probe) lies outside the run's usual class; false while that is not known. */
    boolean apart(Double nanos) {
        Double usual = usual();
        return nanos != null && usual != null && apart(usual, nanos);
    }

    /** Whether {@code nanos} lies outside the class of {@code usual}: further than {@link GeneratorRecord#CORES_MOVED} from it. */
    static boolean apart(double usual, double nanos) {
        return nanos > GeneratorRecord.CORES_MOVED * usual || nanos < usual / GeneratorRecord.CORES_MOVED;
    }

    /** Whether the run may still wait for its cores or measure a point again: its waits within their share of its time. */
    synchronized boolean mayWait() {
        if (!WAITS || !waiting) {
            return false;
        }
        long elapsed = System.nanoTime() - born;
        return waitedNanos < ALLOWANCE_MILLIS * 1_000_000L + WAIT_SHARE * elapsed;
    }

    /**
     * A figure taken as a point begins: while the cores are apart from the run's usual distance, probes again every
     * {@value #RETRY_MILLIS} ms until they come back, at most {@value #WAIT_MILLIS} ms and within the run's share of
     * waits; the last figure.
     */
    Double near() throws InterruptedException {
        Double d = figure();
        if (apart(d) && mayWait()) {
            long t0 = System.nanoTime();
            long until = t0 + waitMillis * 1_000_000L;
            while (apart(d) && System.nanoTime() < until) {
                Thread.sleep(RETRY_MILLIS);
                d = figure();
            }
            synchronized (this) {
                waitedNanos += System.nanoTime() - t0;
                waits++;
            }
        }
        if (d != null) { // the figure the point starts with, alone among the run's: a long wait's many would make the class it waits out the usual one
            synchronized (this) {
                seen.add(d);
            }
        }
        return d;
    }

    /** Whether this run puts a point off while its cores are apart, where it can, rather than waiting ({@link #PUTS_OFF}). */
    boolean putsOff() {
        return putsOff;
    }

    /**
     * Whether a point the distance reaches, about to begin, may be put off instead of waiting: the cores apart from the
     * run's usual class right now (a figure not counted among the run's) and the run's waits within their share.
     */
    boolean apartNow() {
        return mayWait() && apart(figure());
    }

    /** Counts a point put off behind one the distance does not reach, as the cores were apart. */
    synchronized void putOff() {
        putOff++;
    }

    /** Counts a point measured again because the cores moved apart during it, its time among the waits. */
    synchronized void measuredAgain(double seconds) {
        again++;
        waitedNanos += (long) (seconds * 1e9);
    }

    /**
     * Counts a point measured apart from start to end and measured again at its round's end, its second measure's
     * time among the waits; {@code back}: whether the cores were back then (the second kept).
     */
    synchronized void measuredAtRoundEnd(double seconds, boolean back) {
        atRoundEnd++;
        backAtRoundEnd += back ? 1 : 0;
        waitedNanos += (long) (seconds * 1e9);
    }

    /** What the run's cores did, for its notes; null when they never moved apart. */
    synchronized String said() {
        Double usual = usual();
        long apartCount = usual == null ? 0 : seen.stream().filter(d -> apart(usual, d)).count();
        if (apartCount == 0 && putOff == 0) {
            return null;
        }
        String moved = String.format(Locale.ROOT, "the generator's and the servers' cores (%s) were usually %.0f ns apart"
                + " (a cache line's round trip) and nearer or further in %d of %d probes: the hypervisor moved them; ",
                cores, usual, apartCount, seen.size());
        return moved + (!waiting ? "a run that measures each point once waits for none"
                : String.format(Locale.ROOT, "%d %s %.1f s in all for them to come back, %d %s measured again as"
                + " they moved apart during it and %d, apart throughout, again at their round's end (%d of those with the cores"
                + " back, kept; the others kept as first measured)", waits, waits == 1 ? "point waited" : "points waited",
                waitedNanos / 1e9, again, again == 1 ? "was" : "were", atRoundEnd, backAtRoundEnd)
                + (putOff == 0 ? "" : String.format(Locale.ROOT, "; %d %s put off behind a point of one user sent from its server's"
                + " core, which their distance does not reach, while the cores were apart", putOff, putOff == 1 ? "was" : "were")))
                + " (generator.coreDistanceNanos)";
    }

    /**
     * The median round trip of a cache line between the two cores, in nanoseconds, counted among the run's figures; null
     * if the probe could not run.
     */
    Double nanos() {
        Double d = figure();
        if (d != null) {
            synchronized (this) {
                seen.add(d);
            }
        }
        return d;
    }

    /** {@link #nanos()}, not counted among the run's figures. */
    private Double figure() {
        if (closed) {
            return null;
        }
        if (fake != null) {
            return fake.figures().getAsDouble();
        }
        try {
            asks.put(Boolean.TRUE);
            Double d = answers.take();
            return d.isNaN() ? null : d;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** The near thread: pinned, then a probe for every ask. */
    private void ask(int core) {
        boolean pinned = pin(core);
        try {
            while (!closed) {
                asks.take();
                answers.put(pinned && far.isAlive() ? probe() : Double.NaN);
            }
        } catch (InterruptedException e) {
            // closed
        }
    }

    private double probe() {
        probing = true;
        LockSupport.unpark(far);
        long i = ping.get();
        long deadline = System.nanoTime() + 1_000_000_000L;
        ping.setRelease(++i);
        while (pong.getAcquire() != i) {
            if (System.nanoTime() > deadline) { // the far thread never came: no figure
                probing = false;
                return Double.NaN;
            }
            Thread.onSpinWait();
        }
        double[] chunks = new double[CHUNKS];
        for (int c = 0; c < CHUNKS; c++) {
            long t0 = System.nanoTime();
            for (int j = 0; j < TRIPS; j++) {
                ping.setRelease(++i);
                while (pong.getAcquire() != i) {
                    Thread.onSpinWait();
                }
            }
            chunks[c] = (System.nanoTime() - t0) / (double) TRIPS;
        }
        probing = false;
        Arrays.sort(chunks);
        return Math.round((chunks[CHUNKS / 2 - 1] + chunks[CHUNKS / 2]) / 2 * 10) / 10.0;
    }

    /** The far thread: pinned, then parked until a probe, answering every ping while it lasts. */
    private void answer(int core) {
        if (!pin(core)) {
            return;
        }
        long answered = pong.get();
        while (!closed) {
            if (!probing) {
                LockSupport.park(this);
                continue;
            }
            long p = ping.getAcquire();
            if (p != answered) {
                answered = p;
                pong.setRelease(p);
            } else {
                Thread.onSpinWait();
            }
        }
    }

    /** Pins the calling thread (only it) to {@code core}. */
    private static boolean pin(int core) {
        try {
            Cores.pinThisThread(String.valueOf(core));
            return true;
        } catch (RuntimeException | StackException e) {
            return false;
        }
    }

    @Override
    public void close() {
        closed = true;
        near.interrupt();
        LockSupport.unpark(far);
    }
}
