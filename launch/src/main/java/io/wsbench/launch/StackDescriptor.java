package io.wsbench.launch;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A reference stack as its module describes it in {@code target/stack/stack.properties}: how to
 * start it, how to tell it is ready, and the path of each (operation, protocol, variant) it serves.
 * A Java stack names its {@code main} class; any other names a {@code command}, run in the stack's
 * directory with {@code {port}} and {@code {dir}} replaced. A command that exits with
 * {@link #UNAVAILABLE_EXIT} says the stack can't be had here (its runtime can't be installed).
 * {@code {dir}} in a Java stack's {@code jvmArgs} is replaced too (e.g. for a work directory beside
 * {@code lib/}). {@code unavailable.OPERATION.PROTOCOL=reason} names a target the stack cannot serve
 * here, and why, so it is reported rather than faked.
 */
public record StackDescriptor(String name, String description, String version, String mainClass,
                              String readyPath, List<String> jvmArgs, Path libDir, Properties props) {

    /** The exit code of a start command whose stack can't run on this machine (automake's "skip"). */
    public static final int UNAVAILABLE_EXIT = 77;

    public static StackDescriptor load(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file)) {
            p.load(r);
        }
        return of(p, file);
    }

    private static StackDescriptor of(Properties p, Path file) {
        String args = p.getProperty("jvmArgs", "").trim()
                .replace("{dir}", file.toAbsolutePath().getParent().toString());
        return new StackDescriptor(p.getProperty("name"), p.getProperty("description", ""),
                versionWith(p, Map.of()), p.getProperty("main"), p.getProperty("ready", "/"),
                args.isEmpty() ? List.of() : Arrays.asList(args.split("\\s+")),
                file.getParent().resolve("lib"), p);
    }

    /**
     * This line of a stack (its descriptor names the stack in {@code lineOf}) over the stack it is a
     * line of: what this descriptor does not say (endpoints, WS-Security configurations, heap,
     * probes, the artifacts another version resolves) is {@code stack}'s; its jars are its own.
     */
    public StackDescriptor over(StackDescriptor stack) {
        Properties p = new Properties();
        p.putAll(stack.props);
        p.putAll(props);
        return of(p, libDir.getParent().resolve("stack.properties"));
    }

    /** The stack this is a line of (the same server built for another API, e.g. javax), or null. */
    public String lineOf() {
        return props.getProperty("lineOf");
    }

    /**
     * Whether this line serves a stack started with {@code options}: its {@code line.option} (e.g.
     * version) asks for its default or for a value its {@code resolve.OPTION.accepted} pattern takes.
     */
    public boolean serves(Map<String, String> options) {
        String option = props.getProperty("line.option");
        String value = option == null ? null : options.get(option);
        if (value == null) {
            return false;
        }
        String accepted = props.getProperty("resolve." + option + ".accepted");
        return value.equals(options().get(option)) || accepted != null && value.matches(accepted);
    }

    /**
     * How a stack of the user's own runs: in {@code directory}, with {@code environment} added to
     * wsbench's ({@code ${port}} replaced), with {@code jvmOptions} (the default of the stack option
     * of that name); ready when {@code ready} answers 200, whatever its body, within
     * {@code startTimeoutSeconds}.
     */
    public record OwnProcess(Path directory, Map<String, String> environment, List<String> jvmOptions, String ready,
                             long startTimeoutSeconds, List<String> framework, List<String> application) {
        public OwnProcess {
            environment = Map.copyOf(environment);
            jvmOptions = List.copyOf(jvmOptions);
            framework = List.copyOf(framework);
            application = List.copyOf(application);
        }

        public OwnProcess(Path directory, Map<String, String> environment, List<String> jvmOptions, String ready,
                          long startTimeoutSeconds) {
            this(directory, environment, jvmOptions, ready, startTimeoutSeconds, List.of(), List.of());
        }

        private void into(Properties p) {
            p.setProperty("version", "your own");
            p.setProperty("ready", ready);
            p.setProperty("readyBody", "any");
            p.setProperty("startTimeoutSeconds", String.valueOf(startTimeoutSeconds));
            p.setProperty("directory", directory.toAbsolutePath().toString());
            environment.forEach((k, v) -> p.setProperty("environment." + k, v));
            if (!jvmOptions.isEmpty()) {
                p.setProperty("option." + StackLauncher.JVM_OPTIONS, String.join(" ", jvmOptions));
            }
            p.setProperty("profile.framework", String.join(",", framework));
            p.setProperty("profile.application", String.join(",", application));
        }
    }

    /** A stack of the user's own started by {@code command} (its words; {@code ${port}} is replaced), run as {@code how} says. */
    public static StackDescriptor ofCommand(String name, String description, List<String> command, OwnProcess how) {
        Properties p = new Properties();
        p.setProperty("name", name);
        p.setProperty("description", description);
        for (int i = 0; i < command.size(); i++) {
            p.setProperty("command." + i, command.get(i));
        }
        how.into(p);
        return new StackDescriptor(name, description, "your own", null, how.ready(), List.of(),
                how.directory().resolve("lib"), p);
    }

    /**
     * This stack (the WAR host) deploying the user's {@code war} on Tomcat {@code tomcat}, named
     * {@code name}, run as {@code how} says.
     */
    public StackDescriptor asWar(String name, Path war, String tomcat, OwnProcess how) {
        Properties p = new Properties();
        p.putAll(props);
        p.setProperty("name", name);
        String description = "WAR " + war + " on Tomcat " + tomcat;
        p.setProperty("description", description);
        p.setProperty("option.war", war.toAbsolutePath().toString());
        p.setProperty("option.tomcat", tomcat);
        how.into(p);
        return new StackDescriptor(name, description, "your own", mainClass, how.ready(), jvmArgs, libDir, p);
    }

    /**
     * The class path of a Java stack started with {@code options}: {@code classpath} in its
     * descriptor (entries relative to its directory, {@code {option}} replaced), else {@code lib/*}.
     */
    public String classpath(Map<String, String> options) {
        String cp = props.getProperty("classpath");
        if (cp == null || cp.isBlank()) {
            return libDir.toAbsolutePath() + "/*";
        }
        List<String> entries = new ArrayList<>();
        for (String entry : cp.trim().split(":")) {
            for (Map.Entry<String, String> o : options().entrySet()) {
                entry = entry.replace("{" + o.getKey() + "}", options.getOrDefault(o.getKey(), o.getValue()));
            }
            entries.add(dir().toAbsolutePath().resolve(entry).toString());
        }
        return String.join(":", entries);
    }

    /** The version of this stack when started with {@code options} (the defaults fill the rest). */
    public String version(Map<String, String> options) {
        return versionWith(props, options);
    }

    private static String versionWith(Properties p, Map<String, String> options) {
        String v = p.getProperty("version", "?");
        for (String k : p.stringPropertyNames()) {
            if (k.startsWith("option.") && !k.endsWith(".note")) {
                String name = k.substring("option.".length());
                v = v.replace("{" + name + "}", options.getOrDefault(name, p.getProperty(k)));
            }
        }
        return v;
    }

    /** The options this stack declares, with their defaults. */
    public Map<String, String> options() {
        Map<String, String> out = new TreeMap<>();
        for (String k : props.stringPropertyNames()) {
            if (k.startsWith("option.") && !k.endsWith(".note")) {
                out.put(k.substring("option.".length()), props.getProperty(k));
            }
        }
        return out;
    }

    /** What an option does, as the descriptor says; null when it does not say. */
    public String optionNote(String name) {
        return props.getProperty("option." + name + ".note");
    }

    /**
     * The path serving {@code operation} over {@code protocol}; {@code variant} picks one of several
     * endpoints of the same protocol. Null when the stack does not serve it.
     */
    public String endpoint(String operation, String protocol, String variant) {
        String key = "endpoint." + operation + "." + protocol + (variant == null ? "" : "." + variant);
        return props.getProperty(key);
    }

    /**
     * The path serving {@code operation} over {@code protocol} secured by {@code security} (the word
     * of a WS-Security configuration such as "sign"), declared as
     * {@code endpoint.<operation>.<protocol>[.<variant>].<security>}; null is the unsecured
     * endpoint. Null when the stack does not declare that configuration: it is then unsupported on
     * this stack, never to be run as plain.
     */
    public String endpoint(String operation, String protocol, String variant, String security) {
        if (security == null) {
            return endpoint(operation, protocol, variant);
        }
        String key = "endpoint." + operation + "." + protocol + (variant == null ? "" : "." + variant) + "." + security;
        return props.getProperty(key);
    }

    /**
     * The packages of this stack's code of {@code kind} ("framework" or "application") that a
     * profile tells from the rest, as {@code profile.KIND} lists them, comma-separated.
     */
    public List<String> packages(String kind) {
        String list = props.getProperty("profile." + kind, "").trim();
        return list.isEmpty() ? List.of() : Arrays.stream(list.split(",")).map(String::trim).toList();
    }

    /** Why this stack does not support a WS-Security configuration, as its descriptor says; null if it does not say. */
    public String securityNote() {
        return props.getProperty("security.note");
    }

    /** Every "operation protocol[ variant]" this stack serves, for listings and error messages. */
    public List<String> endpoints() {
        List<String> out = new ArrayList<>();
        for (String k : new TreeSet<>(props.stringPropertyNames())) {
            if (k.startsWith("endpoint.")) {
                out.add(k.substring("endpoint.".length()).replaceFirst("\\.", " ").replaceFirst("\\.", " "));
            }
        }
        return out;
    }

    /** The start command's words ({@code command}, split at spaces, or {@code command.0}, {@code command.1}, ...), or null for a Java stack. */
    public List<String> command() {
        String c = props.getProperty("command", "").trim();
        if (!c.isEmpty()) {
            return Arrays.asList(c.split("\\s+"));
        }
        List<String> words = new ArrayList<>();
        for (int i = 0; props.getProperty("command." + i) != null; i++) {
            words.add(props.getProperty("command." + i));
        }
        return words.isEmpty() ? null : words;
    }

    /** Environment variables the server gets as they are ({@code environment.NAME=value}; {@code ${port}} replaced). */
    public Map<String, String> environment() {
        Map<String, String> out = new TreeMap<>();
        for (String k : props.stringPropertyNames()) {
            if (k.startsWith("environment.")) {
                out.put(k.substring("environment.".length()), props.getProperty(k));
            }
        }
        return out;
    }

    /** Whether a 200 must carry a body to mean ready: the built-in stacks' engines may answer before they can serve. */
    public boolean readyNeedsBody() {
        return !"any".equals(props.getProperty("readyBody"));
    }

    /** A stack of the user's own (declared in a suite), not one built here. */
    public boolean usersOwn() {
        return "your own".equals(version);
    }

    /** The directory holding stack.properties: a command stack runs there. */
    public Path dir() {
        return libDir.getParent();
    }

    /**
     * Where the server process runs: the directory a stack of the user's own names, a built-in
     * command stack's {@link #dir()}; null for a built-in Java stack (wsbench's own).
     */
    public Path workingDirectory() {
        String d = props.getProperty("directory");
        return d != null ? Path.of(d) : command() != null ? dir().toAbsolutePath() : null;
    }

    /** How long a start may take: a command stack may first install its runtime. */
    public long startTimeoutSeconds() {
        return Long.parseLong(props.getProperty("startTimeoutSeconds", "90").trim());
    }

    /** Why this stack cannot serve {@code operation} over {@code protocol} here; null when it can or nobody said. */
    public String unavailable(String operation, String protocol) {
        return props.getProperty("unavailable." + operation + "." + protocol);
    }

    /** Every "operation protocol" reported unavailable, with its reason. */
    public Map<String, String> unavailable() {
        Map<String, String> out = new TreeMap<>();
        for (String k : props.stringPropertyNames()) {
            if (k.startsWith("unavailable.")) {
                out.put(k.substring("unavailable.".length()).replaceFirst("\\.", " "), props.getProperty(k));
            }
        }
        return out;
    }

    public String wsdlPath(String operation) {
        return props.getProperty("wsdl." + operation);
    }
}
