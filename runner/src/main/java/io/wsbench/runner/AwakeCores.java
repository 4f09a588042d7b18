package io.wsbench.runner;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;

/**
 * This machine's cores kept out of their idle halt while load is measured, as tuned's
 * latency-performance profile keeps them: Linux's PM QoS asks every core's idle governor for a wake-up
 * latency of 0 µs for as long as {@code /dev/cpu_dma_latency} is held open with 0 written to it, so an
 * idle core polls instead of halting, and closing it gives the governor back its choice.
 *
 * <p>Why a benchmark needs it: a closed-loop point leaves the server's core idle between an answer and
 * the next request. A core that halts there (in a virtual machine: the vCPU leaves the host's CPU) is
 * woken by each request, and how long that takes is the host's business: on a Firecracker guest, CXF's
 * small sequence at 1 user ran 4,633-5,413 req/s (±7.8% over 5 repeats, seconds of 3,500 to 5,970)
 * with its cores halting and 6,769-7,150 (±2.9%) with them polling.
 *
 * <p>{@code state}: "poll" when held, "halt" when not (not asked, or refused: see {@code why}).
 */
public final class AwakeCores implements AutoCloseable {

    /** Where Linux's PM QoS takes the CPU wake-up latency it must keep (root only). */
    public static final Path DEVICE = Path.of("/dev/cpu_dma_latency");

    private static final String NOT_ASKED = "not asked (--no-cores-awake)";

    private final OutputStream held;
    private final String why;

    private AwakeCores(OutputStream held, String why) {
        this.held = held;
        this.why = why;
    }

    /** The cores kept awake through {@code device} until {@link #close()}; when not {@code asked}, left as they are. */
    public static AwakeCores hold(boolean asked, Path device) {
        if (!asked) {
            return new AwakeCores(null, NOT_ASKED);
        }
        try {
            OutputStream out = new FileOutputStream(device.toFile());
            try {
                // the kernel takes the latency as a binary s32 in one write; 0: never halt
                out.write(new byte[4]);
                out.flush();
                return new AwakeCores(out, null);
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
            return new AwakeCores(null, "cannot hold " + device + ": " + reason
                    + (reason.contains("ermission") ? " (it needs root)" : ""));
        }
    }

    public static AwakeCores hold(boolean asked) {
        return hold(asked, DEVICE);
    }

    /** Whether the cores are kept polling. */
    public boolean held() {
        return held != null;
    }

    /** "poll" or "halt", as run.json's environment records it. */
    public String state() {
        return held() ? "poll" : "halt";
    }

    /** The run's note on how its cores idled. */
    public String note() {
        return held() ? "idle cores polled instead of halting while measuring (" + DEVICE + " held at 0 µs)"
                : "idle cores may halt between requests, and a halted core's wake-up is in every latency: " + why;
    }

    /** Why the cores were not kept awake, null when they were. */
    public String why() {
        return why;
    }

    /** The note a command that measures one point tells: none, unless the cores were asked awake and could not be. */
    public java.util.List<String> refused() {
        return held() || NOT_ASKED.equals(why) ? java.util.List.of() : java.util.List.of(note());
    }

    @Override
    public void close() {
        if (held != null) {
            try {
                held.close();
            } catch (IOException e) {
                // closing the device gives the governor back; nothing is lost if the kernel already has
            }
        }
    }
}
