package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.wsbench.agent.Cluster;
import io.wsbench.agent.LocalAgents;
import io.wsbench.agent.Secret;
import io.wsbench.model.record.RunJson;
import io.wsbench.model.suite.Suite;
import io.wsbench.model.suite.SuiteReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathFactory;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code run --agents N --local} from the command line (agents as processes of this machine), the
 * one-line errors of a cluster that is not there, and the Kubernetes manifests against the agent's
 * discovery settings.
 */
class AgentsTest {

    static final Path DEPLOY = Path.of("").toAbsolutePath().getParent().resolve("deploy/kubernetes");

    @Test
    void aSuiteRunsFromTwoLocalAgentsAndRecordsEachOnesShare(@TempDir Path dir) throws Exception {
        try (WarmupTest.TestHttp server = new WarmupTest.TestHttp(n -> 0)) {
            Path suite = dir.resolve("hello.yaml");
            Files.writeString(suite, """
                    name: hello
                    warmup: none
                    order: grouped          # the points in the suite's order, which this test reads
                    targets:
                      - { label: hello, url: "http://127.0.0.1:%d/hello", protocol: plain }
                    load:
                      - { users: 4, requestsPerUser: 100 }
                      - { rate: 200, users: 4, duration: 1s }
                    """.formatted(server.port()));

            CliRunner r = CliRunner.run("run", suite.toString(), "--agents", "2", "--local", "--out", dir.resolve("out").toString());

            assertEquals(0, r.exit(), r.out() + r.err());
            assertTrue(r.out().contains("agents: 127.0.0.1:"), r.out());
            JsonNode run = RunJson.MAPPER.readTree(dir.resolve("out/run.json").toFile());
            JsonNode closed = run.at("/points/0");
            assertEquals(400, closed.get("requests").asLong(), "4 users × 100");
            assertEquals(2, closed.get("agents").size());
            assertEquals(200, closed.at("/agents/0/requests").asLong(), "2 users × 100 each");
            assertEquals(200, closed.at("/agents/1/requests").asLong());
            assertTrue(closed.has("startSkewMillis"));
            assertTrue(run.get("command").asText().contains(" --agents 2 --local --out "), run.get("command").asText());
            JsonNode open = run.at("/points/1");
            assertEquals(200, open.get("requests").asLong() + open.get("unfinished").asLong(), "200/s for 1 s from both");
            assertTrue(Files.isRegularFile(dir.resolve("out/logs/agent-1.log")), "each agent's output kept");
            assertTrue(Files.readString(dir.resolve("out/report.html")).contains("<h2>Load agents</h2>"));
        }
    }

    /**
     * What earlier runs may leave on this machine, a cluster port (5701) held and an agent process of a cluster
     * named as the local ones were (this process's pid), with nobody to join: local agents of a new run start anyway.
     */
    @Test
    void localAgentsStartWhateverAnEarlierRunLeft(@TempDir Path dir) throws Exception {
        try (WarmupTest.TestHttp server = new WarmupTest.TestHttp(n -> 0);
             ServerSocket held = heldOrNull(Cluster.DEFAULT_PORT);
             LocalAgents leftover = LocalAgents.start(1, Main.class.getName(), Cluster.DEFAULT_NAME + "-" + ProcessHandle.current().pid(),
                     Secret.generate(), "127.0.0.1:9", Cluster.DEFAULT_PORT, List.of(), dir.resolve("leftover"))) {
            Path suite = dir.resolve("hello.yaml");
            Files.writeString(suite, """
                    name: hello
                    warmup: none
                    order: grouped          # the points in the suite's order, which this test reads
                    targets:
                      - { label: hello, url: "http://127.0.0.1:%d/hello", protocol: plain }
                    load:
                      - { users: 2, requestsPerUser: 100 }
                    """.formatted(server.port()));
            for (int run = 1; run <= 2; run++) {
                Path out = dir.resolve("out-" + run);
                CliRunner r = CliRunner.run("run", suite.toString(), "--agents", "2", "--local", "--agents-wait", "60s",
                        "--out", out.toString());
                assertEquals(0, r.exit(), "run " + run + ": " + r.out() + r.err());
                JsonNode point = RunJson.MAPPER.readTree(out.resolve("run.json").toFile()).at("/points/0");
                assertEquals(2, point.get("agents").size(), point.toString());
                assertEquals(100, point.at("/agents/0/requests").asLong());
                assertEquals(100, point.at("/agents/1/requests").asLong());
            }
        }
    }

