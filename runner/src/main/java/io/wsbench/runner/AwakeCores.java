package io.wsbench.runner;

import io.wsbench.model.load.LoadSpec;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * This machine's cores kept out of their idle halt during the points whose cores would halt between
 * requests, as tuned's latency-performance profile keeps them: Linux's PM QoS asks every core's idle
 * governor for a wake-up latency of 0 µs for as long as {@code /dev/cpu_dma_latency} is held open with 0
 * written to it, so an idle core polls instead of halting, and closing it gives the governor back its choice.
 *
 * <p>Why a benchmark needs it: a closed-loop point of few users leaves the server's core idle between an
 * answer and the next request. A core that halts there (in a virtual machine: the vCPU leaves the host's
 * CPU) is woken by each request, and how long that takes is the host's business: on a Firecracker guest,
 * CXF's small sequence at 1 user ran 4,633-5,413 req/s (±7.8% over 5 repeats) with its cores halting and
 * 6,769-7,150 (±2.9%) with them polling, and the direct stack's SOAP hello 2.3× faster.
 *
 * <p>Why only then: on a machine whose cpuidle driver is {@code haltpoll}, the same hold cost a saturated
 * nginx 12% of its throughput. So the hold is taken per point: for a point that leaves the machine idle
 * (at least {@link #IDLE_SHARE} of its cores' time, as the last measure of the same target and load read
 * it in {@code /proc/stat}; {@link #HELD_IDLE_SHARE} when that measure was held), and, before any measure, for a closed loop of at most as many users as
 * cores and for an open loop; it is let go for a point that keeps the cores busy. Where the cpuidle driver
 * is {@code none} (or there is none), a core's idle is the kernel's default halt whatever PM QoS asks:
 * there is nothing to hold, and each point records {@code none}.
 *
 * <p>A point's record says what its cores did: "poll", "halt" or "none" ({@link #forPoint}).
 */
public final class AwakeCores implements AutoCloseable {

    /** Where Linux's PM QoS takes the CPU wake-up latency it must keep (root only). */
    public static final Path DEVICE = Path.of("/dev/cpu_dma_latency");
    /** Where Linux says which cpuidle driver runs ({@code current_driver}). */
    public static final Path CPUIDLE = Path.of("/sys/devices/system/cpu/cpuidle");
    /** A point that left at least this share of all its cores' time idle is one whose cores halt between requests. */
    public static final double IDLE_SHARE = 0.25;
    /**
     * A point measured held keeps the hold down to this share: held, a point runs faster and leaves the cores less
     * idle than it would halting, so one threshold for both would let a row near it flip from one round to the next.
     */
    public static final double HELD_IDLE_SHARE = 0.10;

    private static final String NOT_ASKED = "not asked (--no-cores-awake)";

    private final boolean asked;
    private final Path device;
    private final String driver;
    private final int cores;
    /** The idle share each target and load left its machine at its last measure, and whether the cores were held then. */
    private final Map<String, Seen> idleByRow = new ConcurrentHashMap<>();

    private record Seen(double share, boolean held) {
    }
    private OutputStream held;
    private String refused;

    private AwakeCores(boolean asked, Path device, String driver, int cores) {
        this.asked = asked;
        this.device = device;
        this.driver = driver;
        this.cores = cores;
    }

    /**
     * The cores of this machine, held through {@code device} for the points that idle when {@code asked}; its
     * cpuidle driver read under {@code cpuidle} ({@code current_driver}), {@code cores} its cores.
     */
    public static AwakeCores of(boolean asked, Path device, Path cpuidle, int cores) {
        AwakeCores a = new AwakeCores(asked, device, driver(cpuidle), cores);
        if (asked && a.driver != null) {
            a.refused = a.tryHold(); // asked of a machine that may refuse it: said once, at the start
            a.release();
        }
        return a;
    }

    public static AwakeCores of(boolean asked) {
        return of(asked, DEVICE, CPUIDLE, Runtime.getRuntime().availableProcessors());
    }

    /** The cpuidle driver under {@code cpuidle} as Linux names it, "none" when there is none. */
    public static String driverOf(Path cpuidle) {
        String d = driver(cpuidle);
        return d == null ? "none" : d;
    }

    /** The cpuidle driver under {@code cpuidle}, or null when it is {@code none} or there is none. */
    static String driver(Path cpuidle) {
        try {
            String d = Files.readString(cpuidle.resolve("current_driver")).strip();
            return d.isEmpty() || d.equals("none") ? null : d;
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * Holds the cores for a point of {@code row} (a target and load) at {@code spec}, or lets them go, as the point
     * needs; what its cores do: "poll" (held), "halt" (let go, not asked, or refused) or "none" (nothing to hold).
     */
    public synchronized String forPoint(String row, LoadSpec spec) {
        if (!asked || refused != null) {
            return "halt";
        }
        if (driver == null) {
            return "none";
        }
        if (idles(row, spec)) {
            return tryHold() == null ? "poll" : "halt";
        }
        release();
        return "halt";
    }

    /** Whether a point of {@code row} at {@code spec} leaves the cores idle: as it last did, else as its load suggests. */
    boolean idles(String row, LoadSpec spec) {
        Seen seen = idleByRow.get(row);
        if (seen != null) {
            return seen.share() >= (seen.held() ? HELD_IDLE_SHARE : IDLE_SHARE);
        }
        return spec.open() || spec.connections() <= cores;
    }

    /** What share of its cores' time a point of {@code row} left idle, for its next point. */
    public synchronized void measured(String row, double idleShare) {
        if (idleShare >= 0) {
            idleByRow.put(row, new Seen(idleShare, held != null));
        }
    }

    /** Null when held, else why not. */
    private String tryHold() {
        if (held != null) {
            return null;
        }
        try {
            OutputStream out = new FileOutputStream(device.toFile());
            try {
                // the kernel takes the latency as a binary s32 in one write; 0: never halt
                out.write(new byte[4]);
                out.flush();
                held = out;
                return null;
            } catch (IOException e) {
                out.close();
                throw e;
            }
        } catch (IOException e) {
            // FileOutputStream says "PATH (Permission denied)": the reason alone
            String reason = e.getMessage() == null ? e.toString() : e.getMessage().replace(device.toString(), "").trim();
            if (reason.startsWith("(") && reason.endsWith(")")) {
                reason = reason.substring(1, reason.length() - 1);
            }
            return "cannot hold " + device + ": " + reason + (reason.contains("ermission") ? " (it needs root)" : "");
        }
    }

    /** Lets the cores halt again until the next point: an agent between its parts. */
    public synchronized void letGo() {
        release();
    }

    private void release() {
        if (held != null) {
            try {
                held.close();
            } catch (IOException e) {
                // closing the device gives the governor back; nothing is lost if the kernel already has
            }
            held = null;
        }
    }

    /** Whether the cores are held now. */
    public synchronized boolean held() {
        return held != null;
    }

    /**
     * As run.json's environment records it: "per point" (held for the points that idle), "halt" (never: not asked,
     * or refused) or "none" (nothing to hold: the cpuidle driver is none).
     */
    public String state() {
        return !asked || refused != null ? "halt" : driver == null ? "none" : "per point";
    }

    /** The run's note on how its cores idled. */
    public String note() {
        return switch (state()) {
            case "per point" -> "idle cores polled instead of halting during the points that leave them idle (" + DEVICE
                    + " held at 0 µs; cpuidle driver " + driver + "), and were let halt during the points that keep them busy";
            case "none" -> "nothing to hold: this machine's cpuidle driver is none, so an idle core halts whatever PM QoS asks";
            default -> "idle cores may halt between requests, and a halted core's wake-up is in every latency: " + why();
        };
    }

    /** Why the cores are never held, null when they may be. */
    public String why() {
        return !asked ? NOT_ASKED : refused;
    }

    /** The note a command that measures one point tells: none, unless the cores were asked awake and could not be. */
    public java.util.List<String> refused() {
        return refused == null ? java.util.List.of() : java.util.List.of(note());
    }

    @Override
    public synchronized void close() {
        release();
    }
}
