package io.wsbench.stacks.lucee;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.wsbench.contract.page.PageContract;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Seed 003's remote call (cfhttp to google.com/robots.txt), kept on 127.0.0.1 in the Lucee
 * server's process: it answers {@code /robots.txt} after a fixed delay and counts how many calls
 * it holds at once, so a test can see that a pool of N never has more than N out ({@code /stats},
 * {@code /stats?reset}). The direct stack's dependency answers the same body after the same delay.
 */
final class SlowDependency implements AutoCloseable {

    private final long delayMillis;
    private final HttpServer server;
    private final ExecutorService threads;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger maxInFlight = new AtomicInteger();
    private final AtomicLong served = new AtomicLong();

    SlowDependency(long delayMillis) throws IOException {
        this.delayMillis = delayMillis;
        // a thread per held call: it only sleeps, and the page's users bound how many there are
        this.threads = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "slow-dependency");
            t.setDaemon(true);
            return t;
        });
        // without TCP_NODELAY the JDK server's header and body writes meet delayed ACKs: ~40 ms stalls
        System.setProperty("sun.net.httpserver.nodelay", "true");
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 100);
        server.setExecutor(threads);
        server.createContext("/robots.txt", this::answer);
        server.createContext("/stats", this::stats);
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/robots.txt";
    }

    String statsUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/stats";
    }

    long delayMillis() {
        return delayMillis;
    }

    private void answer(HttpExchange x) throws IOException {
        maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
        try {
            Thread.sleep(delayMillis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            inFlight.decrementAndGet();
        }
        served.incrementAndGet();
        send(x, PageContract.DEPENDENCY_BODY);
    }

    /** "maxInFlight=N served=M delayMillis=D": the most calls held at once since the last reset. */
    private void stats(HttpExchange x) throws IOException {
        String s = "maxInFlight=" + maxInFlight.get() + " served=" + served.get() + " delayMillis=" + delayMillis;
        if ("reset".equals(x.getRequestURI().getQuery())) {
            maxInFlight.set(inFlight.get());
            served.set(0);
        }
        send(x, s);
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
        threads.shutdownNow();
    }
}
