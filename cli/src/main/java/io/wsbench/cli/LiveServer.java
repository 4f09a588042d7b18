package io.wsbench.cli;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.wsbench.model.record.RunJson;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * {@code run --live}: a page on 127.0.0.1 that shows the run as it happens. {@code /} is the page
 * (its chart library inline, as in report.html); {@code /events} a stream of server-sent events, one
 * JSON object each ({@code type}: stack, point, second, server, done, flag, problem, note, end). A page that connects
 * late first gets what it missed: every event so far but the seconds of finished points. The JDK's
 * own HTTP server; nothing listens beyond the loopback address.
 */
final class LiveServer implements AutoCloseable {

    /** No page: events sent to it go nowhere. */
    static final LiveServer NONE = new LiveServer(null);

    private final HttpServer http;
    private final ExecutorService pool = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "wsbench-live");
        t.setDaemon(true);
        return t;
    });
    private final List<String> history = new ArrayList<>();
    private final List<OutputStream> listeners = new CopyOnWriteArrayList<>();
    private boolean ended;

    private LiveServer(HttpServer http) {
        this.http = http;
    }

    /** Serves on 127.0.0.1:{@code port} (0: a free port), {@code page} at "/". */
    static LiveServer start(int port, String page) throws IOException {
        HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 16);
        LiveServer live = new LiveServer(http);
        byte[] body = page.getBytes(StandardCharsets.UTF_8);
        http.createContext("/", ex -> {
            if (!ex.getRequestURI().getPath().equals("/")) {
                ex.sendResponseHeaders(404, -1);
                ex.close();
                return;
            }
            ex.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
            ex.sendResponseHeaders(200, body.length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(body);
            }
        });
        http.createContext("/events", live::events);
        http.setExecutor(live.pool);
        http.start();
        return live;
    }

    String url() {
        return "http://127.0.0.1:" + http.getAddress().getPort() + "/";
    }

    private void events(HttpExchange ex) throws IOException {
        ex.getResponseHeaders().set("Content-Type", "text/event-stream; charset=utf-8");
        ex.getResponseHeaders().set("Cache-Control", "no-cache");
        ex.sendResponseHeaders(200, 0);
        OutputStream out = ex.getResponseBody();
        synchronized (this) {
            for (String e : history) {
                out.write(e.getBytes(StandardCharsets.UTF_8));
            }
            out.flush();
            if (ended) {
                out.close();
                return;
            }
            listeners.add(out);
        }
    }

    /**
     * Sends {@code fields} as an event of {@code type} to every page, and keeps it for those that
     * connect later ({@code keep}); a page that went away is dropped.
     */
    synchronized void send(String type, Map<String, ?> fields, boolean keep) {
        if (http == null) {
            return;
        }
        Map<String, Object> event = new java.util.LinkedHashMap<>();
        event.put("type", type);
        event.putAll(fields);
        String frame = "data: " + RunJson.toCompactJson(event) + "\n\n";
        if (type.equals("point")) {
            history.removeIf(h -> h.startsWith("data: {\"type\":\"second\""));
        }
        if (keep || type.equals("second") && !ended) {
            history.add(frame);
        }
        byte[] bytes = frame.getBytes(StandardCharsets.UTF_8);
        for (OutputStream out : listeners) {
            try {
                out.write(bytes);
                out.flush();
            } catch (IOException e) {
                listeners.remove(out);
            }
        }
    }

    /** The run ended: the pages are told, their streams closed, and the server stops. */
    @Override
    public void close() {
        if (http == null) {
            return;
        }
        synchronized (this) {
            if (!ended) {
                send("end", Map.of(), true);
                ended = true;
            }
            for (OutputStream out : listeners) {
                try {
                    out.close();
                } catch (IOException e) {
                    // the page already went away
                }
            }
            listeners.clear();
        }
        http.stop(0);
        pool.shutdownNow();
        try {
            pool.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
