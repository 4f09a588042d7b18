package io.wsbench.protocols;

import org.xml.sax.InputSource;

import javax.wsdl.Binding;
import javax.wsdl.BindingOperation;
import javax.wsdl.Definition;
import javax.wsdl.Part;
import javax.wsdl.WSDLException;
import javax.wsdl.extensions.soap.SOAPBinding;
import javax.wsdl.extensions.soap.SOAPOperation;
import javax.wsdl.factory.WSDLFactory;
import javax.wsdl.xml.WSDLReader;
import javax.xml.namespace.QName;
import java.io.ByteArrayInputStream;

/**
 * What a WSDL-driven SOAP client does before it can send anything: parse the WSDL (WSDL4J, the
 * parser CXF and Axis2 use), find the SOAP 1.1 binding, resolve the operation to its SOAPAction and
 * the element its input part names, and write the envelope from them.
 */
final class WsdlClient {

    private final byte[] wsdl;

    WsdlClient(byte[] wsdl) {
        this.wsdl = wsdl;
    }

    /** A resolved document/literal call: enough to write its request. */
    record Call(String soapAction, String namespace, String element) {
        String envelope() {
            return Soap.V11.envelope("<m:" + element + " xmlns:m=\"" + namespace + "\"/>");
        }
    }

    /** Parses the WSDL again and resolves {@code operation} over its SOAP 1.1 binding. */
    Call resolve(String operation) throws WSDLException {
        WSDLReader reader = WSDLFactory.newInstance().newWSDLReader();
        reader.setFeature("javax.wsdl.verbose", false);
        Definition d = reader.readWSDL(null, new InputSource(new ByteArrayInputStream(wsdl)));
        for (Object b : d.getAllBindings().values()) {
            Binding binding = (Binding) b;
            // WSDL4J's lists are raw: walk them rather than stream them
            boolean soap11 = false;
            for (Object e : binding.getExtensibilityElements()) {
                soap11 |= e instanceof SOAPBinding; // SOAP 1.2 bindings have their own extension type
            }
            BindingOperation op = soap11 ? binding.getBindingOperation(operation, null, null) : null;
            if (op == null) {
                continue;
            }
            String action = "";
            for (Object e : op.getExtensibilityElements()) {
                if (e instanceof SOAPOperation so && so.getSoapActionURI() != null) {
                    action = so.getSoapActionURI();
                }
            }
            for (Object p : op.getOperation().getInput().getMessage().getParts().values()) {
                QName element = ((Part) p).getElementName();
                if (element != null) {
                    return new Call(action, element.getNamespaceURI(), element.getLocalPart());
                }
            }
        }
        throw new WSDLException(WSDLException.OTHER_ERROR, "no SOAP 1.1 binding of operation " + operation);
    }
}
