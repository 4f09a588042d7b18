package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.record.RunJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * HTTP Basic auth in one line on a flow's steps, against shop.php's /basic under PHP's built-in
 * server: it decodes the header itself, passes user:pw-USER and answers 401 to anything else, and
 * counts both, so the test compares what the server saw with what wsbench measured.
 */
class FlowBasicAuthTest {

    private static final Path RESOURCES = Path.of("src/test/resources/flow").toAbsolutePath();

    /** Five rows, two with a wrong password: 10 iterations take each twice, so 4 answers are 401. */
    private static final String CREDENTIALS = "user,password\nann,pw-ann\nbob,wrong\ncid,pw-cid\ndee,pw-de\neve,pw-eve\n";
    private static final String USERS = "user,password\nann,pw-ann\nbob,pw-bob\ncid,pw-cid\ndee,pw-dee\n";

    private static PhpService shop(Path dir) throws Exception {
        Files.copy(RESOURCES.resolve("shop.php"), dir.resolve("shop.php"), StandardCopyOption.REPLACE_EXISTING);
        Files.writeString(dir.resolve("credentials.csv"), CREDENTIALS);
        Files.writeString(dir.resolve("users.csv"), USERS);
        return PhpService.start(dir.resolve("shop.php"));
    }

    private static JsonNode stats(PhpService shop) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                URI.create(shop.base() + "/stats")).build(), HttpResponse.BodyHandlers.ofString());
        return RunJson.MAPPER.readTree(r.body());
    }

    @Test
    void aStepsBasicAuthIsWrittenFromEachRowAndTheServerCountsExactlyTheWrongPasswords(@TempDir Path dir) throws Exception {
        try (PhpService shop = shop(dir)) {
            Path flow = Files.writeString(dir.resolve("basic.yaml"), """
                    label: basic
                    url: %s
                    flow:
                      steps:
                        - { name: basic, method: GET, path: /basic, data: credentials.csv, basicAuth: "${user}:${password}",
                            checks: ["jsonpath:$.user == '${user}'"] }
                    """.formatted(shop.base()));
            CliRunner r = PhpService.loaded("--flow", flow.toString(), "-c", "2", "-n", "10");
            JsonNode p = RunJson.MAPPER.readTree(r.out());

            assertEquals(10, p.path("iterations").asLong(), p.toString());
            assertEquals(6, p.path("validated").asLong(), "the rows with the right password, twice each: " + p);
            assertEquals(4, p.path("errors").path("httpStatus").asLong(), "bob's and dee's wrong passwords, twice each: " + p);
            JsonNode step = p.path("steps").get(0);
            assertEquals(6, step.path("validated").asLong(), step.toString());
            assertEquals(4, step.path("errors").path("httpStatus").asLong(), step.toString());
            assertTrue(step.path("firstFailure").asText().contains("status 401"), step.toString());
            JsonNode seen = stats(shop);
            assertEquals(6, seen.path("basicOk").asLong(), "the server decoded six good pairs: " + seen);
            assertEquals(4, seen.path("basicDenied").asLong(), seen.toString());
            for (String secret : new String[]{"pw-ann", "pw-cid", "pw-eve", "wrong"}) {
                assertFalse((r.out() + r.err()).contains(secret), "a password was printed: " + secret);
            }
        }
    }

    @Test
    void theFlowsBasicAuthGoesOnEveryStepButOneThatNamesItsOwn(@TempDir Path dir) throws Exception {
        try (PhpService shop = shop(dir)) {
            Path flow = Files.writeString(dir.resolve("basic.yaml"), """
                    label: basic
                    url: %s
                    flow:
                      basicAuth: "${user}:${password}"
                      setup:
                        - { name: hello, method: GET, path: /basic, data: users.csv, dataMode: perUser }
                      steps:
                        - { name: mine, method: GET, path: "/basic?i=${iteration}", checks: ["jsonpath:$.user == '${user}'"] }
                        - { name: impostor, method: GET, path: /basic, basicAuth: "${user}:pw-nobody", checks: ["status: 401"] }
                    """.formatted(shop.base()));
            JsonNode p = PhpService.load("--flow", flow.toString(), "-c", "4", "-n", "20");

            assertEquals(20, p.path("validated").asLong(), p.toString());
            assertEquals(4, p.path("setup").get(0).path("validated").asLong(), "each user's own row in setup: " + p);
            assertEquals(20, p.path("steps").get(0).path("validated").asLong(), p.toString());
            assertEquals(20, p.path("steps").get(1).path("validated").asLong(), "its own basicAuth, refused as it should be: " + p);
            JsonNode seen = stats(shop);
            assertEquals(24, seen.path("basicOk").asLong(), "setup and every iteration's first step: " + seen);
            assertEquals(20, seen.path("basicDenied").asLong(), "the step's own pair, not the flow's: " + seen);
        }
    }

    @Test
    void anUnknownVariableInBasicAuthIsRefusedBeforeAnyLoadNamingTheStep(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("credentials.csv"), CREDENTIALS);
        Path flow = Files.writeString(dir.resolve("typo.yaml"), """
                url: http://127.0.0.1:9
                flow:
                  steps:
                    - { name: basic, method: GET, path: /basic, data: credentials.csv, basicAuth: "${user}:${pasword}" }
                """);
        PhpService.assertBadInput(CliRunner.run("load", "--flow", flow.toString()),
                "steps step basic: basicAuth uses ${pasword}, which no earlier step or row gives");
    }
}
