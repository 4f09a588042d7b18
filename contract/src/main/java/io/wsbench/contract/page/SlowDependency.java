package io.wsbench.contract.page;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Seed 003's remote call (cfhttp to google.com/robots.txt), kept on 127.0.0.1 in the server's
 * process: {@code /robots.txt} answers {@link PageContract#DEPENDENCY_BODY} after a fixed delay.
 * It counts how many calls it holds at once, so a test can see that a pool of N never has more
 * than N out ({@code /stats}, {@code /stats?reset}, or {@link #stats(boolean)} in-process). Every
 * stack serving the page runs this one, so the dependency is never the difference between them.
 */
public final class SlowDependency implements AutoCloseable {

    private final long delayMillis;
    private final HttpServer server;
    private final ScheduledExecutorService thread;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger maxInFlight = new AtomicInteger();
    private final AtomicLong served = new AtomicLong();

    /** Starts listening on an ephemeral port of 127.0.0.1. */
    public SlowDependency(long delayMillis) {
        this.delayMillis = delayMillis;
        // without TCP_NODELAY the JDK server's header and body writes meet delayed ACKs: ~40 ms stalls.
        // It is read once, when the first server is created, so it is set before that.
        System.setProperty("sun.net.httpserver.nodelay", "true");
        try {
            this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the slow dependency: " + e.getMessage(), e);
        }
        String name = "slow-dependency-" + server.getAddress().getPort();
        // one thread is plenty: a held call is a timer, not a sleeping thread, and answering it is one write
        this.thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(thread);
        server.createContext("/robots.txt", this::hold);
        server.createContext("/stats", x -> send(x, stats("reset".equals(x.getRequestURI().getQuery()))));
        server.start();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    public String url() {
        return "http://127.0.0.1:" + port() + "/robots.txt";
    }

    public String statsUrl() {
        return "http://127.0.0.1:" + port() + "/stats";
    }

    public long delayMillis() {
        return delayMillis;
    }

    /** "maxInFlight=N served=M delayMillis=D": the most calls held at once since the last reset. */
    public String stats(boolean reset) {
        String s = "maxInFlight=" + maxInFlight.get() + " served=" + served.get() + " delayMillis=" + delayMillis;
        if (reset) {
            maxInFlight.set(inFlight.get());
            served.set(0);
        }
        return s;
    }

    /** Returns at once; the exchange is answered later from the timer, which the JDK server allows. */
    private void hold(HttpExchange x) {
        maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
        thread.schedule(() -> {
            inFlight.decrementAndGet();
            served.incrementAndGet();
            try {
                send(x, PageContract.DEPENDENCY_BODY);
            } catch (IOException e) {
                x.close(); // the caller went away: nothing to answer
            }
        }, delayMillis, TimeUnit.MILLISECONDS);
    }

    private static void send(HttpExchange x, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        x.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
        x.sendResponseHeaders(200, bytes.length);
        try (OutputStream out = x.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        thread.shutdownNow();
    }
}
