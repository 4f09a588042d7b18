package io.wsbench.cli;

import io.wsbench.launch.StackLauncher;
import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * nginx on 127.0.0.1 speaking TLS in front of an http:// service, wanting a client certificate
 * signed by the test's CA (nginx answers 400 to a client without one). Its access log has a line per
 * request with the client certificate's subject, so a test can count what came in with it.
 * nginx is the Debian package, installed with apt-get as root where it is missing (the test skipped
 * where it cannot be).
 */
final class NginxFront implements AutoCloseable {

    private static final Path NGINX = Path.of("/usr/sbin/nginx");

    private final Process nginx;
    private final Path accessLog;
    private final String base;

    private NginxFront(Process nginx, Path accessLog, String base) {
        this.nginx = nginx;
        this.accessLog = accessLog;
        this.base = base;
    }

    /** nginx in {@code dir} with the server's {@code pem} [chain, key], trusting {@code ca} for clients, passing to {@code backend}. */
    static NginxFront start(Path dir, Path[] pem, Path ca, String backend) throws Exception {
        String why = available();
        Assumptions.assumeTrue(why == null, why);
        Path home = Files.createDirectories(dir.resolve("nginx"));
        Files.createDirectories(home.resolve("tmp"));
        int port = StackLauncher.freePort();
        // one process (no master, no workers under another user), in the foreground, its files all in home
        Path conf = Files.writeString(home.resolve("nginx.conf"), """
                master_process off;
                daemon off;
                pid %1$s/nginx.pid;
                error_log %1$s/error.log;
                events { worker_connections 256; }
                http {
                  log_format subject '$ssl_client_s_dn|$status|$request';
                  access_log %1$s/access.log subject;
                  client_body_temp_path %1$s/tmp/body; proxy_temp_path %1$s/tmp/proxy; fastcgi_temp_path %1$s/tmp/fastcgi;
                  uwsgi_temp_path %1$s/tmp/uwsgi; scgi_temp_path %1$s/tmp/scgi;
                  server {
                    listen 127.0.0.1:%2$d ssl;
                    ssl_certificate %3$s;
                    ssl_certificate_key %4$s;
                    ssl_client_certificate %5$s;
                    ssl_verify_client on;
                    location / { proxy_pass %6$s; }
                  }
                }
                """.formatted(home, port, pem[0], pem[1], ca, backend));
        Process nginx = new ProcessBuilder(NGINX.toString(), "-e", home.resolve("error.log").toString(), "-p", home.toString(),
                "-c", conf.toString()).redirectErrorStream(true).redirectOutput(home.resolve("out.log").toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (true) {
            try (Socket s = new Socket("127.0.0.1", port)) {
                return new NginxFront(nginx, home.resolve("access.log"), "https://127.0.0.1:" + port);
            } catch (IOException notYet) {
                if (System.nanoTime() > deadline || !nginx.isAlive()) {
                    nginx.destroyForcibly();
                    throw new AssertionError("nginx did not start on port " + port + ": " + Files.readString(home.resolve("out.log"))
                            + (Files.exists(home.resolve("error.log")) ? Files.readString(home.resolve("error.log")) : ""));
                }
                Thread.sleep(50);
            }
        }
    }

    /** https://127.0.0.1:PORT, without a trailing slash. */
    String base() {
        return base;
    }

    /** Each request nginx answered: the client certificate's subject (or "" without one), its status, its request line. */
    List<String> requests() throws IOException {
        return Files.exists(accessLog) ? Files.readAllLines(accessLog) : List.of();
    }

    @Override
    public void close() throws InterruptedException {
        nginx.destroy();
        if (!nginx.waitFor(10, TimeUnit.SECONDS)) {
            nginx.destroyForcibly();
        }
    }

    /** Null when nginx runs here (installing it with apt-get as root if need be), else why not. */
    private static synchronized String available() throws IOException, InterruptedException {
        if (Files.isExecutable(NGINX)) {
            return null;
        }
        boolean root = "root".equals(System.getProperty("user.name"));
        if (!root || !Files.isExecutable(Path.of("/usr/bin/apt-get"))) {
            return "nginx is not installed and apt-get can't be run here";
        }
        Process p = new ProcessBuilder("sh", "-c", "apt-get update -q && apt-get install -y -q --no-install-recommends nginx")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            return "apt-get install nginx took more than 5 minutes";
        }
        return Files.isExecutable(NGINX) ? null : "apt-get could not install nginx";
    }
}