    /** A socket that holds {@code port}, or null when something else holds it already. */
    private static ServerSocket heldOrNull(int port) {
        try {
            return new ServerSocket(port, 1, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            return null;
        }
    }

    @Test
    void agentsThatNeverComeAreOneLineNamingWhatWasAwaited(@TempDir Path dir) throws IOException {
        Path secret = Files.writeString(dir.resolve("secret"), Secret.generate().forEnvironment());
        CliRunner r = CliRunner.run("run", "--agents", "2", "--join", "127.0.0.1:9", "--bind", "127.0.0.1", "--secret-file", secret.toString(),
                "--cluster", "nobody-" + ProcessHandle.current().pid(), "--agents-wait", "2s");

        assertEquals(2, r.exit(), r.out() + r.err());
        assertTrue(r.err().startsWith("wsbench: waited 2 s for 2 agents in cluster 'nobody-"), r.err());
        assertTrue(r.err().contains("none joined, 2 missing"), r.err());
        assertEquals(1, r.err().strip().lines().filter(l -> l.startsWith("wsbench:")).count(), r.err());
    }

    @Test
    void theKubernetesManifestsAgreeWithTheAgentsDiscoveryAndTheImage() throws Exception {
        List<JsonNode> docs = new ArrayList<>();
        for (String file : List.of("agents.yaml", "controller.yaml")) {
            ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
            yaml.readerFor(JsonNode.class).readValues(DEPLOY.resolve(file).toFile()).forEachRemaining(d -> docs.add((JsonNode) d));
        }
        JsonNode service = kind(docs, "Service");
        JsonNode agents = kind(docs, "StatefulSet");
        JsonNode job = kind(docs, "Job");
        String name = service.at("/metadata/name").asText();
        int port = service.at("/spec/ports/0/port").asInt();
        assertEquals("None", service.at("/spec/clusterIP").asText(), "headless: its DNS name lists every agent");
        assertTrue(service.at("/spec/publishNotReadyAddresses").asBoolean(), "the controller finds the agents while they start");
        assertEquals(name, agents.at("/spec/serviceName").asText());
        assertEquals(agents.at("/spec/selector/matchLabels"), service.at("/spec/selector"));
        assertEquals(agents.at("/spec/template/metadata/labels"), service.at("/spec/selector"));

        JsonNode container = agents.at("/spec/template/spec/containers/0");
        List<String> args = strings(container.get("args"));
        assertEquals("agent", args.get(0));
        assertEquals("$(POD_IP)", option(args, "--bind"), "beyond loopback only when told: on the pod's address");
        assertEquals("status.podIP", env(container, "POD_IP").at("/valueFrom/fieldRef/fieldPath").asText());
        // the secret from a Secret, the same on both sides, never written in the manifests
        JsonNode secret = env(container, Secret.ENVIRONMENT).at("/valueFrom/secretKeyRef");
        assertEquals(secret, env(job.at("/spec/template/spec/containers/0"), Secret.ENVIRONMENT).at("/valueFrom/secretKeyRef"));
        assertTrue(secret.has("name") && secret.has("key"), secret.toString());
        assertTrue(docs.stream().noneMatch(d -> "Secret".equals(d.path("kind").asText())), "no secret committed");
        assertEquals(String.valueOf(port), option(args, "--port"));
        assertEquals(port, container.at("/ports/0/containerPort").asInt());
        assertEquals(port, service.at("/spec/ports/0/targetPort").asInt());

        List<String> run = strings(job.at("/spec/template/spec/containers/0/args"));
        assertEquals("run", run.get(0));
        assertEquals(name + ":" + port, option(run, "--join"), "the controller joins through the same Service");
        assertEquals(option(args, "--cluster"), option(run, "--cluster"));
        assertEquals(agents.at("/spec/replicas").asText(), option(run, "--agents"));
        assertEquals(container.get("image"), job.at("/spec/template/spec/containers/0/image"));
        Suite suite = SuiteReader.parse(kind(docs, "ConfigMap").at("/data/suite.yaml").asText(), DEPLOY.resolve("suite.yaml"));
        assertEquals("in-cluster", suite.name());

        // the image Jib builds: the CLI's main class, the agents' port, the image name the manifests use
        Document pom = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(DEPLOY.resolve("../../cli/pom.xml").toFile());
        var xpath = XPathFactory.newInstance().newXPath();
        String jib = "//profile[id='image']//plugin[artifactId='jib-maven-plugin']/configuration";
        assertEquals(Main.class.getName(), xpath.evaluate(jib + "/container/mainClass", pom));
        assertEquals(String.valueOf(port), xpath.evaluate(jib + "/container/ports/port", pom));
        assertEquals(container.get("image").asText().replace("0.1.0-SNAPSHOT", "${project.version}"), xpath.evaluate(jib + "/to/image", pom));
    }

    private static JsonNode kind(List<JsonNode> docs, String kind) {
        return docs.stream().filter(d -> kind.equals(d.path("kind").asText())).findFirst()
                .orElseThrow(() -> new AssertionError("no " + kind + " in " + DEPLOY));
    }

    private static JsonNode env(JsonNode container, String name) {
        for (JsonNode e : container.path("env")) {
            if (name.equals(e.path("name").asText())) {
                return e;
            }
        }
        throw new AssertionError("no " + name + " in " + container.path("env"));
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    private static String option(List<String> args, String name) {
        int i = args.indexOf(name);
        assertTrue(i >= 0 && i + 1 < args.size(), name + " in " + args);
        return args.get(i + 1);
    }
}
