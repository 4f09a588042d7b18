package io.wsbench.stacks.axis2;

import io.wsbench.stacks.tomcathost.ServletHost;
import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import org.apache.axis2.Version;
import org.apache.axis2.transport.http.AxisServlet;

import java.nio.file.Path;
import java.util.List;

/**
 * The axis2 stack: Axis2's AxisServlet in embedded Tomcat, deploying the seismic service from an
 * exploded repository (conf/axis2.xml and services/SeismicService/META-INF/services.xml) as a
 * WAR's WEB-INF would. Listens on 127.0.0.1 only.
 */
public final class Axis2Server {

    static final String SERVICE = "SeismicService";

    private Axis2Server() {
    }

    public static void main(String[] args) {
        Axis2Deployment.loadCatalog();
        Path repository = Axis2Deployment.repository(Axis2Server.class);
        ServletHost host = new ServletHost(args);
        host.servlet("AxisServlet", new DeployingAxisServlet(), Axis2Deployment.servletParameters(repository), "/services/*");
        host.serve("axis2 stack (Axis2 " + Version.getVersionText() + ", " + SERVICE + " at /services/" + SERVICE + ")");
    }

    /** AxisServlet that ends the process when the service did not deploy (see {@link Axis2Deployment#requireDeployed}). */
    static final class DeployingAxisServlet extends AxisServlet {
        @Override
        public void init(ServletConfig config) throws ServletException {
            // Axis2 2.0 still asks for its work directory under the javax name; unanswered, it makes
            // "_axis2" in the working directory (the checkout): point it at Tomcat's work directory
            ServletContext context = config.getServletContext();
            context.setAttribute("javax.servlet.context.tempdir", context.getAttribute(ServletContext.TEMPDIR));
            Axis2Deployment.start(() -> super.init(config));
            Axis2Deployment.requireDeployed(configContext.getAxisConfiguration(), List.of(SERVICE), List.of());
        }
    }
}
