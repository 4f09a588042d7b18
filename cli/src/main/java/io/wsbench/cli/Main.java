package io.wsbench.cli;

import io.wsbench.core.load.NettyLogs;
import io.wsbench.runner.Home;
import io.wsbench.runner.Nearest;
import io.wsbench.runner.OneLine;
import io.wsbench.runner.TargetException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.PrintWriter;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The {@code wsbench} command. The CLI is the only part of wsbench that prints. */
@Command(name = "wsbench", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "A benchmark workbench for web services: SOAP vs REST, CXF vs Metro vs Axis2, WS-Security or not.")
public final class Main {

    /** wsbench's commands, in the order its help lists them ({@code help} last). */
    private static final List<Class<?>> COMMANDS = List.of(RunCommand.class, AbCommand.class, LoadCommand.class,
            CapacityCommand.class, WsdlCommand.class, OpenApiCommand.class, GrpcCommand.class, ServeCommand.class,
            StacksCommand.class, ReportCommand.class, AgentCommand.class, CompareCommand.class, HistoryCommand.class,
            BisectCommand.class, FlameCommand.class, WhyCommand.class, HarCommand.class, ImportCommand.class, CommandLine.HelpCommand.class);


    private static final Map<String, String> EXIT_CODES = exitCodes();

    public static void main(String[] args) {
        NettyLogs.install();
        System.exit(execute(args));
    }

    /** Runs a command line and returns its exit code; tests call this. */
    public static int execute(String... args) {
        return execute(commandLine(args), args);
    }

