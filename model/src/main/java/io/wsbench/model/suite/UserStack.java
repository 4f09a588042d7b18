package io.wsbench.model.suite;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A server of the user's own, declared under a suite's {@code stacks:} and started by wsbench like
 * a built-in stack: a {@code command} (its words; {@code ${port}} is replaced by the free port
 * wsbench chose) or a {@code war} deployed at "/" in wsbench's embedded Tomcat of the line
 * {@code tomcat} (9 for javax, 10.1 or 11 for jakarta; default 11). Either runs in
 * {@code directory} (default: the suite file's) with {@code environment} added; {@code jvmOptions}
 * go to the WAR's JVM, or to a command whose first word is java, right after it. Ready when
 * {@code ready} answers 200 within {@code readyTimeout} (default 60 s). A key that does not apply
 * to the stack's kind ({@code tomcat} on a command) is refused where the suite is checked, at its place.
 * {@code framework} and {@code application} name the packages of its framework's code and of its own
 * (e.g. {@code [org.springframework]}, {@code [com.example.orders]}), for the profile's table of where
 * its CPU went.
 */
public record UserStack(List<String> command, String war, String tomcat, String ready, String readyTimeout,
                        String directory, Map<String, String> environment, List<String> jvmOptions,
                        List<String> framework, List<String> application) {

    /** The Tomcat lines wsbench embeds for a WAR. */
    public static final Set<String> TOMCAT_LINES = Set.of("9", "10.1", "11");

    public UserStack {
        if ((command == null || command.isEmpty()) == (war == null || war.isBlank())) {
            throw new IllegalArgumentException("a stack of your own needs either 'command' (a list of words) or 'war'");
        }
        if (command != null && !command.isEmpty() && command.stream().noneMatch(w -> w.contains("${port}"))) {
            throw new IllegalArgumentException("the command must take its port from '${port}', e.g. \"--server.port=${port}\"");
        }
        // kept as given on a command, to be refused with its place (SuiteCheck.check)
        tomcat = war != null && tomcat == null ? "11" : tomcat;
        if (war != null && !TOMCAT_LINES.contains(tomcat)) {
            throw new IllegalArgumentException("tomcat '" + tomcat + "' is not embedded here (9, 10.1 or 11)");
        }
        ready = ready == null ? "/" : ready;
        if (!ready.startsWith("/")) {
            throw new IllegalArgumentException("'ready' is a path on the stack's address, starting with '/': " + ready);
        }
        readyTimeout = readyTimeout == null ? "60s" : readyTimeout;
        Durations.parse(readyTimeout);
        command = command == null ? null : List.copyOf(command);
        environment = environment == null ? Map.of() : Map.copyOf(environment);
        if (jvmOptions != null && jvmOptions.contains(null)) {
            throw new IllegalArgumentException("'jvmOptions' has an empty entry");
        }
        jvmOptions = jvmOptions == null ? List.of() : List.copyOf(jvmOptions);
        framework = framework == null ? List.of() : List.copyOf(framework);
        application = application == null ? List.of() : List.copyOf(application);
    }

    public long readyTimeoutSeconds() {
        return Math.max(1, (long) Math.ceil(Durations.parse(readyTimeout).toMillis() / 1000.0));
    }
}
