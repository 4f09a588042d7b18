package io.wsbench.stacks.blazeds;

import flex.messaging.MessageBrokerServlet;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.LifecycleState;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;

import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The blazeds stack: BlazeDS's MessageBrokerServlet in embedded Tomcat 9, deployed as a Flex
 * application is, with WEB-INF/flex/services-config.xml and remoting-config.xml; the remoting
 * destination {@code hello} is the contract's HelloComponent. BlazeDS 4.8 is written against
 * javax.servlet, so this is a javax twin of the container module's ServletHost (Tomcat 11, jakarta).
 */
public final class BlazedsServer {

    private static final String[] FLEX_CONFIG = {"services-config.xml", "remoting-config.xml"};

    private BlazedsServer() {
    }

    public static void main(String[] args) throws IOException {
        int port = port(args);
        Path base = Files.createTempDirectory("wsbench-tomcat9");
        Path webapp = base.resolve("webapp");
        Path flex = Files.createDirectories(webapp.resolve("WEB-INF/flex"));
        for (String file : FLEX_CONFIG) {
            try (InputStream in = BlazedsServer.class.getResourceAsStream(file)) {
                Files.copy(in, flex.resolve(file), StandardCopyOption.REPLACE_EXISTING);
            }
        }

        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(base.toString());
        Connector connector = new Connector();
        connector.setPort(port);
        connector.setProperty("address", "127.0.0.1");
        tomcat.setConnector(connector);
        Context context = tomcat.addContext("", webapp.toString());

        var broker = Tomcat.addServlet(context, "MessageBrokerServlet", new MessageBrokerServlet());
        broker.addInitParameter("services.configuration.file", "/WEB-INF/flex/services-config.xml");
        broker.setLoadOnStartup(1);
        context.addServletMappingDecoded("/messagebroker/*", "MessageBrokerServlet");
        // the broker answers no GET with a body, so readiness has a page of its own
        Tomcat.addServlet(context, "ready", new Ready());
        context.addServletMappingDecoded("/ready", "ready");

        try {
            tomcat.start();
        } catch (LifecycleException e) {
            fail("cannot start Tomcat: " + e.getMessage());
        }
        if (tomcat.getConnector().getState() != LifecycleState.STARTED) {
            fail("port " + port + " on 127.0.0.1 is already in use");
        }
        if (context.getState() != LifecycleState.STARTED) {
            fail("blazeds stack failed to deploy (see the log above)");
        }
        System.out.println("blazeds stack listening on http://127.0.0.1:" + port + " (Tomcat "
                + Tomcat.class.getPackage().getImplementationVersion() + ")");
        tomcat.getServer().await();
    }

    /** Answers once the broker has started: its servlet loads on startup, before the connector serves. */
    static final class Ready extends HttpServlet {
        @Override
        protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
            resp.setContentType("text/plain");
            resp.getOutputStream().write("ready\n".getBytes(StandardCharsets.US_ASCII));
        }
    }

    private static void fail(String message) {
        System.out.println(message);
        System.out.flush();
        Runtime.getRuntime().halt(2);
    }

    private static int port(String[] args) {
        for (int i = 0; i < args.length - 1; i++) {
            if ("--port".equals(args[i])) {
                return Integer.parseInt(args[i + 1]);
            }
        }
        return 8080;
    }
}
