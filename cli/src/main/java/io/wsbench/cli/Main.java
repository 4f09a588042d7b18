package io.wsbench.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.PrintWriter;

/** The {@code wsbench} command. The CLI is the only part of wsbench that prints. */
@Command(name = "wsbench", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "A benchmark workbench for web services: SOAP vs REST, CXF vs Metro vs Axis2, WS-Security or not.",
        subcommands = {RunCommand.class, LoadCommand.class, ServeCommand.class, StacksCommand.class,
                ReportCommand.class, CompareCommand.class, CommandLine.HelpCommand.class})
public final class Main {

    /** Exit codes: 0 fine, 1 measured but with a problem (partial run), 2 bad input or unreachable target. */
    static final int PROBLEM = 1;
    static final int BAD_INPUT = 2;

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs a command line and returns its exit code; tests call this. */
    public static int execute(String... args) {
        CommandLine cl = new CommandLine(new Main());
        cl.setExecutionExceptionHandler((e, cmd, parsed) -> {
            PrintWriter err = cmd.getErr();
            err.println("wsbench: " + oneLine(e));
            if (Boolean.getBoolean("wsbench.debug")) {
                e.printStackTrace(err);
            }
            err.flush();
            return e instanceof UserError u ? u.exitCode : BAD_INPUT;
        });
        return cl.execute(args);
    }

    static String oneLine(Throwable e) {
        String m = e.getMessage();
        if (m == null || m.isBlank()) {
            m = e.getClass().getSimpleName();
        }
        int nl = m.indexOf('\n');
        return nl > 0 ? m.substring(0, nl) : m;
    }

    /** A mistake of the user's, reported as one line and an exit code. */
    static final class UserError extends RuntimeException {
        final int exitCode;

        UserError(String message) {
            this(message, BAD_INPUT);
        }

        UserError(String message, int exitCode) {
            super(message);
            this.exitCode = exitCode;
        }
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[]{"wsbench " + Home.version()};
        }
    }
}
