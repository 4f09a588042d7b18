package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.record.RunJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code run --live}: a run of two 4-second points on the direct stack (which throws and swallows an
 * exception a request, for a flag), watched while it runs by a
 * stream reader and by headless Chromium. Bounded: the run's points by time, the reader by the run's
 * end, Chromium by its own timeout.
 */
class LivePageTest {

    static final Path CHROMIUM = Path.of("/usr/bin/chromium");

    @Test
    void thePageSeesEachSecondAsItClosesAndTheStreamEndsWithTheRun(@TempDir Path dir) throws Exception {
        int port = io.wsbench.launch.StackLauncher.freePort();
        Path suite = dir.resolve("live.yaml");
        Files.writeString(suite, """
                name: live
                operation: now
                warmupRequests: 200
                repeat: 2
                targets:
                  - { label: page, stack: direct, protocol: html }
                load:
                  - { users: 2, duration: 4s }
                stackOptions:
                  direct: { faults: swallowed-exception }
                """);
        CompletableFuture<CliRunner> run = CompletableFuture.supplyAsync(() -> CliRunner.run("run", suite.toString(),
                "--live", String.valueOf(port), "--out", dir.resolve("out").toString()));
        URI page = URI.create("http://127.0.0.1:" + port + "/");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!answers(page)) {
            assertTrue(System.nanoTime() < deadline && !run.isDone(), "the live page never answered: " + (run.isDone() ? run.get() : ""));
            Thread.sleep(100);
        }
        // Chromium opens the page during the run; what it drew is read every 300 ms until the run ends
        CompletableFuture<List<JsonNode>> browser = CompletableFuture.supplyAsync(() -> watch(dir, page, run));
        List<JsonNode> events = new ArrayList<>();
        HttpURLConnection stream = (HttpURLConnection) page.resolve("/events").toURL().openConnection();
        stream.setReadTimeout(60_000);
        try (BufferedReader in = new BufferedReader(new InputStreamReader(stream.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.startsWith("data: ")) {
                    events.add(RunJson.MAPPER.readTree(line.substring(6)));
                }
            } // the stream ends with the run: readLine gives null, no timeout
        }
        CliRunner r = run.get(120, TimeUnit.SECONDS);
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("live: " + page + " (until the run ends)"), r.out());
        assertEquals("end", events.get(events.size() - 1).at("/type").asText());

        // each point's seconds in order as they closed, then the point with its figures as run.json has them
        JsonNode points = RunJson.MAPPER.readTree(dir.resolve("out/run.json").toFile()).at("/points");
        List<JsonNode> done = events.stream().filter(e -> e.at("/type").asText().equals("done")).toList();
        assertEquals(2, done.size(), events.toString());
        for (int i = 0; i < 2; i++) {
            assertEquals(points.get(i).at("/throughput").asDouble(), done.get(i).at("/throughput").asDouble(), 1e-6);
        }
        // the server's CPU and memory, every second while it runs
        List<JsonNode> servers = events.stream().filter(e -> e.at("/type").asText().equals("server")).toList();
        assertTrue(servers.size() >= 4 && servers.stream().allMatch(e -> e.at("/rssBytes").asLong() > 10_000_000)
                && servers.stream().anyMatch(e -> e.at("/cpuPercent").asDouble() > 10), servers.toString());
        // the server's hidden exception (one a request) flagged as each point ended, not only with the run
        List<JsonNode> flags = events.stream().filter(e -> e.at("/type").asText().equals("flag")).toList();
        assertEquals(2, flags.stream().filter(f -> f.at("/text").asText().contains("exceptions per second")).count(), flags.toString());
        int last = -1;
        long requests = 0;
        int secondsOfSecondPoint = 0;
        boolean inSecond = false;
        for (JsonNode e : events) {
            switch (e.at("/type").asText()) {
                case "point" -> {
                    last = -1;
                    inSecond = e.at("/index").asInt() == 2;
                }
                case "second" -> {
                    assertEquals(last + 1, e.at("/second").asInt(), "seconds in order: " + events);
                    last = e.at("/second").asInt();
                    if (inSecond) {
                        requests += e.at("/requests").asLong();
                        secondsOfSecondPoint++;
                    }
                }
                default -> {
                }
            }
        }
        // the reader connected during the first point at the latest: every second of the second point came to it
        assertTrue(secondsOfSecondPoint >= 4, events.toString());
        assertEquals(points.get(1).at("/requests").asLong() - points.get(1).at("/errors/total").asLong(), requests,
                points.get(1).at("/requests").asLong() * 0.02, "the seconds add up to the point");

        List<JsonNode> looks = browser.get(60, TimeUnit.SECONDS);
        if (looks != null) {
            // looked at as the run went: the seconds it had drawn grew, look by look, and it saw the run end
            List<Integer> seconds = looks.stream().map(s -> s.at("/seconds").asInt()).distinct().toList();
            assertTrue(seconds.size() >= 4, "the chart grew second by second: " + seconds);
            JsonNode lastLook = looks.get(looks.size() - 1);
            assertTrue(lastLook.at("/ended").asBoolean() && lastLook.at("/points").asInt() == 2, lastLook.toString());
            assertTrue(lastLook.at("/flags").asInt() >= 2 && lastLook.at("/servers").asInt() >= 1, lastLook.toString());
        }
    }

    private static boolean answers(URI page) {
        try {
            HttpURLConnection c = (HttpURLConnection) page.toURL().openConnection();
            c.setConnectTimeout(500);
            return c.getResponseCode() == 200;
        } catch (Exception e) {
            return false;
        }
    }

    /**
     * What the page says it has seen (window.wsbenchLive), every 300 ms from its opening in headless
     * Chromium until the run is done and the page has seen its end; null where Chromium is not installed.
     */
    private static List<JsonNode> watch(Path dir, URI page, CompletableFuture<CliRunner> run) {
        if (!Files.isExecutable(CHROMIUM)) {
            return null;
        }
        List<JsonNode> looks = new ArrayList<>();
        try (DevToolsPage browser = DevToolsPage.open(CHROMIUM, dir.resolve("chromium"), page)) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            while (System.nanoTime() < deadline) {
                String seen = browser.evaluate("JSON.stringify(window.wsbenchLive || null)");
                if (seen != null && !seen.equals("null")) {
                    JsonNode look = RunJson.MAPPER.readTree(seen);
                    looks.add(look);
                    if (look.at("/ended").asBoolean()) {
                        break;
                    }
                }
                Thread.sleep(300);
            }
            return looks;
        } catch (Exception e) {
            throw new IllegalStateException("watching the live page: " + e, e);
        }
    }

}
