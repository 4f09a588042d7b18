package io.wsbench.stacks.axis2rampart;

import io.wsbench.stacks.axis2.Axis2Deployment;
import io.wsbench.stacks.tomcathost.ServletHost;
import org.apache.axiom.om.OMAbstractFactory;
import org.apache.axiom.om.OMMetaFactory;
import org.apache.axis2.Version;
import org.apache.axis2.transport.http.AxisServlet;

import javax.servlet.ServletConfig;
import javax.servlet.ServletException;
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

    public static void main(String[] args) {
        Axis2Deployment.loadCatalog();
        useAxiomDom();
        Path repository = Axis2Deployment.repository(RampartServer.class);
        // Tomcat's base is also the work directory where Axis2 unpacks its artifacts (_axis2)
        ServletHost host = new ServletHost(args);
        // Rampart loads its passwordCallbackClass afresh for every message: no failed lookup in the web application first
        host.parentClassesFirst();
        host.servlet("AxisServlet", new DeployingAxisServlet(), Axis2Deployment.servletParameters(repository), "/services/*");
        host.serve("axis2-rampart stack (Axis2 " + Version.getVersionText() + ", Rampart "
                + org.apache.rampart.Rampart.class.getPackage().getImplementationVersion() + ", services "
                + String.join(", ", SERVICES) + ")");
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

    /** AxisServlet that ends the process when a service or Rampart did not deploy (see {@link Axis2Deployment#requireDeployed}). */
    static final class DeployingAxisServlet extends AxisServlet {
        @Override
        public void init(ServletConfig config) throws ServletException {
            Axis2Deployment.start(() -> super.init(config));
            Axis2Deployment.requireDeployed(configContext.getAxisConfiguration(), SERVICES, List.of("rampart"));
        }
    }
}
