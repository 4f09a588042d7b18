package io.wsbench.stacks.axis2rampart;

import io.wsbench.stacks.axis2.SeismicSkeleton;
import org.apache.axiom.om.OMAbstractFactory;
import org.apache.axiom.om.OMMetaFactory;
import org.apache.axis2.AxisFault;
import org.apache.axis2.Version;
import org.apache.axis2.engine.AxisConfiguration;
import org.apache.axis2.transport.http.AxisServlet;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.LifecycleState;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.startup.Tomcat;

import javax.servlet.ServletConfig;
import javax.servlet.ServletException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The axis2-rampart stack: Axis2 1.8's AxisServlet in embedded Tomcat 9 (javax), with the Rampart
 * module, deploying from an exploded repository (conf/axis2.xml, modules/rampart.mar,
 * services/SeismicService/META-INF/services.xml) the seismic service plain and once per secured
 * configuration, each secured one with its WS-SecurityPolicy and RampartConfig. Listens on
 * 127.0.0.1 only.
 */
public final class RampartServer {

    /** The plain service and one per secured configuration, as services.xml names them. */
    static final List<String> SERVICES = List.of("SeismicService", "SeismicServiceUsername",
            "SeismicServiceSign", "SeismicServiceSignEncr");

    private RampartServer() {
    }

    public static void main(String[] args) throws URISyntaxException, IOException {
        try {
            SeismicSkeleton.catalog(); // fail before listening, and answer the first request at full speed
        } catch (UncheckedIOException e) {
            fail("cannot load catalog: " + e.getCause().getMessage(), 2);
        }
        useAxiomDom();
        int port = port(args);
        Path repository = repository();
        // Tomcat's base, and with it the work directory where Axis2 unpacks its artifacts (_axis2)
        Path base = Files.createTempDirectory("wsbench-tomcat9");
        Path webapp = base.resolve("webapp");
        Files.createDirectories(webapp.resolve("WEB-INF"));

        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(base.toString());
        Connector connector = new Connector();
        connector.setPort(port);
        connector.setProperty("address", "127.0.0.1");
        tomcat.setConnector(connector);
        Context context = tomcat.addContext("", webapp.toString());
        // every class is on the server's classpath, none in the web application: look there first.
        // Rampart loads its passwordCallbackClass afresh for every message, and the web application
        // loader, asked first, would throw and catch a ClassNotFoundException each time.
        ((StandardContext) context).setDelegate(true);
        var axis = Tomcat.addServlet(context, "AxisServlet", new DeployingAxisServlet());
        axis.addInitParameter("axis2.repository.path", repository.toString());
        axis.addInitParameter("axis2.xml.path", repository.resolve("conf/axis2.xml").toString());
        axis.setLoadOnStartup(1);
        context.addServletMappingDecoded("/services/*", "AxisServlet");

        try {
            tomcat.start();
        } catch (LifecycleException e) {
            fail("cannot start Tomcat: " + e.getMessage(), 2);
        }
        if (tomcat.getConnector().getState() != LifecycleState.STARTED) {
            fail("port " + port + " on 127.0.0.1 is already in use", 2);
        }
        if (context.getState() != LifecycleState.STARTED) {
            fail("axis2-rampart stack failed to deploy (see the log above)", 2);
        }
        System.out.println("axis2-rampart stack (Axis2 " + Version.getVersionText() + ", Rampart "
                + org.apache.rampart.Rampart.class.getPackage().getImplementationVersion() + ", services "
                + String.join(", ", SERVICES) + ") listening on http://127.0.0.1:" + port
                + " (Tomcat " + Tomcat.class.getPackage().getImplementationVersion() + ")");
        tomcat.getServer().await();
    }

    /**
     * Makes Axiom's DOM implementation the one Axis2 builds every message with. Rampart 1.7.1 hands
     * WSS4J the envelope as a DOM document: when the envelope is not already DOM it rebuilds it
     * with a builder class that Axiom 1.3 removed (Axis2 1.8 ships Axiom 1.4), so on Axis2 1.8 every
     * secured message would fail with NoClassDefFoundError. The plain service runs on the same
     * object model, so plain and secured differ by Rampart alone.
     */
    private static void useAxiomDom() {
        OMMetaFactory dom = OMAbstractFactory.getMetaFactory(OMAbstractFactory.FEATURE_DOM);
        OMAbstractFactory.setMetaFactoryLocator(feature -> dom);
    }

    /**
     * AxisServlet, which logs a service that fails to deploy and carries on; here that ends the
     * process with the reason as its last line, instead of a server that never becomes ready.
     */
    static final class DeployingAxisServlet extends AxisServlet {
        @Override
        public void init(ServletConfig config) throws ServletException {
            super.init(config);
            AxisConfiguration axis = configContext.getAxisConfiguration();
            for (String service : SERVICES) {
                String problem = null;
                try {
                    if (axis.getService(service) == null) {
                        problem = service + " is not deployed";
                    }
                } catch (AxisFault e) {
                    problem = service + " is not deployed: " + e.getMessage();
                }
                if (problem != null) {
                    Object why = axis.getFaultyServices().values().stream().findFirst().orElse(null);
                    fail(problem + (why == null ? "" : ": " + why.toString().lines().findFirst().orElse("")), 3);
                }
            }
            if (axis.getModule("rampart") == null) {
                fail("the rampart module is not deployed", 3);
            }
        }
    }

    /** target/stack/repository, found from this class's jar in target/stack/lib. */
    private static Path repository() throws URISyntaxException {
        String override = System.getProperty("wsbench.axis2.repository");
        if (override != null && !override.isBlank()) {
            return Path.of(override).toAbsolutePath();
        }
        Path code = Path.of(RampartServer.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path stack = Files.isRegularFile(code) ? code.getParent().getParent() : code.getParent().resolve("stack");
        return stack.resolve("repository").toAbsolutePath();
    }

    private static void fail(String message, int status) {
        System.out.println(message);
        System.out.flush();
        Runtime.getRuntime().halt(status);
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
