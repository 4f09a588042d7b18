package io.wsbench.stacks.metro;

import com.sun.xml.ws.transport.http.servlet.WSServlet;
import com.sun.xml.ws.transport.http.servlet.WSServletContextListener;
import io.wsbench.contract.hello.HelloContract;
import io.wsbench.stacks.tomcathost.ServletHost;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;

/**
 * The metro stack: the JAX-WS RI's WSServlet in Tomcat, configured as a Metro web application is,
 * by WEB-INF/sun-jaxws.xml, with the shared WSDLs under WEB-INF/wsdl. The secured endpoints
 * /seismic/{username,sign,signencr} are the same service bound to the seismic WSDL with that
 * configuration's WS-SecurityPolicy attached, which Metro's WSIT enforces.
 */
public final class MetroServer {

    private MetroServer() {
    }

    public static void main(String[] args) throws Exception {
        ServletHost host = new ServletHost(args);
        Path webInf = host.webapp().resolve("WEB-INF");
        copy("/sun-jaxws.xml", webInf.resolve("sun-jaxws.xml"));
        copy("/io/wsbench/contract/seismic/seismic.wsdl", webInf.resolve("wsdl/seismic.wsdl"));
        // Metro serves hello over SOAP 1.1 only: its WSDL names no SOAP 1.2 address
        HelloContract.writeSoap11Wsdl(webInf.resolve("wsdl/hello.wsdl"));
        for (String c : SecuredWsdl.CONFIGURATIONS) {
            SecuredWsdl.write(c, webInf.resolve("wsdl/seismic-" + c + ".wsdl"));
        }
        host.context().addApplicationListener(WSServletContextListener.class.getName());
        host.servlet("metro", new WSServlet(), Map.of(), "/seismic/*", "/hello/soap");
        host.serve("metro stack");
    }

    private static void copy(String resource, Path to) throws IOException {
        Files.createDirectories(to.getParent());
        try (InputStream in = MetroServer.class.getResourceAsStream(resource)) {
            Files.copy(in, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
