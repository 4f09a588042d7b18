package io.wsbench.cli;

/** wsbench's exit codes, as {@code wsbench --help} lists them. */
final class ExitCode {

    static final int DONE = 0;
    /** Measured, but not all of it: a point aborted, an assertion failed, Ctrl-C. */
    static final int PROBLEM = 1;
    /** Bad input (options, suite, assertion) or an unreachable target, before any load is sent. */
    static final int BAD_INPUT = 2;
    /** A bug in wsbench. */
    static final int INTERNAL_ERROR = 3;

    private ExitCode() {
    }
}
