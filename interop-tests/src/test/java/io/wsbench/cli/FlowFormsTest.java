package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.util.HexFormat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Forms and the checks of any answer against a web application someone else's runtime serves
 * (forms.php under PHP's built-in server): a login page's hidden CSRF token taken by a css:
 * extraction, the login posted as a form, a note whose fields hold &amp;, +, =, %, spaces and
 * non-ASCII posted as a form and read back as PHP decoded them, a file uploaded as multipart; every
 * kind of check passing on those answers, and each failing where it should.
 */
class FlowFormsTest {

    private static final Path RESOURCES = Path.of("src/test/resources/flow").toAbsolutePath();
    /** Rows whose values break a hand-written body: each must reach PHP's $_POST as written. */
    private static final String NOTES = "user,note\n"
            + "ann,fish & chips\n"
            + "\"bob smith\",1+1=2\n"
            + "zoë,100% “quoted” <b>bold</b>\n"
            + "dee,a=b&c=d+e\n";

    private static PhpService app(Path dir) throws Exception {
        Files.copy(RESOURCES.resolve("forms.php"), dir.resolve("forms.php"), StandardCopyOption.REPLACE_EXISTING);
        Files.writeString(dir.resolve("notes.csv"), NOTES, StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("report.txt"), "a file's bytes: \u00e9\n", StandardCharsets.UTF_8);
        return PhpService.start(dir.resolve("forms.php"));
    }

    private static String flow(PhpService app, String noteChecks, String uploadChecks) {
        return """
                label: notes
                url: %s
                flow:
                  setup:
                    - { name: login page, method: GET, path: /login, data: notes.csv, dataMode: perUser,
                        extract: { csrf: "css:input[name=csrf]@value" },
                        checks: ["css:title == Log in | Notes", "header:X-Frame-Options == DENY", "!contains:CSRF verification failed"] }
                    - { name: login, path: /login, form: { csrf: "${csrf}", user: "${user}", password: "s3cret&=" },
                        checks: ["css:#welcome == Welcome, ${user}", "contains:Welcome"] }
                  steps:
                    - { name: note, path: /notes, form: { note: "${note}", tag: "n°${iteration} & more" },
                        checks: [%s] }
                    - { name: upload, path: /upload, multipart: { title: "${note}", attachment: "@report.txt" },
                        checks: [%s] }
                """.formatted(app.base(), noteChecks, uploadChecks);
    }

    @Test
    void formValuesReachTheServerAsWrittenAndEveryCheckKindPassesOnItsAnswers(@TempDir Path dir) throws Exception {
        try (PhpService app = app(dir)) {
            byte[] file = Files.readAllBytes(dir.resolve("report.txt"));
            String sha1 = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(file));
            Path flow = Files.writeString(dir.resolve("notes.yaml"), flow(app,
                    "\"css:p#note == ${note}\", \"css:p#tag == n°${iteration} & more\", \"css:#owner == ${user}\","
                            + " \"css:p#note@data-length != 0\", \"regex:<li class=.success.>Note saved</li>\", \"contains:Note saved\","
                            + " \"!contains:error\", \"header:Content-Type == text/html; charset=utf-8\"",
                    "\"css:#title == ${note}\", \"css:#file == report.txt\", \"css:#file@data-size == " + file.length + "\","
                            + " \"css:#file@data-type == text/plain\", \"css:#sha1 == " + sha1 + "\""), StandardCharsets.UTF_8);
            CliRunner r = PhpService.loaded("--flow", flow.toString(), "-c", "4", "-n", "40");
            JsonNode p = io.wsbench.model.record.RunJson.MAPPER.readTree(r.out());
            assertEquals(40, p.path("iterations").asLong(), r.err() + p);
            assertEquals(40, p.path("validated").asLong(), "every iteration passed every check: " + p.path("steps"));
            assertEquals(0, p.path("errors").path("total").asLong(), p.path("errors").toString());
            for (JsonNode s : p.path("steps")) {
                assertEquals(40, s.path("validated").asLong(), s.toString());
            }
            assertEquals(8, p.path("setup").get(0).path("validated").asLong() + p.path("setup").get(1).path("validated").asLong(),
                    "each of the 4 users logged in once, its CSRF token taken from its page: " + p.path("setup"));
        }
    }

    @Test
    void eachCheckKindFailsWhereItShouldAndNamesItself(@TempDir Path dir) throws Exception {
        String[] failing = {
                "\"css:p#note == not ${note}\"",              // a selected element's text
                "\"css:p#note@data-length == 0\"",            // an attribute
                "\"css:p#missing\"",                           // nothing selected
                "\"regex:Note deleted\"",                      // no match
                "\"contains:not in the page\"",                // absent text
                "\"!contains:Note saved\"",                    // present text
                "\"header:X-Frame-Options == SAMEORIGIN\"",     // a header's value
        };
        try (PhpService app = app(dir)) {
            for (String check : failing) {
                Path flow = Files.writeString(dir.resolve("fails.yaml"), flow(app, check, "\"css:#file == report.txt\""),
                        StandardCharsets.UTF_8);
                CliRunner r = PhpService.loaded("--flow", flow.toString(), "-c", "1", "-n", "3");
                JsonNode p = io.wsbench.model.record.RunJson.MAPPER.readTree(r.out());
                JsonNode note = p.path("steps").get(0);
                assertEquals(3, note.path("errors").path("validation").asLong(), check + ": " + note);
                String written = check.substring(1, check.length() - 1);
                assertTrue(note.path("firstFailure").asText().contains("check '" + written + "'"), check + ": " + note.path("firstFailure"));
            }
        }
    }

    @Test
    void aSelectorOrPatternThatDoesNotParseIsOneLineBeforeAnyLoad(@TempDir Path dir) throws Exception {
        try (PhpService app = app(dir)) {
            for (String bad : new String[]{"\"css:p[\"", "\"regex:(unclosed\""}) {
                Path flow = Files.writeString(dir.resolve("bad.yaml"), flow(app, bad, "\"css:#file\""), StandardCharsets.UTF_8);
                CliRunner r = CliRunner.run("load", "--flow", flow.toString(), "-c", "1", "-n", "1");
                PhpService.assertBadInput(r, "steps step note: check '" + bad.substring(1, bad.length() - 1) + "': not a");
            }
        }
    }
}
