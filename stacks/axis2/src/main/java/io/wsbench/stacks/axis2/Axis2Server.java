package io.wsbench.stacks.axis2;

import io.wsbench.stacks.tomcathost.ServletHost;
import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import org.apache.axis2.AxisFault;
import org.apache.axis2.Version;
import org.apache.axis2.engine.AxisConfiguration;
import org.apache.axis2.transport.http.AxisServlet;

import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The axis2 stack: Axis2's AxisServlet in embedded Tomcat, deploying the seismic service from an
 * exploded repository (conf/axis2.xml and services/SeismicService/META-INF/services.xml) as a
 * WAR's WEB-INF would. Listens on 127.0.0.1 only.
 */
public final class Axis2Server {

    static final String SERVICE = "SeismicService";

    private Axis2Server() {
    }

    public static void main(String[] args) throws URISyntaxException {
        try {
            SeismicSkeleton.catalog(); // fail before listening, and answer the first request at full speed
        } catch (UncheckedIOException e) {
            System.out.println("cannot load catalog: " + e.getCause().getMessage());
            System.exit(2);
        }
        Path repository = repository();
        ServletHost host = new ServletHost(args);
        host.servlet("AxisServlet", new DeployingAxisServlet(), Map.of(
                "axis2.repository.path", repository.toString(),
                "axis2.xml.path", repository.resolve("conf/axis2.xml").toString()), "/services/*");
        host.serve("axis2 stack (Axis2 " + Version.getVersionText() + ", " + SERVICE + " at /services/" + SERVICE + ")");
    }

    /**
     * AxisServlet, which logs a service that fails to deploy and carries on; here that ends the
     * process with the reason as its last line, instead of a server that never becomes ready.
     */
    static final class DeployingAxisServlet extends AxisServlet {
        @Override
        public void init(ServletConfig config) throws ServletException {
            // Axis2 2.0 still asks for its work directory under the javax name; unanswered, it makes
            // "_axis2" in the working directory (the checkout): point it at Tomcat's work directory
            ServletContext context = config.getServletContext();
            context.setAttribute("javax.servlet.context.tempdir", context.getAttribute(ServletContext.TEMPDIR));
            super.init(config);
            AxisConfiguration axis = configContext.getAxisConfiguration();
            String problem = null;
            try {
                if (axis.getService(SERVICE) == null) {
                    problem = SERVICE + " is not deployed";
                }
            } catch (AxisFault e) {
                problem = SERVICE + " is not deployed: " + e.getMessage();
            }
            if (problem != null) {
                Object why = axis.getFaultyServices().values().stream().findFirst().orElse(null);
                System.out.println(problem + (why == null ? "" : ": " + why.toString().lines().findFirst().orElse("")));
                System.out.flush();
                Runtime.getRuntime().halt(3);
            }
        }
    }

    /** target/stack/repository, found from this class's jar in target/stack/lib. */
    private static Path repository() throws URISyntaxException {
        String override = System.getProperty("wsbench.axis2.repository");
        if (override != null && !override.isBlank()) {
            return Path.of(override).toAbsolutePath();
        }
        Path code = Path.of(Axis2Server.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path stack = Files.isRegularFile(code) ? code.getParent().getParent() : code.getParent().resolve("stack");
        return stack.resolve("repository").toAbsolutePath();
    }
}
