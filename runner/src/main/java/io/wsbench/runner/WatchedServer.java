package io.wsbench.runner;

import io.wsbench.monitor.JitClock;
import io.wsbench.monitor.Monitor;
import io.wsbench.monitor.ProcessSampler;

import java.io.IOException;
import java.util.List;

/**
 * The server a target's points are measured against, as the runner sees it: the monitors that
 * watch each point, whether it still lives, and its JIT compiler's clock, which a warm-up until
 * steady watches go quiet. A stack wsbench started is a {@link StackSession}; a URL's server is
 * watched through a process id the user names, or not at all.
 */
public interface WatchedServer {

    /** A server wsbench cannot see: no monitors, taken to be alive, no JIT clock. */
    WatchedServer UNSEEN = new WatchedServer() {
        @Override
        public List<Monitor> monitors() {
            return List.of();
        }

        @Override
        public boolean alive() {
            return true;
        }

        @Override
        public String deathNotice() {
            return null;
        }

        @Override
        public long compileMillis() {
            return -1;
        }
    };

    List<Monitor> monitors();

    boolean alive();

    /** Why it is gone, when it is. */
    String deathNotice();

    /** Milliseconds its JIT compilers have worked so far, or -1 when it does not say. */
    long compileMillis();

    /**
     * The process {@code pid} on this machine, sampled from /proc around each point (its CPU watched
     * for {@code residualMillis} after), with its JIT clock when it is a JVM that publishes one.
     */
    static Process process(long pid, long residualMillis) {
        JitClock jit;
        try {
            jit = JitClock.of(pid);
        } catch (IOException e) {
            jit = null; // not a JVM: its warm-up is judged by its answers alone
        }
        return new Process(new ProcessSampler(pid, residualMillis), jit);
    }

    /** A server process wsbench did not start and watches by its process id. */
    record Process(ProcessSampler sampler, JitClock jit) implements WatchedServer, AutoCloseable {

        @Override
        public List<Monitor> monitors() {
            return List.of(sampler);
        }

        @Override
        public boolean alive() {
            return true;
        }

        @Override
        public String deathNotice() {
            return null;
        }

        @Override
        public long compileMillis() {
            return jit == null ? -1 : jit.compileMillis();
        }

        @Override
        public void close() {
            sampler.close();
            if (jit != null) {
                jit.close();
            }
        }
    }
}
