package io.wsbench.stacks.tomcathost;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.apache.catalina.startup.Tomcat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ServletHostTest {

    @Test
    void hostsAJakartaServletOnLoopback(@TempDir Path tmp) throws Exception {
        ServletHost host = new ServletHost(new String[]{"--port", "0"}, tmp);
        assertTrue(host.webapp().startsWith(tmp));
        assertTrue(Files.isDirectory(host.webapp().resolve("WEB-INF")));
        host.servlet("greeting", new Greeting(), Map.of("greeting", "hello from the host"), "/greet/*", "/hi");
        host.start("test stack");
        try {
            assertNotEquals(0, host.port());
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
            for (String path : new String[]{"/greet/x", "/hi"}) {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(
                                URI.create("http://127.0.0.1:" + host.port() + path)).timeout(Duration.ofSeconds(30)).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertEquals(200, r.statusCode());
                assertEquals("hello from the host\n", r.body());
            }
            HttpResponse<String> unmapped = http.send(HttpRequest.newBuilder(
                            URI.create("http://127.0.0.1:" + host.port() + "/other")).timeout(Duration.ofSeconds(30)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(404, unmapped.statusCode());
        } finally {
            host.stop();
        }
    }

    @Test
    void refusesWhatIsNotThisTomcatsServlet(@TempDir Path tmp) {
        ServletHost host = new ServletHost(new String[]{"--port", "0"}, tmp);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> host.servlet("text", "not a servlet", Map.of(), "/text"));
        assertEquals("java.lang.String is not a jakarta.servlet.Servlet, the servlet type of Tomcat "
                + Tomcat.class.getPackage().getImplementationVersion(), e.getMessage());
    }

    /** Answers its init parameter "greeting". */
    static final class Greeting extends HttpServlet {
        @Override
        protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
            resp.setContentType("text/plain");
            resp.getWriter().write(getInitParameter("greeting") + "\n");
        }
    }
}
