package io.wsbench.contract.seismic;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The secured configurations of seed 001 as WS-SecurityPolicy 1.2, the way CXF and Metro users
 * configure WS-Security: the shared seismic WSDL with a policy attached to its binding and, where
 * the configuration protects message parts, another to the operation's input and output.
 * The policies are resources beside this class, {@code policy/<configuration>.xml} (binding) and
 * {@code policy/<configuration>-messages.xml} (input and output, absent for username); the WSDL is
 * composed from them and seismic.wsdl here, so the contract itself is written once.
 */
public final class SecurityPolicy {

    /** The secured configurations with a policy, in the seed's order. */
    public static final List<String> CONFIGURATIONS = List.of("username", "sign", "signencr");

    public static final String WSP = "http://www.w3.org/ns/ws-policy";
    public static final String SP = "http://docs.oasis-open.org/ws-sx/ws-securitypolicy/200702";
    static final String WSU = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd";
    static final String WSDL = "http://schemas.xmlsoap.org/wsdl/";

    private SecurityPolicy() {
    }

    /** The classpath resource of the binding's policy of {@code configuration}. */
    public static String bindingPolicyResource(String configuration) {
        return "/io/wsbench/contract/seismic/policy/" + check(configuration) + ".xml";
    }

    /** The classpath resource of the input's and output's policy of {@code configuration}; null when it has none. */
    public static String messagePolicyResource(String configuration) {
        String r = "/io/wsbench/contract/seismic/policy/" + check(configuration) + "-messages.xml";
        return SecurityPolicy.class.getResource(r) == null ? null : r;
    }

    /** seismic.wsdl with the policies of {@code configuration} attached, as UTF-8 XML. */
    public static byte[] wsdl(String configuration) {
        check(configuration);
        try {
            Document wsdl = parse(SeismicContract.WSDL_RESOURCE);
            Element definitions = wsdl.getDocumentElement();
            definitions.setAttributeNS(XMLConstants.XMLNS_ATTRIBUTE_NS_URI, "xmlns:wsp", WSP);
            definitions.setAttributeNS(XMLConstants.XMLNS_ATTRIBUTE_NS_URI, "xmlns:wsu", WSU);
            Element binding = (Element) wsdl.getElementsByTagNameNS(WSDL, "binding").item(0);
            // WS-PolicyAttachment: policies are children of definitions, before everything but documentation
            Node first = definitions.getFirstChild();
            while (first != null && (first.getNodeType() != Node.ELEMENT_NODE || "documentation".equals(first.getLocalName()))) {
                first = first.getNextSibling();
            }
            String bindingId = attach(wsdl, definitions, first, bindingPolicyResource(configuration));
            binding.insertBefore(reference(wsdl, bindingId), binding.getFirstChild());
            String messages = messagePolicyResource(configuration);
            if (messages != null) {
                String messagesId = attach(wsdl, definitions, first, messages);
                Element operation = (Element) binding.getElementsByTagNameNS(WSDL, "operation").item(0);
                for (String direction : List.of("input", "output")) {
                    Element io = (Element) operation.getElementsByTagNameNS(WSDL, direction).item(0);
                    io.insertBefore(reference(wsdl, messagesId), io.getFirstChild());
                }
            }
            Transformer t = TransformerFactory.newInstance().newTransformer();
            t.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
            ByteArrayOutputStream out = new ByteArrayOutputStream(8192);
            t.transform(new DOMSource(wsdl), new StreamResult(out));
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (Exception e) {
            throw new IllegalStateException("cannot compose the " + configuration + " policy WSDL: " + e.getMessage(), e);
        }
    }

    /** Writes {@code seismic-<configuration>.wsdl} into {@code dir} and returns its path. */
    public static Path write(String configuration, Path dir) {
        try {
            Files.createDirectories(dir);
            return Files.write(dir.resolve("seismic-" + configuration + ".wsdl"), wsdl(configuration));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String attach(Document wsdl, Element definitions, Node before, String resource) throws Exception {
        Element policy = (Element) wsdl.importNode(parse(resource).getDocumentElement(), true);
        definitions.insertBefore(policy, before);
        return policy.getAttributeNS(WSU, "Id");
    }

    private static Element reference(Document wsdl, String id) {
        Element ref = wsdl.createElementNS(WSP, "wsp:PolicyReference");
        ref.setAttribute("URI", "#" + id);
        return ref;
    }

    private static Document parse(String resource) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        try (InputStream in = SecurityPolicy.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("missing resource " + resource);
            }
            return f.newDocumentBuilder().parse(in);
        }
    }

    private static String check(String configuration) {
        if (!CONFIGURATIONS.contains(configuration)) {
            throw new IllegalArgumentException("no security policy for '" + configuration + "' (known: "
                    + String.join(", ", CONFIGURATIONS) + ")");
        }
        return configuration;
    }
}
