package io.wsbench.stacks.axis2;

import org.apache.axis2.AxisFault;
import org.apache.axis2.addressing.EndpointReference;
import org.apache.axis2.transport.http.AxisServletListener;

/**
 * AxisServlet's transport listener (axis2.xml's transportReceiver), naming each service by the URL it
 * is served at: Axis2's own adds a slash, and for a WSDL it generates, ".&lt;endpoint&gt;/" per port
 * (/services/SeismicServiceSign.SeismicServiceSignHttpSoap11Endpoint/), so a served WSDL named
 * an address other than its endpoint's. Axis2 answers both SOAP versions at the service's URL.
 */
public class ServiceUrlListener extends AxisServletListener {

    @Override
    public EndpointReference[] getEPRsForService(String serviceName, String ip) throws AxisFault {
        EndpointReference[] eprs = super.getEPRsForService(serviceName, ip);
        for (EndpointReference epr : eprs) {
            epr.setAddress(serviceUrl(epr.getAddress()));
        }
        return eprs;
    }

    /** {@code address} without its trailing slash and without the ".endpoint" after the service's name. */
    static String serviceUrl(String address) {
        String a = address.endsWith("/") ? address.substring(0, address.length() - 1) : address;
        int service = a.lastIndexOf('/') + 1;
        int dot = a.indexOf('.', service);
        return dot < 0 ? a : a.substring(0, dot);
    }
}
