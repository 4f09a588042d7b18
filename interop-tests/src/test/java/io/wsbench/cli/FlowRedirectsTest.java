package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Steps that follow redirects, against redirects PHP's built-in server sends (redirects.php): a login
 * posted as a form and answered 303 with its session cookie, followed as a GET carrying that cookie; a
 * 301 after a POST (relative Location) and a 307 that keeps the method and body (absolute Location);
 * a chain of ten hops, each counted, the step's latency to the last answer; an eleventh hop and a
 * loop, each an error of its own kind; a redirect to another origin, not followed and said so.
 */
class FlowRedirectsTest {

    private static final Path RESOURCES = Path.of("src/test/resources/flow").toAbsolutePath();

    private static PhpService app(Path dir) throws Exception {
        Files.copy(RESOURCES.resolve("redirects.php"), dir.resolve("redirects.php"), StandardCopyOption.REPLACE_EXISTING);
        return PhpService.start(dir.resolve("redirects.php"));
    }

    private static JsonNode load(Path dir, PhpService app, String steps, String users, String iterations) throws Exception {
        Path flow = Files.writeString(dir.resolve("redirects.yaml"), """
                label: redirects
                url: %s
                flow:
                  follow: true
                  steps:
                %s""".formatted(app.base(), steps), StandardCharsets.UTF_8);
        CliRunner r = PhpService.loaded("--flow", flow.toString(), "-c", users, "-n", iterations);
        return io.wsbench.model.record.RunJson.MAPPER.readTree(r.out());
    }

    @Test
    void aPostAnswered303IsFollowedAsAGetWithItsCookieAndA307KeepsItsBody(@TempDir Path dir) throws Exception {
        try (PhpService app = app(dir)) {
            JsonNode p = load(dir, app, """
                        - { name: login, path: /login, form: { user: "u${vu}" },
                            checks: ["contains:Welcome, u${vu} (GET /home?from=login, body 0 bytes)"] }
                        - { name: moved, method: POST, path: /moved, body: "a=1", headers: { Content-Type: text/plain },
                            checks: ["contains:(GET /home, body 0 bytes)"] }
                        - { name: kept, method: POST, path: /keep, body: "n=${iteration}&x=a+b",
                            headers: { Content-Type: application/x-www-form-urlencoded },
                            checks: ["contains:POST n=${iteration}&x=a+b type application/x-www-form-urlencoded"] }
                        - { name: chain, path: /chain/10, checks: ["contains:end of the chain"] }
                        - { name: unfollowed, path: /chain/1, follow: false, checks: ["status: 302", "header:Location == /chain/0"] }
                    """, "2", "20");
            assertEquals(20, p.path("iterations").asLong(), p.toString());
            assertEquals(0, p.path("errors").path("total").asLong(), p.path("steps").toString());
            int[] hops = {1, 1, 1, 10, 0};
            for (int i = 0; i < hops.length; i++) {
                JsonNode s = p.path("steps").get(i);
                assertEquals(20, s.path("validated").asLong(), s.toString());
                assertEquals(20L * hops[i], s.path("redirects").asLong(), "each hop counted: " + s);
            }
            JsonNode chain = p.path("steps").get(3);
            JsonNode unfollowed = p.path("steps").get(4);
            assertTrue(chain.path("latencyMicros").path("p50").asDouble() > unfollowed.path("latencyMicros").path("p50").asDouble(),
                    "the step's latency runs to the last of its 11 answers: " + chain.path("latencyMicros") + " against one: "
                            + unfollowed.path("latencyMicros"));
        }
    }

    @Test
    void anEleventhHopAndALoopAreErrorsOfTheirOwnAndAnotherOriginIsNotFollowed(@TempDir Path dir) throws Exception {
        try (PhpService app = app(dir)) {
            JsonNode p = load(dir, app, """
                        - { name: long, path: /chain/11 }
                    """, "1", "3");
            JsonNode s = p.path("steps").get(0);
            assertEquals(3, s.path("errors").path("redirects").asLong(), s.toString());
            assertEquals(3, p.path("errors").path("redirects").asLong(), p.path("errors").toString());
            assertTrue(s.path("firstFailure").asText().contains("more than 10 redirects"), s.toString());
            assertEquals(30, s.path("redirects").asLong(), "ten hops followed each time before the eleventh: " + s);

            p = load(dir, app, """
                        - { name: loop, path: /loop }
                    """, "1", "3");
            s = p.path("steps").get(0);
            assertEquals(3, s.path("errors").path("redirects").asLong(), s.toString());
            assertTrue(s.path("firstFailure").asText().contains("a redirect loop: GET /loop again after 2 redirects"), s.toString());

            p = load(dir, app, """
                        - { name: away, path: /away }
                    """, "1", "3");
            s = p.path("steps").get(0);
            assertEquals(3, s.path("errors").path("httpStatus").asLong(), "the 302 is the step's answer: " + s);
            assertTrue(s.path("firstFailure").asText().contains("is another origin than " + app.base() + ": not followed"),
                    s.toString());
            assertEquals(0, s.path("redirects").asLong(), s.toString());
        }
    }
}
