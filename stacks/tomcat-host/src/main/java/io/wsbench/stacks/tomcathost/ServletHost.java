package io.wsbench.stacks.tomcathost;

import io.wsbench.contract.StackArgs;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.LifecycleState;
import org.apache.catalina.Wrapper;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.startup.Tomcat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;

/**
 * Embedded Tomcat as the servlet stacks are deployed by their users: one context at "/", the
 * stack's servlets mapped to their paths, Tomcat's default connector settings, bound to 127.0.0.1.
 * It runs on the Tomcat the stack brings (11 or 10.1 for jakarta servlets, 9 for javax ones): the
 * embedding API used here is the same in all three, and only the servlet type differs.
 */
public final class ServletHost {

    /** {@code Tomcat.addServlet(Context, String, Servlet)}, whose Servlet is javax's on Tomcat 9, jakarta's after. */
    private static final Method ADD_SERVLET = Arrays.stream(Tomcat.class.getMethods())
            .filter(m -> m.getName().equals("addServlet") && m.getParameterCount() == 3
                    && m.getParameterTypes()[0] == Context.class && m.getParameterTypes()[2] != String.class)
            .findFirst().orElseThrow(() -> new IllegalStateException("Tomcat " + version() + " has no addServlet(Context, String, Servlet)"));

    private final Tomcat tomcat = new Tomcat();
    private final Context context;
    private final int port;

    /** A host for the port given as {@code --port P} in {@code args} (8080 when absent, 0 for any free one). */
    public ServletHost(String[] args) {
        this(args, null);
    }

    /** As {@link #ServletHost(String[])}, with Tomcat's base directory made under {@code tempRoot} (null: java.io.tmpdir). */
    public ServletHost(String[] args, Path tempRoot) {
        this(args, tempRoot, null);
    }

    /**
     * A host deploying the web application {@code war} (a .war file or an exploded directory) at
     * "/", as Tomcat deploys one from its webapps directory: its own web.xml, Tomcat's defaults
     * (the default and JSP servlets), its classes first.
     */
    public static ServletHost ofWar(String[] args, Path war) {
        return new ServletHost(args, null, war);
    }

