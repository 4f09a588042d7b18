package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.record.RunJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code run --prometheus PORT} scraped by a real Prometheus (Debian's {@code prometheus}, which
 * .ci/run installs), every second, on 127.0.0.1: what Prometheus holds after the run equals run.json.
 * Bounded: two 3-second points; Prometheus is killed at the end.
 */
class PrometheusExportTest {

    static final Path PROMETHEUS = Path.of("/usr/bin/prometheus");

    @Test
    void whatPrometheusScrapedEqualsRunJson(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isExecutable(PROMETHEUS), "Prometheus is not installed at " + PROMETHEUS + " (apt-get install prometheus)");
        int metricsPort = freePort();
        int prometheusPort = freePort();
        Path config = dir.resolve("prometheus.yml");
        Files.writeString(config, """
                global: { scrape_interval: 1s, scrape_timeout: 900ms }
                scrape_configs:
                  - job_name: wsbench
                    static_configs: [ { targets: ["127.0.0.1:%d"] } ]
                """.formatted(metricsPort));
        Process prometheus = new ProcessBuilder(PROMETHEUS.toString(), "--config.file=" + config,
                "--storage.tsdb.path=" + dir.resolve("tsdb"), "--web.listen-address=127.0.0.1:" + prometheusPort)
                .redirectErrorStream(true).redirectOutput(dir.resolve("prometheus.log").toFile()).start();
        try {
            Path suite = dir.resolve("metrics.yaml");
            Files.writeString(suite, """
                    name: metrics
                    operation: now
                    warmupRequests: 200
                    repeat: 2
                    targets:
                      - { label: page, stack: direct, protocol: html }
                    load:
                      - { users: 2, duration: 3s }
                    """);
            CliRunner r = CliRunner.run("run", suite.toString(), "--prometheus", String.valueOf(metricsPort),
                    "--assert", "errors==0", "--out", dir.resolve("out").toString());
            assertEquals(0, r.exit(), r.out() + r.err());
            assertTrue(r.out().contains("metrics: http://127.0.0.1:" + metricsPort + "/metrics"), r.out());

            JsonNode points = RunJson.MAPPER.readTree(dir.resolve("out/run.json").toFile()).at("/points");
            long answers = 0;
            for (JsonNode p : points) {
                for (JsonNode s : p.at("/series")) {
                    answers += s.at("/requests").asLong();
                }
            }
            // a range over the run: after wsbench stopped, Prometheus marked the series stale, which an instant query honours
            String base = "http://127.0.0.1:" + prometheusPort;
            assertEquals(answers, query(base, "sum(max_over_time(wsbench_requests_total[10m]))"), 0.5, "answers, as run.json's seconds");
            assertEquals(answers, query(base, "sum(max_over_time(wsbench_latency_seconds_count[10m]))"), 0.5, "latencies observed");
            assertEquals(0, query(base, "sum(max_over_time(wsbench_errors_total[10m]))"), 0.5);
            assertEquals(points.get(1).at("/throughput").asDouble(),
                    query(base, "max_over_time(wsbench_point_throughput{target=\"page\",repeat=\"2\"}[10m])"), 0.01);
            assertEquals(1, query(base, "max_over_time(wsbench_assertion_passed{assertion=\"errors==0\"}[10m])"), 0);
        } finally {
            prometheus.destroy();
            if (!prometheus.waitFor(10, TimeUnit.SECONDS)) {
                prometheus.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    /** A PromQL query's one value; fails naming the query when Prometheus gave none. */
    private static double query(String base, String promql) throws Exception {
        HttpResponse<String> answer = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(base + "/api/v1/query?query="
                + URLEncoder.encode(promql, StandardCharsets.UTF_8))).build(), HttpResponse.BodyHandlers.ofString());
        JsonNode result = RunJson.MAPPER.readTree(answer.body()).at("/data/result");
        assertEquals(1, result.size(), promql + " gave " + answer.body());
        return Double.parseDouble(result.get(0).at("/value/1").asText());
    }

    private static int freePort() throws Exception {
        return io.wsbench.launch.StackLauncher.freePort(); // below the ephemeral ports a load's connections take
    }
}
