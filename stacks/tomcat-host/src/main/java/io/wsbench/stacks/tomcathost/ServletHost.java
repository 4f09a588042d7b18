package io.wsbench.stacks.tomcathost;

import jakarta.servlet.Servlet;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.LifecycleState;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Embedded Tomcat as the servlet stacks are deployed by their users: one context at "/", the
 * stack's servlet mapped to its paths, Tomcat's default connector settings, bound to 127.0.0.1.
 */
public final class ServletHost {

    private final Tomcat tomcat = new Tomcat();
    private final Context context;
    private final int port;

    /** A host for the port given as {@code --port P} in {@code args} (8080 when absent). */
    public ServletHost(String[] args) {
        this(args, null);
    }

    /** As {@link #ServletHost(String[])}, with Tomcat's base directory made under {@code tempRoot} (null: java.io.tmpdir). */
    public ServletHost(String[] args, Path tempRoot) {
        this.port = port(args);
        try {
            Path base = tempRoot == null ? Files.createTempDirectory("wsbench-tomcat")
                    : Files.createTempDirectory(tempRoot, "wsbench-tomcat");
            Files.createDirectories(base.resolve("webapp/WEB-INF"));
            tomcat.setBaseDir(base.toString());
            Connector connector = new Connector();
            connector.setPort(port);
            connector.setProperty("address", "127.0.0.1");
            tomcat.setConnector(connector);
            context = tomcat.addContext("", base.resolve("webapp").toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The web application's directory, where WEB-INF files go (e.g. Metro's sun-jaxws.xml). */
    public Path webapp() {
        return Path.of(context.getDocBase());
    }

    public Context context() {
        return context;
    }

    public void servlet(String name, Servlet servlet, Map<String, String> initParams, String... paths) {
        var w = Tomcat.addServlet(context, name, servlet);
        initParams.forEach(w::addInitParameter);
        w.setLoadOnStartup(1);
        for (String p : paths) {
            context.addServletMappingDecoded(p, name);
        }
    }

    /** Starts and serves until the process is stopped; a port in use is one line and exit code 2. */
    public void serve(String what) {
        try {
            tomcat.start();
        } catch (LifecycleException e) {
            fail("cannot start Tomcat: " + e.getMessage());
        }
        if (tomcat.getConnector().getState() != LifecycleState.STARTED) {
            fail("port " + port + " on 127.0.0.1 is already in use");
        }
        if (context.getState() != LifecycleState.STARTED) {
            fail(what + " failed to deploy (see the log above)");
        }
        System.out.println(what + " listening on http://127.0.0.1:" + port + " (Tomcat " + Tomcat.class.getPackage().getImplementationVersion() + ")");
        tomcat.getServer().await();
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
