package io.wsbench.cli;

import io.wsbench.model.record.ServerRecord;
import io.wsbench.launch.RunningStack;
import io.wsbench.launch.StackCatalog;
import io.wsbench.launch.StackDescriptor;
import io.wsbench.launch.StackException;
import io.wsbench.launch.StackLauncher;
import io.wsbench.monitor.JvmSampler;
import io.wsbench.monitor.ListeningSockets;
import io.wsbench.runner.Home;
import io.wsbench.runner.SuiteRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every built-in stack, once started and watched, listens on its HTTP port on 127.0.0.1 and on
 * nothing else: no JMX or RMI port, no JDK local connector, nothing on another interface. The
 * only other socket allowed is seed 003's slow dependency, which direct and lucee run in-process,
 * also on 127.0.0.1.
 */
class StackSocketsTest {

    /** Stacks that run seed 003's slow dependency beside their HTTP port. */
    private static final Set<String> WITH_DEPENDENCY = Set.of("direct", "lucee");

    @Test
    void everyBuiltInStackListensOnItsHttpPortOnLoopbackAndNothingElse(@TempDir Path dir) throws Exception {
        StackCatalog catalog = StackCatalog.in(Home.find());
        StackLauncher launcher = new StackLauncher(dir.resolve("logs"));
        List<String> checked = new ArrayList<>();
        for (StackDescriptor d : catalog.all()) {
            if (d.name().equals(SuiteRunner.WAR_HOST)) {
                continue; // it serves a user's WAR: OwnStackTest starts it with one
            }
            RunningStack s;
            try {
                s = launcher.start(d, 0, Map.of("keys", Home.find().resolve("target/keys").toString()));
            } catch (StackException e) {
                assertTrue(e.unavailable(), d.name() + ": " + e.getMessage());
                continue; // e.g. php-soap where PHP cannot be installed: reported, not faked
            }
            try {
                long jvm = JvmSampler.jvmOf(s.process().toHandle());
                if (jvm > 0) {
                    // watched as a run watches it, point and all
                    try (JvmSampler sampler = JvmSampler.attach(jvm)) {
                        sampler.startPoint();
                        sampler.endPoint(new ServerRecord(jvm, 0, 0, 0, 0, 0, 0, 0), 0.1,
                                dir.resolve("jfr/" + d.name() + ".jfr"), d.name() + ".jfr");
                    }
                }
                if (d.name().equals("direct")) {
                    // its page and the page's dependency are made on the page's first request: make them, to see that socket too
                    var http = java.net.http.HttpClient.newHttpClient();
                    var asked = http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(s.baseUrl() + "/page/dependency")).build(),
                            java.net.http.HttpResponse.BodyHandlers.discarding());
                    assertEquals(200, asked.statusCode(), "direct's /page/dependency");
                }
                List<String> sockets = new ArrayList<>(ListeningSockets.of(s.pid()));
                s.process().descendants().forEach(c -> {
                    try {
                        sockets.addAll(ListeningSockets.of(c.pid()));
                    } catch (java.io.IOException e) {
                        // gone meanwhile
                    }
                });
                String http = "127.0.0.1:" + s.port();
                assertTrue(sockets.contains(http), d.name() + " listens on " + sockets + ", not on " + http);
                assertEquals(WITH_DEPENDENCY.contains(d.name()) ? 2 : 1, sockets.size(), d.name() + " listens on " + sockets);
                assertTrue(sockets.stream().allMatch(a -> a.startsWith("127.0.0.1:")), d.name() + " listens on " + sockets);
                checked.add(d.name());
            } finally {
                s.stop();
            }
            assertFalse(s.alive());
        }
        assertTrue(checked.containsAll(List.of("direct", "cxf", "metro", "axis2", "axis2-rampart", "blazeds", "lucee")),
                "checked: " + checked);
    }
}
