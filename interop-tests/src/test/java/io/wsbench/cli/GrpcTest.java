package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.record.RunJson;
import io.wsbench.launch.StackLauncher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * gRPC against the grpc stack (grpc-java), from outside and from wsbench: Python's grpcio gets the
 * answers wsbench expects; wsbench's grpc protocol has every hello and every matchQuakes answer of the
 * small sequence put to the SOAP stacks' oracle; {@code load --proto} fills each call's message from
 * rows, counts exactly the calls the server fails (every 5th by its fault, and the rows it refuses) as
 * gRPC status errors by their code, and the wrong expected values as check failures; the same in a
 * suite's proto target; a .proto that does not parse is one line. Bounded: request counts, one server
 * per part.
 */
class GrpcTest {

    private static final Path PROTO = Path.of(System.getProperty("wsbench.home", "."))
            .resolve("contract/src/main/resources/io/wsbench/contract/grpc/wsbench.proto");

    @Test
    void helloAndQuakesByTheOracleAndRowsWithTheirStatusesCounted(@TempDir Path dir) throws Exception {
        Path proto = Files.copy(PROTO, dir.resolve("wsbench.proto"));
        int port = StackLauncher.freePort();
        String base = "http://127.0.0.1:" + port;
        try (CliProcess serve = CliProcess.serving(dir.resolve("serve.out"), Duration.ofSeconds(90), "grpc", port, "-o", "faults=unavailable-every-5")) {

            // rows: 2 and 6 the server refuses (times 0), 7 expects the wrong greeting; one user, so calls 5, 10, ...
            // (rows 4 and 9, every time) are the ones the fault fails
            StringBuilder rows = new StringBuilder("name,times,expected\n");
            for (int i = 0; i < 10; i++) {
                int times = i == 2 || i == 6 ? 0 : 1 + i % 2;
                String expected = times == 0 ? "" : String.join(" ", java.util.Collections.nCopies(times, "Hello u" + i));
                rows.append("u").append(i).append(',').append(times).append(',').append(i == 7 ? "Hello nobody" : expected).append('\n');
            }
            Files.writeString(dir.resolve("rows.csv"), rows);
            CliRunner greet = CliRunner.run("load", base, "--proto", proto.toString(), "--method", "wsbench.Hello/Greet",
                    "--data", dir.resolve("rows.csv").toString(), "--check", "jsonpath:$.greeting == ${expected}",
                    "-c", "1", "-n", "100", "--json");
            assertEquals(0, greet.exit(), greet.out() + greet.err());
            JsonNode g = RunJson.MAPPER.readTree(greet.out());
            assertEquals(100, g.at("/requests").asLong(), g.toString());
            assertEquals(40, g.at("/errors/grpcStatus").asLong(), "rows 4 and 9 (fault), 2 and 6 (refused): " + g.at("/errors"));
            assertEquals(10, g.at("/errors/validation").asLong(), "row 7, ten times: " + g.at("/errors"));
            assertEquals(50, g.at("/validated").asLong(), g.toString());
            JsonNode events = g.at("/generator/http2/events");
            assertEquals(20, events.at("/grpc-status UNAVAILABLE (14)").asLong(), events.toString());
            assertEquals(20, events.at("/grpc-status INVALID_ARGUMENT (3)").asLong(), events.toString());
            assertEquals("grpc", g.at("/target/protocol").asText());
            assertEquals("h2c", g.at("/generator/http2/protocol").asText());
            assertTrue((greet.out() + greet.err()).contains("answers refused; the first: grpc-status INVALID_ARGUMENT (3): times must be"
                    + " 1 or more, not 0"), "row 2's call, with the reason the server gave: " + greet.err());

            // an outside client: Python's grpcio, its messages written and read by hand (calls 101 and 102: no fault)
            List<String> python = python(dir, base.substring("http://".length()));
            assertEquals(List.of("Hello World", "Hello Ada Hello Ada", "INVALID_ARGUMENT times must be 1 or more, not 0"), python);

            // no .proto at hand: the server's reflection service describes the same methods, and the same rows load by it
            CliRunner reflected = CliRunner.run("grpc", base);
            assertEquals(0, reflected.exit(), reflected.err());
            CliRunner fromFile = CliRunner.run("grpc", proto.toString());
            assertEquals(fromFile.out().lines().skip(1).toList(), reflected.out().lines().skip(1).toList(), reflected.out());
            assertTrue(reflected.out().startsWith("gRPC  the reflection service of " + base), reflected.out());
            CliRunner byReflection = CliRunner.run("load", base, "--proto", "reflection", "--method", "Greet",
                    "--data", dir.resolve("rows.csv").toString(), "--check", "jsonpath:$.greeting == ${expected}",
                    "-c", "1", "-n", "10", "--json");
            assertEquals(0, byReflection.exit(), byReflection.out() + byReflection.err());
            JsonNode r = RunJson.MAPPER.readTree(byReflection.out());
            // Greet's calls 103 to 112 (after the load's 100 and python's 2): the fault fails 105 and 110 (rows 2 and 7),
            // the server refuses row 6, and the other 7 rows are answered as they expect
            assertEquals(3, r.at("/errors/grpcStatus").asLong(), r.at("/errors").toString());
            assertEquals(7, r.at("/validated").asLong(), r.toString());

            // wsbench's own grpc protocol: hello, and seed 001's small sequence by the SOAP oracle, over shared connections
            CliRunner hello = CliRunner.run("load", base + "/wsbench.Hello/Hello", "--protocol", "grpc", "-c", "4",
                    "--streams", "2", "-n", "400", "--json");
            assertEquals(0, hello.exit(), hello.out() + hello.err());
            assertEquals(400, RunJson.MAPPER.readTree(hello.out()).at("/validated").asLong(), hello.out());
            CliRunner quakes = CliRunner.run("load", base + "/wsbench.Seismic/MatchQuakes", "--protocol", "grpc",
                    "--operation", "matchQuakes", "--sequence", "small", "-c", "2", "-n", "1000", "--json");
            assertEquals(0, quakes.exit(), quakes.out() + quakes.err());
            JsonNode q = RunJson.MAPPER.readTree(quakes.out());
            assertEquals(1000, q.at("/validated").asLong(), q.toString());

            // the server-streaming method: each answer's messages are one JSON array for the checks
            Files.writeString(dir.resolve("strong.json"), "{\"minMag\": ${mag}, \"maxDepth\": 30}");
            io.wsbench.contract.seismic.Catalog catalog = io.wsbench.contract.seismic.Catalog.standard();
            int strong = catalog.count(new io.wsbench.contract.seismic.Query(null, null, null, null, null, null,
                    6.5f, null, null, 30f));
            Files.writeString(dir.resolve("mags.csv"), "mag,count\n6.5," + strong + "\n");
            CliRunner stream = CliRunner.run("load", base, "--proto", proto.toString(), "--method", "StreamQuakes",
                    "--template", dir.resolve("strong.json").toString(), "--data", dir.resolve("mags.csv").toString(),
                    "--check", "jsonpath:$.length() == ${count}", "-c", "1", "-n", "20", "--json");
            assertEquals(0, stream.exit(), stream.out() + stream.err());
            JsonNode st = RunJson.MAPPER.readTree(stream.out());
            assertEquals(20, st.at("/validated").asLong(), st.toString());
            assertEquals(20L * strong, st.at("/generator/http2/grpcMessages").asLong(), "each stream's messages counted: " + st.at("/generator"));
        }

        // a suite's proto target on the grpc stack wsbench starts: the same rows, no fault
        Files.writeString(dir.resolve("greet.yaml"), """
                name: greet
                warmup: none
                targets:
                  - { label: greet, stack: grpc, proto: wsbench.proto, operation: Greet, data: rows.csv, checks: ["jsonpath:$.greeting == ${expected}"] }
                  - { label: reflected, stack: grpc, proto: reflection, operation: Greet, data: rows.csv, checks: ["jsonpath:$.greeting == ${expected}"] }
                load:
                  - { users: 1, requestsPerUser: 100 }
                """);
        CliRunner suite = CliRunner.run("run", dir.resolve("greet.yaml").toString(), "--out", dir.resolve("out").toString(),
                "--monitor", "proc");
        assertEquals(0, suite.exit(), suite.out() + suite.err());
        JsonNode points = RunJson.MAPPER.readTree(dir.resolve("out/run.json").toFile()).at("/points");
        JsonNode point = RunCommandTest.labelled(points, "greet"); // the rounds measure the two in any order
        assertEquals(20, point.at("/errors/grpcStatus").asLong(), point.at("/errors").toString());
        assertEquals(10, point.at("/errors/validation").asLong(), point.at("/errors").toString());
        assertEquals("grpc", point.at("/target/protocol").asText());
        JsonNode reflectedPoint = RunCommandTest.labelled(points, "reflected");
        assertEquals("reflected", reflectedPoint.at("/target/label").asText());
        assertEquals(20, reflectedPoint.at("/errors/grpcStatus").asLong(), reflectedPoint.at("/errors").toString());
        assertEquals(10, reflectedPoint.at("/errors/validation").asLong(), reflectedPoint.at("/errors").toString());

        // a .proto that does not parse: one line naming the file and its line, before any load
        Files.writeString(dir.resolve("broken.proto"), "syntax = \"proto3\";\nservice S {\n  rpc M (A) returns B;\n}\n");
        CliRunner broken = CliRunner.run("load", "http://127.0.0.1:1", "--proto", dir.resolve("broken.proto").toString(),
                "--method", "S/M");
        assertEquals(ExitCode.BAD_INPUT, broken.exit(), broken.err());
        assertTrue(broken.err().strip().matches("wsbench: .*broken\\.proto:3:\\d+.*"), broken.err());
        assertEquals(1, broken.err().strip().lines().count(), broken.err());
        CliRunner listed = CliRunner.run("grpc", proto.toString());
        assertEquals(0, listed.exit(), listed.err());
        assertTrue(listed.out().contains("wsbench.Seismic/StreamQuakes  (wsbench.QuakeQuery) returns (stream wsbench.Quake)"), listed.out());
    }