    private ServletHost(String[] args, Path tempRoot, Path war) {
        this.port = StackArgs.port(args);
        try {
            Path base = tempRoot == null ? Files.createTempDirectory("wsbench-tomcat")
                    : Files.createTempDirectory(tempRoot, "wsbench-tomcat");
            Files.createDirectories(base.resolve("webapp/WEB-INF"));
            // where Tomcat expands a WAR, as it would under its webapps directory
            Files.createDirectories(base.resolve("webapps"));
            tomcat.setBaseDir(base.toString());
            Connector connector = new Connector();
            connector.setPort(port);
            connector.setProperty("address", "127.0.0.1");
            // HTTP/2 beside HTTP/1.1 on the same port when asked (stack option http2: on, which a target's http: 2 sets):
            // h2c by prior knowledge or by Upgrade. Not by default: a client that offers Upgrade: h2c with a body over
            // 4 KB (the JDK's HttpClient does) is then refused with a 413, as Tomcat cannot keep the body for the switch
            if ("on".equals(System.getProperty("wsbench.http2")) || Boolean.getBoolean("wsbench.http2")) {
                connector.addUpgradeProtocol(new org.apache.coyote.http2.Http2Protocol());
            }
            tomcat.setConnector(connector);
            context = war == null ? tomcat.addContext("", base.resolve("webapp").toString())
                    : tomcat.addWebapp("", war.toAbsolutePath().toString());
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

    /**
     * Loads classes from the server's class path before the web application's. Every class is on
     * the former and none in the latter, so asking the web application first only throws and
     * catches a ClassNotFoundException, which costs a stack that loads a class per message.
     */
    public void parentClassesFirst() {
        ((StandardContext) context).setDelegate(true);
    }

    /**
     * Adds {@code servlet}, loaded on startup, with its init parameters, mapped to {@code paths}.
     * It is a {@code javax.servlet.Servlet} on Tomcat 9, a {@code jakarta.servlet.Servlet} on 10.1 and 11.
     */
    public void servlet(String name, Object servlet, Map<String, String> initParams, String... paths) {
        Class<?> type = ADD_SERVLET.getParameterTypes()[2];
        if (!type.isInstance(servlet)) {
            throw new IllegalArgumentException(servlet.getClass().getName() + " is not a " + type.getName()
                    + ", the servlet type of Tomcat " + version());
        }
        Wrapper w;
        try {
            w = (Wrapper) ADD_SERVLET.invoke(null, context, name, servlet);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
        initParams.forEach(w::addInitParameter);
        w.setLoadOnStartup(1);
        for (String p : paths) {
            context.addServletMappingDecoded(p, name);
        }
    }

    /**
     * Starts and says so in one line, "{@code what} listening on http://127.0.0.1:PORT (Tomcat X)";
     * a port in use or a failed deployment is one line and exit code 2.
     */
    public void start(String what) {
        try {
            tomcat.start();
        } catch (LifecycleException e) {
            fail("cannot start Tomcat: " + e.getMessage(), 2);
        }
        if (tomcat.getConnector().getState() != LifecycleState.STARTED) {
            fail("port " + port + " on 127.0.0.1 is already in use", 2);
        }
        if (context.getState() != LifecycleState.STARTED) {
            fail(what + " failed to deploy (see the log above)", 2);
        }
        System.out.println(what + " listening on http://127.0.0.1:" + port() + " (Tomcat " + version() + ")");
        System.out.println(LOADED + loaded());
    }

    /** The line that names what this server actually loaded, which wsbench reads from its log. */
    public static final String LOADED = "wsbench loaded: ";

    /** What a server loaded in a class loader of its own (Lucee's), named by the server before it starts. */
    private static final java.util.List<String> NAMED = new java.util.concurrent.CopyOnWriteArrayList<>();

    /** Names something this server loaded where no probe can see it ("Lucee 6.2.0.321"), first in the loaded line. */
    public static void loaded(String nameAndVersion) {
        NAMED.add(nameAndVersion);
    }

    /**
     * What was actually loaded, "Name version; ...": each class of -Dwsbench.probes (Name=class,...)
     * by the manifest of the jar it came from, then Tomcat and the JVM.
     */
    static String loaded() {
        java.util.List<String> out = new java.util.ArrayList<>(NAMED);
        String probes = System.getProperty("wsbench.probes", "");
        for (String probe : probes.isBlank() ? new String[0] : probes.split(",")) {
            String[] nameAndClass = probe.split("=", 2);
            out.add(nameAndClass[0].trim() + " " + versionOf(nameAndClass[1].trim()));
        }
        out.add("Tomcat " + version());
        out.add("Java " + Runtime.version());
        return String.join("; ", out);
    }

    private static String versionOf(String className) {
        try {
            Class<?> c = Class.forName(className, false, ServletHost.class.getClassLoader());
            java.net.URL where = c.getProtectionDomain().getCodeSource().getLocation();
            try (java.util.jar.JarFile jar = new java.util.jar.JarFile(new java.io.File(where.toURI()))) {
                java.util.jar.Attributes a = jar.getManifest() == null ? null : jar.getManifest().getMainAttributes();
                for (String key : new String[]{"Implementation-Version", "Bundle-Version", "Specification-Version"}) {
                    if (a != null && a.getValue(key) != null) {
                        return a.getValue(key);
                    }
                }
            }
            return String.valueOf(c.getPackage().getImplementationVersion());
        } catch (Exception | LinkageError e) {
            return "? (" + className + ": " + e.getClass().getSimpleName() + ")";
        }
    }

    /** {@link #start(String)}, then serves until the process is stopped. */
    public void serve(String what) {
        start(what);
        tomcat.getServer().await();
    }

    /** The port listened on: the one asked for, or the one given for 0. */
    public int port() {
        return tomcat.getConnector().getLocalPort();
    }

    public void stop() throws LifecycleException {
        tomcat.stop();
        tomcat.destroy();
    }

    /** Ends the process at once with {@code message} as its last line, which the stack launcher reports. */
    public static void fail(String message, int status) {
        System.out.println(message);
        System.out.flush();
        Runtime.getRuntime().halt(status);
    }

    /** The stack's directory (target/stack), found from {@code server}'s jar in its lib/ or, in a build, its classes. */
    public static Path stackDir(Class<?> server) {
        try {
            Path code = Path.of(server.getProtectionDomain().getCodeSource().getLocation().toURI());
            return (Files.isRegularFile(code) ? code.getParent().getParent() : code.getParent().resolve("stack")).toAbsolutePath();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String version() {
        return Tomcat.class.getPackage().getImplementationVersion();
    }
}
