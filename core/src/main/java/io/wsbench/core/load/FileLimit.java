package io.wsbench.core.load;

import java.lang.management.ManagementFactory;

/**
 * The open-file limit of this process, which bounds how many connections a point can open: a
 * point asking for more is refused before any load, instead of measuring its own connect errors.
 */
public final class FileLimit {

    /** Files the JVM, its jars, the epoll loops and the recorder keep open besides the connections. */
    static final long HEADROOM = 256;

    private FileLimit() {
    }

    /** The most files this process may open (ulimit -n), or -1 where the JVM cannot tell. */
    public static long max() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.UnixOperatingSystemMXBean unix) {
            return unix.getMaxFileDescriptorCount();
        }
        return -1;
    }

    /** Null when {@code connections} fit under the limit {@code max} (-1: unknown), else why not in one line. */
    public static String tooMany(long connections, long max) {
        if (max < 0 || connections + HEADROOM <= max) {
            return null;
        }
        return String.format(java.util.Locale.ROOT,
                "%,d connections need %,d open files, but this process may open %,d (ulimit -n): raise it, e.g. 'ulimit -n %d' in the shell that runs wsbench, or use fewer users",
                connections, connections + HEADROOM, max, Math.max(connections + HEADROOM, 65536));
    }
}
