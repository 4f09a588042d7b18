package io.wsbench.cli;

/** A mistake of the user's, or a run that could not be whole, reported as one line and an exit code ({@link ExitCode}). */
final class UserError extends RuntimeException {

    final int exitCode;

    UserError(String message) {
        this(message, ExitCode.BAD_INPUT);
    }

    UserError(String message, int exitCode) {
        super(message);
        this.exitCode = exitCode;
    }
}
