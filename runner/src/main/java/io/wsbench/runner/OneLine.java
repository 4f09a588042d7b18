package io.wsbench.runner;

/** An exception told in one line: a run's notes and the command line's errors are read line by line. */
public final class OneLine {

    private OneLine() {
    }

    /** The first line of {@code e}'s message, or its class's name when it has none. */
    public static String of(Throwable e) {
        String m = e.getMessage();
        if (m == null || m.isBlank()) {
            m = e.getClass().getSimpleName();
        }
        int nl = m.indexOf('\n');
        return nl > 0 ? m.substring(0, nl) : m;
    }
}
