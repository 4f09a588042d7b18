package io.wsbench.stacks.blazeds;

import flex.messaging.MessageBrokerServlet;
import io.wsbench.stacks.tomcathost.ServletHost;

import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;

/**
 * The blazeds stack: BlazeDS's MessageBrokerServlet in embedded Tomcat 9, deployed as a Flex
 * application is, with WEB-INF/flex/services-config.xml and remoting-config.xml; the remoting
 * destination {@code hello} is the contract's HelloComponent. BlazeDS 4.8 is written against
 * javax.servlet, hence Tomcat 9, the last javax Tomcat.
 */
public final class BlazedsServer {

    private static final String[] FLEX_CONFIG = {"services-config.xml", "remoting-config.xml"};

    private BlazedsServer() {
    }

    public static void main(String[] args) throws IOException {
        ServletHost host = new ServletHost(args);
        Path flex = Files.createDirectories(host.webapp().resolve("WEB-INF/flex"));
        for (String file : FLEX_CONFIG) {
            try (InputStream in = BlazedsServer.class.getResourceAsStream(file)) {
                Files.copy(in, flex.resolve(file), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        host.servlet("MessageBrokerServlet", new MessageBrokerServlet(),
                Map.of("services.configuration.file", "/WEB-INF/flex/services-config.xml"), "/messagebroker/*");
        // the broker answers no GET with a body, so readiness has a page of its own
        host.servlet("ready", new Ready(), Map.of(), "/ready");
        host.serve("blazeds stack");
    }

    /** Answers once the broker has started: its servlet loads on startup, before the connector serves. */
    static final class Ready extends HttpServlet {
        @Override
        protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
            resp.setContentType("text/plain");
            resp.getOutputStream().write("ready\n".getBytes(StandardCharsets.US_ASCII));
        }
    }
}
