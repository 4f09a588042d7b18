import com.sun.net.httpserver.HttpServer;

import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.concurrent.locks.LockSupport;

/**
 * An HTTP/1.1 server on 127.0.0.1 whose capacity is known: WORKERS threads, each answer taking
 * SERVICE_MS milliseconds of one of them (a timed park: hrtimer precision, no CPU), so it answers at
 * most WORKERS / SERVICE_MS * 1000 requests per second and queues the rest. bench/capacity.sh
 * searches its capacity, and the capacity tests start it as a server someone else wrote. It prints
 * "ready PORT" once it listens, and exits by itself after LIFETIME seconds.
 *     java bench/WorkersServer.java PORT WORKERS SERVICE_MS [LIFETIME=300]
 */
public class WorkersServer {

    private static final byte[] BODY = "<?xml version=\"1.0\" encoding=\"utf-8\"?><str>Hello World</str>"
            .getBytes(StandardCharsets.UTF_8);

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        int workers = Integer.parseInt(args[1]);
        long serviceNanos = (long) (Double.parseDouble(args[2]) * 1e6);
        double lifetime = args.length > 3 ? Double.parseDouble(args[3]) : 300;
        // the JDK's server writes the headers and the body apart: without this each answer waits for a delayed ACK
        System.setProperty("sun.net.httpserver.nodelay", "true");
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1024);
        server.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            long until = System.nanoTime() + serviceNanos;
            for (long left; (left = until - System.nanoTime()) > 0; ) {
                LockSupport.parkNanos(left);
            }
            exchange.getResponseHeaders().set("Content-Type", "text/xml");
            exchange.sendResponseHeaders(200, BODY.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(BODY);
            }
        });
        server.setExecutor(Executors.newFixedThreadPool(workers, r -> {
            Thread t = new Thread(r, "worker");
            t.setDaemon(true);
            return t;
        }));
        server.start();
        System.out.println("ready " + server.getAddress().getPort());
        System.out.flush();
        Thread.sleep((long) (lifetime * 1000));
        System.exit(0);
    }
}
