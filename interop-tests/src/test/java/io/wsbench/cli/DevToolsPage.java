package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.record.RunJson;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A page open in headless Chromium that a test reads while it lives, through the DevTools protocol
 * (a WebSocket on 127.0.0.1): for a page that changes as events arrive, which a dump of the DOM after
 * a fixed time cannot watch. Closed, Chromium is gone.
 */
final class DevToolsPage implements AutoCloseable {

    private static final Pattern LISTENING = Pattern.compile("DevTools listening on (ws://127\\.0\\.0\\.1:(\\d+)/\\S+)");

    private final Process chromium;
    private final WebSocket socket;
    private final AtomicInteger ids = new AtomicInteger();
    private volatile CompletableFuture<JsonNode> answer;
    private final StringBuilder partial = new StringBuilder();

    private DevToolsPage(Process chromium, WebSocket socket) {
        this.chromium = chromium;
        this.socket = socket;
    }

    /** Opens {@code url} in headless Chromium ({@code chromium}), its profile under {@code dir}. */
    static DevToolsPage open(Path chromium, Path dir, URI url) throws Exception {
        Process p = new ProcessBuilder(List.of(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--remote-allow-origins=*", "--remote-debugging-port=0", "--user-data-dir=" + dir, url.toString()))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            int port = -1;
            BufferedReader err = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8));
            for (String line = err.readLine(); line != null && port < 0; line = port < 0 ? err.readLine() : null) {
                Matcher m = LISTENING.matcher(line);
                if (m.find()) {
                    port = Integer.parseInt(m.group(2));
                }
            }
            if (port < 0) {
                throw new IOException("Chromium never said where its DevTools listen");
            }
            Thread drain = new Thread(() -> {
                try {
                    err.transferTo(java.io.Writer.nullWriter());
                } catch (IOException e) {
                    // Chromium is gone
                }
            });
            drain.setDaemon(true);
            drain.start();
            HttpClient http = HttpClient.newHttpClient();
            String pageSocket = null;
            for (int i = 0; i < 50 && pageSocket == null; i++) {
                JsonNode targets = RunJson.MAPPER.readTree(http.send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + port + "/json/list")).build(), HttpResponse.BodyHandlers.ofString()).body());
                for (JsonNode t : targets) {
                    if (t.at("/type").asText().equals("page") && t.at("/url").asText().startsWith(url.toString())) {
                        pageSocket = t.at("/webSocketDebuggerUrl").asText();
                    }
                }
                if (pageSocket == null) {
                    Thread.sleep(100);
                }
            }
            if (pageSocket == null) {
                throw new IOException("Chromium has no page for " + url);
            }
            DevToolsPage[] self = new DevToolsPage[1];
            WebSocket ws = http.newWebSocketBuilder().connectTimeout(Duration.ofSeconds(10))
                    .buildAsync(URI.create(pageSocket), new WebSocket.Listener() {
                        @Override
                        public CompletionStage<?> onText(WebSocket w, CharSequence data, boolean last) {
                            self[0].received(data, last);
                            w.request(1);
                            return null;
                        }
                    }).get(10, TimeUnit.SECONDS);
            self[0] = new DevToolsPage(p, ws);
            return self[0];
        } catch (Exception e) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw e;
        }
    }

    private synchronized void received(CharSequence data, boolean last) {
        partial.append(data);
        if (!last) {
            return;
        }
        try {
            JsonNode message = RunJson.MAPPER.readTree(partial.toString());
            if (answer != null && message.has("id")) {
                answer.complete(message);
            }
        } catch (IOException e) {
            if (answer != null) {
                answer.completeExceptionally(e);
            }
        }
        partial.setLength(0);
    }

    /** The value of a JavaScript expression in the page, as JSON text (the expression gives a string). */
    String evaluate(String expression) throws Exception {
        answer = new CompletableFuture<>();
        String call = RunJson.MAPPER.writeValueAsString(java.util.Map.of("id", ids.incrementAndGet(),
                "method", "Runtime.evaluate", "params", java.util.Map.of("expression", expression, "returnByValue", true)));
        socket.sendText(call, true).get(10, TimeUnit.SECONDS);
        JsonNode result = answer.get(10, TimeUnit.SECONDS);
        return result.at("/result/result/value").asText(null);
    }

    @Override
    public void close() throws InterruptedException {
        socket.abort();
        chromium.descendants().forEach(ProcessHandle::destroyForcibly);
        chromium.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
}