    /** Every command of wsbench's, as {@code wsbench --help} lists them. */
    static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Main());
        COMMANDS.forEach(cl::addSubcommand);
        helpOnEveryCommand(cl);
        return cl;
    }

    /**
     * The command line {@code args} need: the one command their first word names, else all of them (for the
     * help, the version, and the names close to a mistyped one). picocli reads a command's options from
     * its annotations when it is added: all seventeen took 0.26 of the 1.57 CPU-s of a one-request
     * {@code load}, and with the one alone that load costs 0.86x the CPU (docs/bench.md).
     */
    static CommandLine commandLine(String... args) {
        for (Class<?> c : COMMANDS) {
            if (args.length > 0 && c != CommandLine.HelpCommand.class && c.getAnnotation(Command.class).name().equals(args[0])) {
                CommandLine one = new CommandLine(new Main()).addSubcommand(c);
                helpOnEveryCommand(one);
                return one;
            }
        }
        return commandLine();
    }

    /**
     * Runs {@code args} on {@code cl}, a command line of wsbench's commands: a mistake of the user's
     * is one line and its exit code, anything else an internal error, its stack trace only on demand.
     */
    static int execute(CommandLine cl, String... args) {
        documentExitCodes(cl);
        cl.setParameterExceptionHandler(Main::badOption);
        cl.setExecutionExceptionHandler((e, cmd, parsed) -> {
            boolean users = e instanceof UserError || e instanceof TargetException;
            tell(cmd.getErr(), users ? OneLine.of(e) : "internal error: " + e.getClass().getName()
                    + (e.getMessage() == null || e.getMessage().isBlank() ? "" : ": " + OneLine.of(e)), e);
            return e instanceof UserError u ? u.exitCode : users ? ExitCode.BAD_INPUT : ExitCode.INTERNAL_ERROR;
        });
        try {
            return cl.execute(args);
        } catch (StackOverflowError | OutOfMemoryError e) {
            // picocli hands on only exceptions: an error from a library (WSDL4J's walk of a cycle, say) would otherwise
            // end the JVM with its whole stack trace
            tell(cl.getErr(), "internal error: " + e.getClass().getName() + (e.getMessage() == null ? "" : ": " + e.getMessage())
                    + " (WSBENCH_DEBUG=1 prints its stack trace)", e);
            return ExitCode.INTERNAL_ERROR;
        }
    }

    /** "wsbench: {@code line}" on {@code err}, and {@code e}'s stack trace after it on demand (WSBENCH_DEBUG=1, -Dwsbench.debug=true). */
    private static void tell(PrintWriter err, String line, Throwable e) {
        err.println("wsbench: " + io.wsbench.model.Redacted.url(line)); // a URL's password in a WSDL's or spec's own line
        if ("1".equals(System.getenv("WSBENCH_DEBUG")) || Boolean.getBoolean("wsbench.debug")) {
            e.printStackTrace(err);
        }
        err.flush();
    }

    /**
     * {@code -h} and {@code --help} on every command and subcommand, as git, docker and kubectl users type by habit
     * ({@code wsbench help CMD} says the same): picocli gives them to the commands that ask for its standard options
     * only, and those would also take {@code -V}, which means nothing on a command.
     */
    private static void helpOnEveryCommand(CommandLine cl) {
        for (CommandLine sub : cl.getSubcommands().values()) {
            CommandLine.Model.CommandSpec spec = sub.getCommandSpec();
            if (spec.findOption("--help") == null && spec.findOption("-h") == null
                    && !(spec.userObject() instanceof CommandLine.HelpCommand)) {
                spec.addOption(CommandLine.Model.OptionSpec.builder("-h", "--help").usageHelp(true)
                        .description("show this command's help and exit").build());
            }
            helpOnEveryCommand(sub);
        }
    }

    /**
     * A mistyped option or value is one line, not the command's whole help: what is wrong, the
     * known options picocli finds close to it, and where the help is.
     */
    private static int badOption(CommandLine.ParameterException e, String[] args) {
        CommandLine cmd = e.getCommandLine();
        List<String> close = e instanceof CommandLine.UnmatchedArgumentException u
                ? u.getSuggestions().isEmpty() && cmd.getParent() == null ? closeCommands(cmd, u.getUnmatched()) : u.getSuggestions()
                : List.of();
        PrintWriter err = cmd.getErr();
        err.println("wsbench: " + io.wsbench.model.Redacted.url(OneLine.of(e)) + Nearest.didYouMean(close) + " (see '" + help(cmd) + "')");
        err.flush();
        return ExitCode.BAD_INPUT;
    }

    /**
     * The commands whose names are closest to a first word that names none ({@code rnu}: run), within two
     * edits: asked only when picocli's own suggestions, by shared pairs of letters, have none for it.
     */
    private static List<String> closeCommands(CommandLine root, List<String> unmatched) {
        if (unmatched.isEmpty() || unmatched.get(0).startsWith("-")) {
            return List.of();
        }
        return Nearest.to(unmatched.get(0), root.getSubcommands().keySet());
    }

    /** How to ask for {@code cmd}'s help: {@code wsbench help run} for a command of wsbench's. */
    private static String help(CommandLine cmd) {
        CommandLine parent = cmd.getParent();
        if (parent == null) {
            return "wsbench --help";
        }
        return parent.getParent() == null ? "wsbench help " + cmd.getCommandName() : cmd.getCommandSpec().qualifiedName() + " --help";
    }

    /** The same list in every command's help: {@code wsbench run --help} is where a user looks. */
    private static void documentExitCodes(CommandLine cl) {
        cl.getCommandSpec().usageMessage().exitCodeListHeading("%nExit codes:%n").exitCodeList(EXIT_CODES);
        cl.getSubcommands().values().forEach(Main::documentExitCodes);
    }

    private static Map<String, String> exitCodes() {
        Map<String, String> codes = new LinkedHashMap<>();
        codes.put("0", "done");
        codes.put(String.valueOf(ExitCode.PROBLEM), "measured but incomplete (a server died, Ctrl-C, a point aborted), or an --assert failed");
        codes.put(String.valueOf(ExitCode.BAD_INPUT), "bad input (options, suite, assertion) or an unreachable target, before any load is sent");
        codes.put(String.valueOf(ExitCode.INTERNAL_ERROR), "internal error: a bug in wsbench; WSBENCH_DEBUG=1 prints its stack trace");
        return Collections.unmodifiableMap(codes);
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[]{"wsbench " + Home.version()};
        }
    }
}