    /**
     * A server someone else wrote and only its reflection service describes: Python's grpcio with
     * grpcio-reflection (v1alpha), its descriptors built by hand across two files (proto3 importing
     * proto2) with maps, oneofs, enums, nested messages, proto3 optional, required, defaults and packed
     * numbers. wsbench lists it, and every call made from rows through a template is answered as the
     * rows expect; a row that expects the wrong total fails exactly its calls' checks.
     */
    @Test
    void aServerDescribedOnlyByItsReflectionService(@TempDir Path dir) throws Exception {
        PythonProcess.need("grpc_reflection, grpc", "grpcio==1.85.1", "grpcio-reflection==1.85.1");
        Path script = dir.resolve("outside_reflection_server.py");
        try (var in = GrpcTest.class.getResourceAsStream("/grpc/outside_reflection_server.py")) {
            Files.copy(in, script);
        }
        int port = StackLauncher.freePort();
        String base = "http://127.0.0.1:" + port;
        Process server = PythonProcess.started(dir, "ready", script.toString(), String.valueOf(port));
        try {
            CliRunner listed = CliRunner.run("grpc", base);
            assertEquals(0, listed.exit(), listed.err());
            assertTrue(listed.out().contains("shop.Orders/Place  (shop.Order) returns (shop.Receipt)"), listed.out());

            Files.writeString(dir.resolve("order.json"), """
                    {"id": "${id}", "qty": ${qty}, "unitCents": "${unit}", "tags": ["a", "${tag}"], "extras": {"gift": ${gift}},
                     "kind": "${kind}", "card": "${card}", "note": "${note}", "item": {"sku": "${sku}", "sizes": [1, 2]}}
                    """);
            // the proto2 item's weight and level are left to their defaults (250, HIGH), which the server reads
            Files.writeString(dir.resolve("orders.csv"), """
                    id,qty,unit,tag,gift,kind,card,note,sku,summary,total
                    o1,3,250,red,5,RETAIL,visa,rush,S1,o1 x3 RETAIL tags=a+red extras=gift:5 pay=visa note=rush item=S1/250 level=HIGH,755
                    o2,1,100,blue,0,WHOLESALE,mc,,S2,o2 x1 WHOLESALE tags=a+blue extras=gift:0 pay=mc note= item=S2/250 level=HIGH,100
                    o3,2,5,green,1,KIND_UNSPECIFIED,amex,gift,S3,o3 x2 KIND_UNSPECIFIED tags=a+green extras=gift:1 pay=amex note=gift item=S3/250 level=HIGH,999
                    """);
            CliRunner load = CliRunner.run("load", base, "--proto", "reflection", "--method", "Place",
                    "--template", dir.resolve("order.json").toString(), "--data", dir.resolve("orders.csv").toString(),
                    "--check", "jsonpath:$.summary == ${summary}", "--check", "jsonpath:$.total == ${total}",
                    "-c", "1", "-n", "30", "--json");
            assertEquals(0, load.exit(), load.out() + load.err());
            JsonNode p = RunJson.MAPPER.readTree(load.out());
            assertEquals(30, p.at("/requests").asLong(), p.toString());
            assertEquals(20, p.at("/validated").asLong(), "rows o1 and o2: " + p.at("/errors"));
            assertEquals(10, p.at("/errors/validation").asLong(), "row o3 expects the wrong total: " + p.at("/errors"));
        } finally {
            server.destroyForcibly();
            server.waitFor(10, TimeUnit.SECONDS);
        }
        CliRunner none = CliRunner.run("grpc", base);
        assertEquals(ExitCode.BAD_INPUT, none.exit(), none.err());
        assertEquals("wsbench: cannot connect to " + base + ": Connection refused", none.err().strip());

        // the same server over TLS: reflection and the calls by h2 over ALPN, its certificate checked
        try (TlsFixture tls = new TlsFixture(dir)) {
            Path[] pem = tls.serverPem(dir);
            int tlsPort = StackLauncher.freePort();
            String secure = "https://127.0.0.1:" + tlsPort;
            Process tlsServer = PythonProcess.started(dir, "ready", script.toString(), String.valueOf(tlsPort), pem[0].toString(), pem[1].toString());
            try {
                CliRunner untrusted = CliRunner.run("grpc", secure);
                assertEquals(ExitCode.BAD_INPUT, untrusted.exit(), untrusted.err());
                assertTrue(untrusted.err().startsWith("wsbench: TLS with " + secure + " failed"), untrusted.err());
                CliRunner listedTls = CliRunner.run("grpc", secure, "--cacert", tls.ca.toString());
                assertEquals(0, listedTls.exit(), listedTls.err());
                assertTrue(listedTls.out().contains("shop.Orders/Place  (shop.Order) returns (shop.Receipt)"), listedTls.out());
                CliRunner loadTls = CliRunner.run("load", secure, "--proto", "reflection", "--method", "Place",
                        "--template", dir.resolve("order.json").toString(), "--data", dir.resolve("orders.csv").toString(),
                        "--check", "jsonpath:$.total == ${total}", "--cacert", tls.ca.toString(), "-c", "1", "-n", "9", "--json");
                assertEquals(0, loadTls.exit(), loadTls.out() + loadTls.err());
                JsonNode t = RunJson.MAPPER.readTree(loadTls.out());
                assertEquals(6, t.at("/validated").asLong(), t.toString());
                assertEquals(3, t.at("/errors/validation").asLong(), t.at("/errors").toString());
                assertEquals("h2", t.at("/generator/http2/protocol").asText(), t.at("/generator").toString());
            } finally {
                tlsServer.destroyForcibly();
                tlsServer.waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    /** Runs the outside client (installing grpcio with pip when it is missing; skipped when it cannot be). */
    private static List<String> python(Path dir, String target) throws Exception {
        PythonProcess.need("grpc", "grpcio==1.85.1");
        Path script = dir.resolve("outside_client.py");
        try (var in = GrpcTest.class.getResourceAsStream("/grpc/outside_client.py")) {
            Files.copy(in, script);
        }
        Process p = new ProcessBuilder("python3", script.toString(), target).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the python client did not end");
        assertEquals(0, p.exitValue(), out);
        return out.strip().lines().toList();
    }
}
