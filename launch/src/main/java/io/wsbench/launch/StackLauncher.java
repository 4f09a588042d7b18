package io.wsbench.launch;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Starts a stack's server in a process of its own, on 127.0.0.1, and waits until it answers its
 * readiness path. The server's output goes to a log file, whose last line explains a failed start.
 * The server listens on its HTTP port and nothing else: the monitor watches a JVM by its process id
 * (performance counters and the Attach API), so no JMX port is opened.
 */
public final class StackLauncher {

    /** The stack option holding a stack's JVM options, words separated by spaces (see {@link #jvmOptions}). */
    public static final String JVM_OPTIONS = "jvmOptions";

    /** Options that say what a JVM runs rather than how: wsbench owns them. */
    private static final Set<String> LAUNCHING = Set.of("-cp", "-classpath", "--class-path", "-jar", "-m", "--module",
            "-p", "--module-path", "--source");

    private final Path logDir;
    private final String java;
    private final String cores;

    public StackLauncher(Path logDir) {
        this(logDir, null);
    }

    /** A launcher whose servers run on {@code cores} only (a Linux CPU list, e.g. "0"; null: anywhere). */
    public StackLauncher(Path logDir, String cores) {
        this.logDir = logDir;
        this.cores = cores;
        String override = System.getenv("WSBENCH_STACK_JAVA");
        this.java = override != null && !override.isBlank() ? override
                : Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** Starts {@code stack} on {@code port}, or on a free port when {@code port} is 0. */
    public RunningStack start(StackDescriptor stack, int port, Map<String, String> options) throws StackException {
        int p = port > 0 ? port : freePort();
        List<String> jvm = checkedJvmOptions(options);
        List<String> cmd = new ArrayList<>();
        ProcessBuilder builder = new ProcessBuilder(cmd);
        if (stack.command() != null) {
            Path dir = stack.dir().toAbsolutePath();
            if (!jvm.isEmpty() && !isJava(stack.command().get(0))) {
                throw new StackException("stack " + stack.name() + " is started by " + stack.command().get(0)
                        + ", not java: jvmOptions go to a JVM that wsbench starts");
            }
            for (String word : stack.command()) {
                cmd.add(word.replace("${port}", String.valueOf(p)).replace("{port}", String.valueOf(p))
                        .replace("{dir}", dir.toString()));
                if (cmd.size() == 1) {
                    cmd.addAll(jvm); // right after java, as if the user had written them there
                }
            }
            // a command has no -D: its options arrive as WSBENCH_KEY=VALUE (wsdlCacheDir -> WSBENCH_WSDL_CACHE_DIR)
            options.forEach((k, v) -> {
                if (!JVM_OPTIONS.equals(k)) {
                    builder.environment().put(environmentName(k), v);
                }
            });
        } else {
            cmd.add(javaFor(stack, options));
            cmd.addAll(stack.jvmArgs());
            // after the stack's own: of an option given twice (-Xmx), the JVM takes the last
            cmd.addAll(jvm);
            options.forEach((k, v) -> {
                if (!JVM_OPTIONS.equals(k)) {
                    cmd.add("-Dwsbench." + k + "=" + v);
                }
            });
            String probes = stack.props().getProperty("probes");
            if (probes != null && !probes.isBlank()) {
                cmd.add("-Dwsbench.probes=" + probes.trim());
            }
            cmd.add("-cp");
            cmd.add(StackVersions.classpath(stack, options));
            cmd.add(stack.mainClass());
            cmd.add("--port");
            cmd.add(String.valueOf(p));
        }
        Path workDir = stack.workingDirectory();
        if (workDir != null) {
            builder.directory(workDir.toFile());
        }
        stack.environment().forEach((k, v) -> builder.environment().put(k, v.replace("${port}", String.valueOf(p))));
        // the server and every thread it starts run on these cores only
        builder.command(Cores.on(cores, cmd));
        Path log = logDir.resolve(stack.name() + "-" + p + ".log");
        Process process;
        try {
            Files.createDirectories(logDir);
            process = builder.redirectErrorStream(true).redirectOutput(log.toFile()).start();
        } catch (IOException e) {
            throw new StackException("cannot start stack " + stack.name() + ": " + e.getMessage());
        }
        RunningStack running = new RunningStack(stack, process, p, log);
        awaitReady(running);
        try {
            checkLoaded(running, options);
        } catch (StackException e) {
            running.stop();
            throw e;
        }
        return running;
    }

    /**
     * Refuses, in one line and before anything starts, a version outside the lines {@code stack}
     * runs here and a JDK that is not found or that the stack is known not to run on.
     */
    public static void checkOptions(StackDescriptor stack, Map<String, String> options) throws StackException {
        StackVersions.check(stack, options);
        List<String> jvm = checkedJvmOptions(options);
        if (!jvm.isEmpty() && stack.mainClass() == null && !isJava(stack.command().get(0))) {
            throw new StackException("stack " + stack.name() + " is started by a command, not a JVM wsbench launches: no jvmOptions");
        }
        String asked = options.get("java");
        if (asked != null && !asked.isBlank()) {
            if (stack.mainClass() == null) {
                throw new StackException("stack " + stack.name() + " is started by a command, not a JVM wsbench launches: no java option");
            }
            Path j = Jdks.java(asked);
            String refused = stack.props().getProperty("java.refused." + Jdks.version(j));
            if (refused != null) {
                throw new StackException("stack " + stack.name() + " is not run on Java " + Jdks.version(j) + ": " + refused);
            }
        }
    }

    /**
     * The java of a Java stack: its {@code java} option (a version found here, or a path), refused
     * with the descriptor's reason where it names one ({@code java.refused.25=...}); else wsbench's.
     */
    private String javaFor(StackDescriptor stack, Map<String, String> options) throws StackException {
        String asked = options.get("java");
        if (asked == null || asked.isBlank()) {
            return java;
        }
        Path j = Jdks.java(asked);
        String refused = stack.props().getProperty("java.refused." + Jdks.version(j));
        if (refused != null) {
            throw new StackException("stack " + stack.name() + " is not run on Java " + Jdks.version(j) + ": " + refused);
        }
        return j.toString();
    }

    /** Asked and loaded must agree: a version the server did not load is an error, not a measurement. */
    private static void checkLoaded(RunningStack s, Map<String, String> options) throws StackException {
        StackDescriptor d = s.descriptor();
        String loaded = s.loaded();
        if (loaded == null) {
            return;
        }
        for (String option : StackVersions.resolvable(d)) {
            String value = options.get(option);
            String probe = d.props().getProperty("resolve." + option + ".probe");
            if (value != null && probe != null && !(" " + loaded + ";").contains(" " + probe + " " + value + ";")) {
                throw new StackException("stack " + d.name() + ": asked " + option + " " + value + ", but the server loaded " + loaded);
            }
        }
        String java = options.get("java");
        if (java != null && java.matches("\\d+") && !loaded.contains("Java " + java + ".") && !loaded.contains("Java " + java + "+")
                && !loaded.endsWith("Java " + java)) {
            throw new StackException("stack " + d.name() + ": asked Java " + java + ", but the server loaded " + loaded);
        }
    }

    private void awaitReady(RunningStack s) throws StackException {
        // HTTP/1.1: the JDK's client asks a cleartext server to switch to h2c otherwise, which servers log or refuse
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(1)).build();
        boolean tcp = s.descriptor().readyPath().equals("tcp:");
        String readyAt = tcp ? "127.0.0.1:" + s.port() + " (a TCP connection)" : s.baseUrl() + s.descriptor().readyPath();
        URI ready = tcp ? null : URI.create(readyAt);
        long timeout = s.descriptor().startTimeoutSeconds();
        long deadline = System.nanoTime() + Duration.ofSeconds(timeout).toNanos();
        String lastAnswer = null; // what the ready path answered last, when it answered
        while (System.nanoTime() < deadline) {
            if (!s.process().isAlive()) {
                if (s.process().exitValue() == StackDescriptor.UNAVAILABLE_EXIT) {
                    throw new StackException("stack " + s.descriptor().name() + " is unavailable here: "
                            + s.lastLogLine(), true);
                }
                throw new StackException("stack " + s.descriptor().name() + " failed to start on port " + s.port()
                        + " (exit " + s.process().exitValue() + "): " + s.lastLogLines(3));
            }
            if (tcp) {
                // a server that speaks no HTTP/1.1 (gRPC's h2c only): ready once its port takes a connection
                try (java.net.Socket socket = new java.net.Socket()) {
                    socket.connect(new java.net.InetSocketAddress("127.0.0.1", s.port()), 1000);
                    return;
                } catch (IOException notYet) {
                    sleep(50);
                    continue;
                }
            }
            try {
                HttpResponse<String> r = client.send(HttpRequest.newBuilder(ready).timeout(Duration.ofSeconds(2)).build(),
                        HttpResponse.BodyHandlers.ofString());
                // a 200 with an empty body is not ready: some engines answer before they can serve
                if (r.statusCode() == 200 && (!r.body().isEmpty() || !s.descriptor().readyNeedsBody())) {
                    return;
                }
                lastAnswer = r.statusCode() == 200 ? "an empty 200" : "status " + r.statusCode();
            } catch (IOException e) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                s.stop();
                throw new StackException("interrupted while starting stack " + s.descriptor().name());
            }
            sleep(50);
        }
        s.stop();
        throw new StackException("stack " + s.descriptor().name() + " did not answer " + readyAt + (tcp ? "" : " with a 200") + " within "
                + timeout + " s" + (lastAnswer == null ? "" : " (it answered " + lastAnswer + "; 'ready:' names the path to ask)")
                + (s.lastLogLines(3).isEmpty() ? " and logged nothing" : ": " + s.lastLogLines(3)));
    }

    /** The JVM options a stack is started with: the option {@link #JVM_OPTIONS}, its words separated by spaces. */
    public static List<String> jvmOptions(Map<String, String> options) {
        String words = options.get(JVM_OPTIONS);
        return words == null || words.isBlank() ? List.of() : List.of(words.trim().split("\\s+"));
    }

    /** {@link #jvmOptions}, refused in one line when a word is not a JVM option or would change what is launched. */
    private static List<String> checkedJvmOptions(Map<String, String> options) throws StackException {
        List<String> words = jvmOptions(options);
        for (String word : words) {
            String why = refusedJvmOption(word);
            if (why != null) {
                throw new StackException(why);
            }
        }
        return words;
    }

    /** Why {@code option} cannot be one of a stack's JVM options; null when it can. */
    public static String refusedJvmOption(String option) {
        if (option == null || option.isBlank() || !option.startsWith("-")) {
            return "a JVM option starts with '-' (-Xmx2g, -Dname=value, -XX:+UseZGC): '" + option + "'";
        }
        if (option.chars().anyMatch(Character::isWhitespace)) {
            return "a JVM option is one word, without spaces: '" + option + "'";
        }
        String name = option.contains("=") ? option.substring(0, option.indexOf('=')) : option;
        if (LAUNCHING.contains(name)) {
            return "'" + option + "' would change what is launched: wsbench gives the class path and the main class";
        }
        return null;
    }

    /** Whether a command's first word runs a JVM directly ({@code java}, or a path ending in bin/java). */
    public static boolean isJava(String word) {
        return word != null && !word.isBlank() && Path.of(word).getFileName().toString().equals("java");
    }

    static String environmentName(String option) {
        return "WSBENCH_" + option.replaceAll("([a-z0-9])([A-Z])", "$1_$2").replace('-', '_').replace('.', '_')
                .toUpperCase(Locale.ROOT);
    }

    /**
     * A port that was free a moment ago on 127.0.0.1, drawn below the kernel's range of ephemeral ports
     * (ip_local_port_range) where it can: a port the kernel hands out (port 0) may be taken, before the
     * server binds it, as the local port of one of the many client connections a load opens.
     */
    public static int freePort() throws StackException {
        int below = ephemeralLow();
        ThreadLocalRandom random = ThreadLocalRandom.current();
        for (int i = 0; below > 11_000 && i < 50; i++) {
            int port = random.nextInt(10_000, below);
            try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                return s.getLocalPort();
            } catch (IOException taken) {
                // another one
            }
        }
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new StackException("no free port on 127.0.0.1: " + e.getMessage());
        }
    }

    /** The first of the kernel's ephemeral ports (32768 on Linux unless set), or 0 where it cannot be read. */
    private static int ephemeralLow() {
        try {
            return Integer.parseInt(Files.readAllLines(Path.of("/proc/sys/net/ipv4/ip_local_port_range")).get(0).trim().split("\\s+")[0]);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
