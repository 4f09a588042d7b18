package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.record.RunJson;
import io.wsbench.launch.StackLauncher;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Sessions recorded by a real browser on a real application, made flows by {@code wsbench har} with
 * no hand edit: Playwright for Python drives Debian's Chromium through a Django site's admin (log in,
 * add a note, find it, open it, log out) and through its JSON API with a bearer token, recording each
 * to a HAR file; each flow then runs 4 users × 25 iterations with no error. The CSRF tokens, the
 * session cookie, the new note's id and the bearer token are carried from answer to request by what
 * {@code har} wrote. Skipped, saying why, where Chromium is absent or pip cannot install Django and
 * Playwright.
 */
class HarRecordingTest {

    private static final String CHROMIUM = "/usr/bin/chromium";
    private static final String PASSWORD = "s3cret&+=";
    private static Path site;
    private static Process server;
    private static String base;

    @BeforeAll
    static void start(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of(CHROMIUM)), "no Chromium at " + CHROMIUM + ": the recordings are skipped");
        if (run(dir, Map.of(), "python3", "-c", "import django, playwright") != 0) {
            int pip = run(dir, Map.of(), "python3", "-m", "pip", "install", "-q", "django==5.2.19", "playwright==1.65.2");
            Assumptions.assumeTrue(pip == 0, "Django and Playwright could not be installed with pip: the recordings are skipped");
        }
        site = dir.resolve("site");
        Path from = Path.of("src/test/resources/har").toAbsolutePath();
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path to = site.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(f, to);
                }
            }
        }
        Map<String, String> env = Map.of("NOTES_DATA", site.toString(), "DJANGO_SUPERUSER_PASSWORD", PASSWORD);
        assertEquals(0, run(site, env, "python3", "manage.py", "makemigrations", "notes"));
        assertEquals(0, run(site, env, "python3", "manage.py", "migrate", "-v", "0"));
        assertEquals(0, run(site, env, "python3", "manage.py", "createsuperuser", "--noinput", "--username", "editor",
                "--email", "editor@example.test"));
        int port = StackLauncher.freePort();
        base = "http://127.0.0.1:" + port;
        ProcessBuilder pb = new ProcessBuilder("python3", "manage.py", "runserver", "127.0.0.1:" + port, "--noreload")
                .directory(site.toFile()).redirectErrorStream(true).redirectOutput(site.resolve("server.log").toFile());
        pb.environment().putAll(env);
        server = pb.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            try (Socket s = new Socket("127.0.0.1", port)) {
                break;
            } catch (IOException notYet) {
                assertTrue(System.nanoTime() < deadline && server.isAlive(), "Django did not start: " + log());
                Thread.sleep(100);
            }
        }
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.destroyForcibly();
        }
    }

    private static String log() throws IOException {
        Path log = site.resolve("server.log");
        return Files.exists(log) ? Files.readString(log) : "";
    }

    /** Records {@code what} (admin or api) with Chromium; the HAR file. */
    private static Path recorded(String what) throws Exception {
        Path har = site.resolve(what + ".har");
        int exit = run(site, Map.of(), "python3", "record.py", what, base, har.toString(), CHROMIUM);
        assertEquals(0, exit, "the recording failed: " + Files.readString(site.resolve("run.log")));
        return har;
    }

    /** {@code wsbench har} on it, then 4 users × 25 iterations of the flow it wrote; the flow's text and the point. */
    private static String[] madeAndRun(String what) throws Exception {
        Path har = recorded(what);
        Path flow = site.resolve(what + ".yaml");
        CliRunner made = CliRunner.run("har", har.toString(), "--out", flow.toString(), "--no-think");
        assertEquals(0, made.exit(), made.out() + made.err());
        String yaml = Files.readString(flow);
        CliRunner load = CliRunner.run("load", "--flow", flow.toString(), "-c", "4", "-n", "100", "--json");
        JsonNode p = RunJson.MAPPER.readTree(load.out());
        assertEquals(100, p.path("iterations").asLong(), made.out() + yaml + load.err() + p);
        assertEquals(0, p.path("errors").path("total").asLong(), "no error in 4 users × 25 iterations: " + made.out() + yaml
                + p.path("steps") + load.err());
        assertEquals(100, p.path("validated").asLong(), p.toString());
        assertFalse(yaml.contains("\"Cookie\""), "cookies are the jar's: " + yaml);
        long redirects = 0;
        for (JsonNode step : p.path("steps")) {
            redirects += step.path("redirects").asLong();
        }
        return new String[]{yaml, made.out(), Long.toString(redirects)};
    }

    @Test
    void theAdminSessionRunsAsRecordedItsCsrfTokensSessionAndNewIdCarried() throws Exception {
        String[] made = madeAndRun("admin");
        String yaml = made[0];
        assertTrue(yaml.contains("\"csrfmiddlewaretoken\":\"css:input[name=csrfmiddlewaretoken]@value\""), yaml);
        assertTrue(yaml.contains("\"csrfmiddlewaretoken\":\"${csrfmiddlewaretoken"), "the token posted is the one extracted: " + yaml);
        assertTrue(yaml.contains("\"path\":\"/admin/notes/note/${note_id}/change/"), "the new note's id: " + yaml);
        assertTrue(yaml.contains("\"note_id\":\"regex:/admin/notes/note/([0-9]+)/"), yaml);
        String csv = Files.readString(site.resolve("admin.csv"), StandardCharsets.UTF_8);
        assertTrue(List.of(csv.lines().findFirst().orElse("").split(",")).containsAll(List.of("username", "password", "title")), csv);
        assertTrue(csv.contains("editor") && csv.contains("Quarterly figures"), "typed values, as recorded: " + csv);
        assertTrue(made[1].contains("correlated:"), made[1]);
        // Django answers the login, the add and the logout with a 302 the browser followed: each is one step that follows it
        assertTrue(yaml.contains("\"follow\":true") && yaml.contains("#   follows its redirect (302) to GET /admin/")
                && !yaml.contains("status: 302"), yaml);
        assertTrue(Long.parseLong(made[2]) >= 200, "at least two redirects followed in each of the 100 iterations: " + made[2]);
    }

    @Test
    void theApiSessionRunsAsRecordedItsBearerTokenAndNewIdCarried() throws Exception {
        String[] made = madeAndRun("api");
        String yaml = made[0];
        assertTrue(yaml.contains("\"token\":\"jsonpath:$.access_token\""), yaml);
        assertTrue(yaml.contains("\"Authorization\":\"Bearer ${token}\""), yaml);
        assertTrue(yaml.contains("\"note_id\":\"jsonpath:$.id\""), yaml);
        assertTrue(yaml.contains("\"path\":\"/api/notes/${note_id}\""), yaml);
        List<String> lines = new ArrayList<>(List.of(Files.readString(site.resolve("api.csv")).split("\n")));
        assertEquals(List.of("user", "password", "title"), List.of(lines.get(0).split(",")), lines.toString());
    }

    private static int run(Path dir, Map<String, String> env, String... command) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("run.log").toFile());
        pb.environment().putAll(env);
        if (site != null) {
            pb.environment().put("NOTES_DATA", site.toString());
        }
        Process p = pb.start();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            return -1;
        }
        return p.exitValue();
    }
}
