import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * An HTTP/1.1 server on 127.0.0.1 that answers in about 1 ms, but freezes for FREEZE seconds once
 * every PERIOD seconds while its freezes are on, for bench/coordinated-omission.sh. During a freeze
 * no request is answered: one that arrives waits for its end and then takes the service time, one
 * being served waits for its end too. {@code GET /freezes/on} and {@code /freezes/off} turn them on
 * and off (the first freeze comes PERIOD - FREEZE seconds after "on"), so one process serves both
 * the calibration and the test. The service time is a timed park of the JDK (hrtimer precision);
 * Python's event loop rounds its timers to whole milliseconds, which made a 1 ms sleep take 1.1 or
 * 2.1 ms in proportions that changed from run to run. It exits by itself after LIFETIME seconds.
 *     java bench/FreezingServer.java PORT [FREEZE=1] [PERIOD=10] [LIFETIME=300]
 */
public class FreezingServer {

    private static final byte[] BODY = "<?xml version=\"1.0\" encoding=\"utf-8\"?><str>Hello World</str>"
            .getBytes(StandardCharsets.UTF_8);
    private static final long SERVICE_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private static volatile long frozenUntil = System.nanoTime();

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        double freeze = args.length > 1 ? Double.parseDouble(args[1]) : 1;
        double period = args.length > 2 ? Double.parseDouble(args[2]) : 10;
        double lifetime = args.length > 3 ? Double.parseDouble(args[3]) : 300;
        // the JDK's server writes the headers and the body apart: without this each answer waits for a delayed ACK
        System.setProperty("sun.net.httpserver.nodelay", "true");
        long freezeNanos = (long) (freeze * 1e9);
        long periodNanos = (long) (period * 1e9);
        ScheduledExecutorService clock = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "freezes"));
        ScheduledFuture<?>[] freezes = {null};

        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1024);
        server.createContext("/freezes/", exchange -> {
            boolean on = exchange.getRequestURI().getPath().endsWith("/on");
            synchronized (freezes) {
                if (freezes[0] != null) {
                    freezes[0].cancel(false);
                    freezes[0] = null;
                }
                if (on) {
                    freezes[0] = clock.scheduleAtFixedRate(() -> frozenUntil = System.nanoTime() + freezeNanos,
                            periodNanos - freezeNanos, periodNanos, TimeUnit.NANOSECONDS);
                }
            }
            answer(exchange, ("freezes " + (on ? "on" : "off") + "\n").getBytes(StandardCharsets.UTF_8));
        });
        server.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            waitOutFreeze();
            LockSupport.parkNanos(SERVICE_NANOS);
            waitOutFreeze();
            answer(exchange, BODY);
        });
        server.setExecutor(Executors.newCachedThreadPool(r -> daemon(r, "answer")));
        server.start();
        Thread.sleep((long) (lifetime * 1000));
        System.exit(0);
    }

    private static void waitOutFreeze() {
        for (long left; (left = frozenUntil - System.nanoTime()) > 0; ) {
            LockSupport.parkNanos(left);
        }
    }

    private static void answer(HttpExchange exchange, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", "text/xml");
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }
}
