package io.wsbench.contract;

/** What every stack's server takes on its command line from wsbench's launcher. */
public final class StackArgs {

    /** The port a stack listens on when none is given. */
    public static final int DEFAULT_PORT = 8080;

    private StackArgs() {
    }

    /** The port given as {@code --port P} in {@code args}, {@link #DEFAULT_PORT} when absent. */
    public static int port(String[] args) {
        for (int i = 0; i < args.length - 1; i++) {
            if ("--port".equals(args[i])) {
                return Integer.parseInt(args[i + 1]);
            }
        }
        return DEFAULT_PORT;
    }
}
