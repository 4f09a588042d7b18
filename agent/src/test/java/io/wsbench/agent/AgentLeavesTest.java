package io.wsbench.agent;

import com.sun.net.httpserver.HttpServer;
import io.wsbench.core.load.ProgressListener;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.RunRecord;
import io.wsbench.launch.StackCatalog;
import io.wsbench.model.suite.Suite;
import io.wsbench.model.suite.SuiteReader;
import io.wsbench.runner.PointSession;
import io.wsbench.runner.RunEvents;
import io.wsbench.runner.SuiteRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An agent that dies mid-point: the point is aborted with who and when, the run is partial, and the points before it are kept. */
class AgentLeavesTest {

    @Test
    void anAgentThatDiesMidPointAbortsThatPointAndKeepsTheEarlierOnes(@TempDir Path dir) throws Exception {
        HttpServer server = DistributedLoadTest.server("/hello", null, () -> { });
        Path file = dir.resolve("three.yaml");
        Files.writeString(file, """
                name: three
                warmup: none
                order: grouped          # the short point, then the long one the agent dies in
                targets:
                  - { label: hello, url: "http://127.0.0.1:%d/hello", protocol: plain }
                load:
                  - { users: 3, duration: 1s }
                  - { users: 3, duration: 4s }
                  - { users: 3, duration: 1s }
                """.formatted(server.getAddress().getPort()));
        String name = "wsbench-leaves-" + ProcessHandle.current().pid();
        List<Agent> agents = new ArrayList<>();
        ScheduledExecutorService killer = Executors.newSingleThreadScheduledExecutor();
        try (Controller controller = Controller.join(DistributedLoadTest.cluster(name, null), Files.readString(file),
                file, dir.resolve("keys"))) {
            for (int i = 0; i < 3; i++) {
                agents.add(Agent.start(DistributedLoadTest.cluster(name, controller.address()), 1));
            }
            controller.await(3, Duration.ofSeconds(60));
            Agent victim = agents.get(2);
            String victimAddress = victim.address();
            // the third agent dies 1.5 s into the second point, of 4 s: a delay the test sets
            RunEvents events = new Quiet() {
                @Override
                public ProgressListener pointStarting(String label, int index, int total) {
                    if (index == 2) {
                        killer.schedule(victim::crash, Controller.LEAD.toMillis() + 1500, TimeUnit.MILLISECONDS);
                    }
                    return ProgressListener.NONE;
                }
            };
            SuiteRunner runner = new SuiteRunner(StackCatalog.in(dir), events, 0, io.wsbench.monitor.Monitors.named("proc"));
            Suite suite = SuiteReader.read(file);
            RunRecord run;
            try (PointSession session = PointSession.of(new PointSession.Settings(null, false, true)).sharing(controller)
                    .placing(suite.cpus()).open()) {
                run = runner.run(suite, Files.createDirectories(dir.resolve("out")), "test", session);
            }

            assertEquals("partial", run.status(), run.partialReason());
            assertEquals(2, run.points().size(), "the first point kept, the second aborted, no third");
            PointRecord first = run.points().get(0);
            assertNull(first.aborted());
            assertEquals(3, first.agents().size());
            PointRecord second = run.points().get(1);
            String why = second.aborted();
            assertTrue(why != null && why.startsWith("agent " + victimAddress + " left the cluster at second "), why);
            // the other agents stopped with it: no answer in the point's last second
            int lastAnswered = second.series().stream().filter(x -> x.requests() > 0).mapToInt(x -> x.second()).max().orElse(-1);
            assertTrue(lastAnswered < 3, "answers until second " + lastAnswered + " of 4: " + why);
            assertTrue(run.partialReason().contains(victimAddress), run.partialReason());
        } finally {
            killer.shutdownNow();
            agents.forEach(Agent::close);
            server.stop(0);
        }
    }

    /** Hears nothing. */
    private static class Quiet implements RunEvents {
        @Override
        public void stackStarting(String stack) {
        }

        @Override
        public void stackReady(String stack, String version, String url, long pid) {
        }

        @Override
        public void warmup(String target, long requests) {
        }

        @Override
        public ProgressListener pointStarting(String label, int index, int total) {
            return ProgressListener.NONE;
        }

        @Override
        public void pointDone(PointRecord point) {
        }

        @Override
        public void problem(String message) {
        }
    }
}
