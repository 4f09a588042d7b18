package io.wsbench.stacks.cxf;

import io.wsbench.contract.hello.HelloContract;
import io.wsbench.stacks.jaxws.HelloEndpoint;
import io.wsbench.stacks.jaxws.SeismicEndpoint;
import io.wsbench.contract.security.WsSecurityKeys;
import io.wsbench.stacks.tomcathost.ServletHost;
import jakarta.servlet.ServletConfig;
import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;
import org.apache.cxf.jaxws.JaxWsServerFactoryBean;
import org.apache.cxf.transport.servlet.CXFNonSpringServlet;

import java.nio.file.Path;
import java.util.Map;

/**
 * The cxf stack: CXF's servlet in Tomcat, with the endpoints published the way a non-Spring CXF
 * application does, each bound to the shared WSDL so the wire contract is the same everywhere.
 */
public final class CxfServer {

    private static final String SEISMIC_WSDL = "io/wsbench/contract/seismic/seismic.wsdl";

    private CxfServer() {
    }

    public static void main(String[] args) {
        ServletHost host = new ServletHost(args);
        // CXF serves hello over SOAP 1.1 only: its WSDL names no SOAP 1.2 address
        Path hello = HelloContract.writeSoap11Wsdl(host.webapp().resolve("WEB-INF/wsdl/hello.wsdl"));
        // CXF finds an endpoint by the path below its servlet, so the servlet takes everything
        host.servlet("cxf", new EndpointsServlet(hello.toUri().toString()), Map.of("hide-service-list-page", "true"), "/*");
        host.serve("cxf stack");
    }

    /** Publishes the endpoints once the servlet has its bus. */
    static final class EndpointsServlet extends CXFNonSpringServlet {
        private final String helloWsdl;

        EndpointsServlet(String helloWsdl) {
            this.helloWsdl = helloWsdl;
        }

        @Override
        protected void loadBus(ServletConfig config) {
            super.loadBus(config);
            Bus bus = getBus();
            BusFactory.setDefaultBus(bus);
            String seismicWsdl = CxfServer.class.getClassLoader().getResource(SEISMIC_WSDL).toString();
            factory(bus, new SeismicEndpoint(), "/seismic", seismicWsdl).create();
            factory(bus, new HelloEndpoint(), "/hello/soap", helloWsdl).create();
            // one endpoint per WS-Security configuration, each bound to the WSDL carrying its policy
            SecurityConfigurations security = new SecurityConfigurations(WsSecurityKeys.load());
            for (String c : SecurityConfigurations.names()) {
                JaxWsServerFactoryBean f = factory(bus, new SeismicEndpoint(), "/seismic/" + c, security.wsdlLocation(c));
                f.setProperties(security.properties(c));
                f.create();
            }
        }

        private static JaxWsServerFactoryBean factory(Bus bus, Object endpoint, String address, String wsdlLocation) {
            JaxWsServerFactoryBean f = new JaxWsServerFactoryBean();
            f.setBus(bus);
            f.setServiceBean(endpoint);
            f.setAddress(address);
            f.setWsdlLocation(wsdlLocation);
            return f;
        }
    }
}
