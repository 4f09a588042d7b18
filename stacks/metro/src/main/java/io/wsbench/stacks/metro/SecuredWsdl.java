package io.wsbench.stacks.metro;

import io.wsbench.contract.seismic.SecurityPolicy;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The WSDL a secured Metro endpoint is bound to: the shared seismic WSDL with the configuration's
 * shared WS-SecurityPolicy ({@link SecurityPolicy}, the same CXF uses), plus what WSIT needs on the
 * server only: its private assertions (wsit/&lt;configuration&gt;.xml) in the binding's policy, and
 * RSA-SHA256 as the signature algorithm, since WS-SecurityPolicy's Basic256Sha256 signs with
 * RSA-SHA1 and Metro follows it unless told otherwise. Its port is named for the configuration
 * ({@link #port}), as sun-jaxws.xml names it: Metro writes a served WSDL's address by service, port
 * and class, so four endpoints sharing all three would each name the last one's address.
 */
final class SecuredWsdl {

    /** The configurations served, in the seed's order; each is an endpoint /seismic/&lt;name&gt; in sun-jaxws.xml. */
    static final List<String> CONFIGURATIONS = SecurityPolicy.CONFIGURATIONS;

    private static final String WSDL = "http://schemas.xmlsoap.org/wsdl/";
    private static final String WSU = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd";

    private SecuredWsdl() {
    }

    /** The port of {@code configuration}'s endpoint, as sun-jaxws.xml names it. */
    static String port(String configuration) {
        return "SeismicPort-" + configuration;
    }

    /** Writes the WSDL of {@code configuration} to {@code to}. */
    static void write(String configuration, Path to) throws Exception {
        Document wsdl = parse(new ByteArrayInputStream(SecurityPolicy.wsdl(configuration)));
        child(child(wsdl.getDocumentElement(), WSDL, "service"), WSDL, "port").setAttribute("name", port(configuration));
        Element policy = bindingPolicy(wsdl);
        Element all = child(child(policy, SecurityPolicy.WSP, "ExactlyOne"), SecurityPolicy.WSP, "All");
        String resource = "/io/wsbench/stacks/metro/wsit/" + configuration + ".xml";
        try (InputStream in = SecuredWsdl.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + resource);
            }
            for (Node n = parse(in).getDocumentElement().getFirstChild(); n != null; n = n.getNextSibling()) {
                if (n instanceof Element e) {
                    all.appendChild(wsdl.importNode(e, true));
                }
            }
        }
        NodeList suites = policy.getElementsByTagNameNS(SecurityPolicy.SP, "AlgorithmSuite");
        for (int i = 0; i < suites.getLength(); i++) {
            ((Element) suites.item(i)).setAttribute("signatureAlgorithm", "SHA256withRSA");
        }

        Files.createDirectories(to.getParent());
        Transformer t = TransformerFactory.newInstance().newTransformer();
        t.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
        t.transform(new DOMSource(wsdl), new StreamResult(to.toFile()));
    }

    /** The wsp:Policy that wsdl:binding references. */
    private static Element bindingPolicy(Document wsdl) {
        Element definitions = wsdl.getDocumentElement();
        Element binding = child(definitions, WSDL, "binding");
        String id = child(binding, SecurityPolicy.WSP, "PolicyReference").getAttribute("URI").substring(1);
        for (Node n = definitions.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && is(e, SecurityPolicy.WSP, "Policy") && id.equals(e.getAttributeNS(WSU, "Id"))) {
                return e;
            }
        }
        throw new IllegalStateException("the binding's policy #" + id + " is not in the WSDL");
    }

    private static Element child(Element parent, String namespace, String name) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && is(e, namespace, name)) {
                return e;
            }
        }
        throw new IllegalStateException("no " + name + " in " + parent.getLocalName());
    }

    private static boolean is(Element e, String namespace, String name) {
        return namespace.equals(e.getNamespaceURI()) && name.equals(e.getLocalName());
    }

    private static Document parse(InputStream in) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        return f.newDocumentBuilder().parse(in);
    }
}
