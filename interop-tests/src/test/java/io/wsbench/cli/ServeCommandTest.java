package io.wsbench.cli;

import io.wsbench.launch.StackLauncher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code wsbench serve STACK}: one reference stack on 127.0.0.1 until Ctrl-C. */
class ServeCommandTest {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();

    @Test
    void serveAnswersTheHelloCallUntilCtrlCAndThenItsServerIsGone(@TempDir Path dir) throws Exception {
        int port = StackLauncher.freePort();
        URI hello = URI.create("http://127.0.0.1:" + port + "/hello/service?method=hello&returnformat=plain");
        try (CliProcess serve = CliProcess.start(dir.resolve("serve.out"), "serve", "direct", "--port", String.valueOf(port))) {
            serve.awaitTrue(Duration.ofSeconds(60), "\"Ctrl-C stops it.\"", () -> printed(serve, "Ctrl-C stops it."));
            HttpResponse<String> answer = HTTP.send(HttpRequest.newBuilder(hello).timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, answer.statusCode());
            assertEquals("Hello World", answer.body().trim());

            String out = serve.output();
            assertTrue(out.contains(" " + hello + "\n"), "the endpoints are listed:\n" + out);
            Matcher m = Pattern.compile("stack direct .+ serving on http://127\\.0\\.0\\.1:" + port
                    + " \\(pid (\\d+), log .+\\)").matcher(out);
            assertTrue(m.find(), out);
            long server = Long.parseLong(m.group(1));
            assertTrue(CliProcess.alive(server));

            serve.interrupt();
            serve.exitCode(Duration.ofSeconds(30));
            assertFalse(CliProcess.alive(server), "Ctrl-C stops the stack's server too");
            assertThrows(IOException.class, () -> HTTP.send(HttpRequest.newBuilder(hello).build(),
                    HttpResponse.BodyHandlers.ofString()), "nothing listens on the port any more");
        }
    }

    private static boolean printed(CliProcess p, String text) {
        try {
            return p.output().contains(text);
        } catch (IOException e) {
            return false;
        }
    }
}
