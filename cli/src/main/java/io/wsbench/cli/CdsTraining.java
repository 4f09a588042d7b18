package io.wsbench.cli;

import com.sun.net.httpserver.HttpServer;
import io.wsbench.core.load.NettyLogs;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * The training run behind the launcher's class-data-sharing archive: it loads what a short
 * {@code wsbench load} (over HTTP/1.1 and over h2c) and {@code wsbench stacks} load, so the JVM that dumps the archive at exit
 * writes those classes down already parsed and verified. Every later start maps them instead of
 * reading jars: a 1,000-request load costs about 1.4 client CPU-seconds instead of 2.1.
 * Not a command: the launcher runs it once after each build, with output thrown away.
 */
public final class CdsTraining {

    private static final byte[] HELLO =
            "<?xml version=\"1.0\" encoding=\"utf-8\"?><str>Hello World</str>\n".getBytes(StandardCharsets.US_ASCII);

    public static void main(String[] args) throws Exception {
        NettyLogs.install(); // as Main does: the archive holds the classes a start loads
        System.exit(train(new PrintStream(OutputStream.nullOutputStream())));
    }

    /**
     * Runs the training commands with their standard output going to {@code sink}; returns the
     * worst of their exit codes (0 when all worked).
     */
    static int train(PrintStream sink) throws IOException {
        System.setProperty("sun.net.httpserver.nodelay", "true");  // else each answer waits on a delayed ACK
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.createContext("/hello.xml", exchange -> {
            exchange.getResponseHeaders().set("Content-Type", "text/xml");
            exchange.sendResponseHeaders(200, HELLO.length);
            try (OutputStream body = exchange.getResponseBody()) {
                body.write(HELLO);
            }
        });
        server.start();
        PrintStream out = System.out;
        System.setOut(sink);
        try (H2cTrainingServer h2c = new H2cTrainingServer(HELLO)) {
            String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/hello.xml";
            int load = Main.execute("load", url, "-c", "4", "-n", "4000", "--expect", "Hello World", "--json");
            // HTTP/2's client classes too: a user's first load --http2 maps them instead of reading Netty's codec from its jar
            int h2 = Main.execute("load", "http://127.0.0.1:" + h2c.port() + "/hello.xml", "--http2", "--streams", "4", "-c", "8",
                    "-n", "4000", "--expect", "Hello World", "--json");
            Main.commandLine(); // every command's classes: a command builds only its own, and each is archived here
            return Math.max(Math.max(load, h2), Main.execute("stacks"));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 1;
        } finally {
            System.setOut(out);
            server.stop(0);
        }
    }
}
