package io.wsbench.service.wsdl;

import io.wsbench.service.own.RemoteDocuments;
import org.apache.xmlbeans.SchemaGlobalElement;
import org.apache.xmlbeans.SchemaType;
import org.apache.xmlbeans.SchemaTypeLoader;
import org.apache.xmlbeans.SchemaTypeSystem;
import org.apache.xmlbeans.XmlBeans;
import org.apache.xmlbeans.XmlError;
import org.apache.xmlbeans.XmlException;
import org.apache.xmlbeans.XmlObject;
import org.apache.xmlbeans.XmlOptions;
import org.apache.xmlbeans.impl.xb.xsdschema.SchemaDocument;
import org.w3c.dom.Attr;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;
import org.xml.sax.InputSource;
import org.xml.sax.SAXParseException;

import javax.wsdl.Binding;
import javax.wsdl.BindingInput;
import javax.wsdl.BindingOperation;
import javax.wsdl.Definition;
import javax.wsdl.Import;
import javax.wsdl.Message;
import javax.wsdl.Port;
import javax.wsdl.Service;
import javax.wsdl.Types;
import javax.wsdl.WSDLException;
import javax.wsdl.extensions.schema.Schema;
import javax.wsdl.extensions.soap.SOAPAddress;
import javax.wsdl.extensions.soap.SOAPBinding;
import javax.wsdl.extensions.soap.SOAPBody;
import javax.wsdl.extensions.soap.SOAPHeader;
import javax.wsdl.extensions.soap.SOAPOperation;
import javax.wsdl.extensions.soap12.SOAP12Address;
import javax.wsdl.extensions.soap12.SOAP12Binding;
import javax.wsdl.extensions.soap12.SOAP12Body;
import javax.wsdl.extensions.soap12.SOAP12Header;
import javax.wsdl.extensions.soap12.SOAP12Operation;
import javax.wsdl.factory.WSDLFactory;
import javax.wsdl.xml.WSDLReader;
import javax.xml.XMLConstants;
import javax.xml.namespace.QName;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import java.io.File;
import java.net.URI;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A user's WSDL 1.1, read once before any load: its SOAP 1.1 and 1.2 operations (WSDL4J) and the
 * XML Schema of its messages, inline, imported and included, compiled into one type system
 * (Apache XmlBeans), from which requests are written and answers validated.
 */
public final class ServiceDescription {

    static final String XSD = XMLConstants.W3C_XML_SCHEMA_NS_URI;
    static final String SOAP_ENCODING = "http://schemas.xmlsoap.org/soap/encoding/";
    private static final String SOAP_ENCODING_XSD = "soap-encoding.xsd";

    private final String location;
    private final Definition definition;
    private final SchemaTypeLoader types;
    /** The WSDL's own schemas, compiled (null when it has none): what {@link #types()} holds beyond XML Schema's built-ins. */
    private final SchemaTypeSystem own;
    private final List<SoapOperation> operations;
    /** Why the schema compiled only without XML Schema's own checks, or null when it compiled with them. */
    private final String lenient;

    private ServiceDescription(String location, Definition definition, SchemaTypeSystem own, List<SoapOperation> operations,
                               String lenient) {
        this.location = location;
        this.definition = definition;
        this.own = own;
        this.types = own == null ? XmlBeans.getBuiltinTypeSystem() : XmlBeans.typeLoaderUnion(own, XmlBeans.getBuiltinTypeSystem());
        this.operations = operations;
        this.lenient = lenient;
    }

    /** Reads the WSDL at {@code urlOrFile}: an http(s):// or file: URL, or a path. */
    public static ServiceDescription read(String urlOrFile) throws WsdlException {
        String uri = toUri(urlOrFile);
        Definition d;
        InputSource wsdl;
        try {
            wsdl = new InputSource(new java.io.ByteArrayInputStream(RemoteDocuments.read(uri)));
            wsdl.setSystemId(uri);
        } catch (java.io.IOException e) {
            throw new WsdlException(urlOrFile + ": cannot read: " + RemoteDocuments.why(e));
        }
        Document document = parse(wsdl, urlOrFile);
        try {
            WSDLReader reader = WSDLFactory.newInstance().newWSDLReader();
            reader.setFeature("javax.wsdl.verbose", false);
            reader.setFeature("javax.wsdl.importDocuments", true);
            d = reader.readWSDL(new Imports(uri, urlOrFile), document.getDocumentElement());
        } catch (WSDLException e) {
            throw new WsdlException(explain(urlOrFile, e));
        } catch (Imports.Refused e) {
            throw e.why;
        }
        List<Element> schemas = new ArrayList<>();
        List<XmlObject> compiled = new ArrayList<>();
        collectSchemas(d, schemas, compiled, urlOrFile);
        Compiled own = compile(compiled, schemas.stream().anyMatch(ServiceDescription::usesSoapEncoding), urlOrFile);
        List<SoapOperation> ops = operations(d, serviceNames(document));
        if (ops.isEmpty()) {
            throw new WsdlException(urlOrFile + ": " + noSoapPort(d));
        }
        return new ServiceDescription(urlOrFile, d, own.system(), ops, own.lenient());
    }

    /**
     * Null when the WSDL's schema is valid XML Schema; else what is not (its first error, where XmlBeans says where), which
     * the schema was compiled without: as SoapUI compiles it, so that a WSDL whose clients (PHP's, SoapUI) accept it can be
     * loaded (an attribute of a tool's own on an {@code xsd:element}; an {@code xs:all} of unbounded elements compiles
     * neither way).
     */
    public String lenient() {
        return lenient;
    }

    public String location() {
        return location;
    }

    public String targetNamespace() {
        return definition.getTargetNamespace();
    }

    public List<SoapOperation> operations() {
        return operations;
    }

    /** The compiled schemas, with the XML Schema built-in types and SOAP encoding's. */
    public SchemaTypeLoader types() {
        return types;
    }

    /** The global elements the WSDL's schemas declare (those they import included). */
    public List<SchemaGlobalElement> globalElements() {
        return own == null ? List.of() : List.of(own.globalElements());
    }

    /** The named types the WSDL's schemas declare (those they import included). */
    public List<SchemaType> globalTypes() {
        return own == null ? List.of() : List.of(own.globalTypes());
    }

    /** The WSDL's own namespace prefixes (those of its definitions element), usable in checks. */
    public Map<String, String> prefixes() {
        Map<String, String> out = new LinkedHashMap<>();
        definition.getNamespaces().forEach((p, ns) -> {
            if (p != null && !((String) p).isEmpty()) {
                out.put((String) p, (String) ns);
            }
        });
        return out;
    }

    /**
     * The operation {@code name} on {@code port} (any port when null; a SOAP 1.1 port first, then the
     * first that has it).
     */
    public SoapOperation operation(String name, String port) throws WsdlException {
        List<SoapOperation> named = operations.stream().filter(o -> o.name().equals(name)).toList();
        if (named.isEmpty()) {
            throw new WsdlException(location + ": no operation '" + name + "' (operations: "
                    + String.join(", ", operations.stream().map(SoapOperation::name).distinct().toList()) + ")");
        }
        if (port != null) {
            // a port's name is unique within its service only (CXF's hello_world.wsdl has a SoapPort in six): SERVICE/PORT says which
            int slash = port.indexOf('/');
            String service = slash < 0 ? null : port.substring(0, slash);
            String portName = slash < 0 ? port : port.substring(slash + 1);
            List<SoapOperation> at = named.stream()
                    .filter(o -> o.port().equals(portName) && (service == null || service.equals(o.service()))).toList();
            if (at.isEmpty()) {
                throw new WsdlException(location + ": no port '" + port + "' with operation '" + name + "' (ports: "
                        + String.join(", ", named.stream().map(o -> qualifiedPort(o, named)).distinct().toList()) + ")");
            }
            if (at.size() > 1) {
                throw new WsdlException(location + ": port '" + port + "' is in " + at.size() + " services ("
                        + String.join(", ", at.stream().map(SoapOperation::service).toList()) + "): name one as SERVICE/PORT, e.g. "
                        + at.get(0).service() + "/" + portName);
            }
            return at.get(0);
        }
        return named.stream().filter(o -> o.version() == SoapVersion.V11).findFirst().orElse(named.get(0));
    }

    /** The operation's port as {@code --port} takes it: its name, or SERVICE/PORT where another service has a port of that name. */
    private static String qualifiedPort(SoapOperation o, List<SoapOperation> all) {
        boolean shared = all.stream().anyMatch(x -> x.port().equals(o.port()) && !x.service().equals(o.service()));
        return shared ? o.service() + "/" + o.port() : o.port();
    }

    // ---- reading

    private static String toUri(String urlOrFile) throws WsdlException {
        String lower = urlOrFile.toLowerCase();
        if (lower.startsWith("http://") || lower.startsWith("https://") || lower.startsWith("file:")) {
            return urlOrFile;
        }
        File f = new File(urlOrFile);
        if (!f.isFile()) {
            throw new WsdlException(urlOrFile + ": no such WSDL file");
        }
        return f.getAbsoluteFile().toURI().toString();
    }

    /**
     * The documents a WSDL imports (WSDLs, and the schemas their types import), as WSDL4J asks for them: each read and
     * checked here first, as the WSDL itself is ({@link #parse}: well-formed, no DTD), then handed to WSDL4J; SOAP
     * encoding's schema, which rpc/encoded WSDLs import from its namespace's address (schemas.xmlsoap.org, which need not
     * answer), is the copy wsbench ships.
     */
    private static final class Imports implements javax.wsdl.xml.WSDLLocator {
        private final String base;
        /** The WSDL as the user named it, which every line about it starts with. */
        private final String location;
        private String latest;

        /** An import that could not be read, said as {@link #parse} says it; WSDL4J lets it through as it is. */
        static final class Refused extends RuntimeException {
            final WsdlException why;

            Refused(WsdlException why) {
                super(why.getMessage(), null, false, false);
                this.why = why;
            }
        }

        Imports(String base, String location) {
            this.base = base;
            this.location = location;
            this.latest = base;
        }

        @Override
        public InputSource getBaseInputSource() {
            return new InputSource(base);
        }

        @Override
        public InputSource getImportInputSource(String parent, String location) {
            String resolved;
            try {
                resolved = parent == null ? location : new java.net.URL(new java.net.URL(parent), location).toString();
            } catch (java.net.MalformedURLException e) {
                throw new Refused(new WsdlException(this.location + ": an import's location is no URL: " + location));
            }
            if (SOAP_ENCODING.equals(resolved) || SOAP_ENCODING.equals(location)) {
                resolved = ServiceDescription.class.getResource(SOAP_ENCODING_XSD).toString();
            }
            latest = resolved;
            byte[] bytes;
            try {
                bytes = RemoteDocuments.read(resolved);
            } catch (java.io.IOException e) {
                throw new Refused(new WsdlException(this.location + ": cannot read " + resolved + ", which it imports: " + RemoteDocuments.why(e)));
            }
            InputSource checked = new InputSource(new java.io.ByteArrayInputStream(bytes));
            checked.setSystemId(resolved);
            try {
                parse(checked, resolved);
            } catch (WsdlException e) {
                throw new Refused(e);
            }
            InputSource source = new InputSource(new java.io.ByteArrayInputStream(bytes));
            source.setSystemId(resolved);
            return source;
        }

        @Override
        public String getBaseURI() {
            return base;
        }

        @Override
        public String getLatestImportURI() {
            return latest;
        }

        @Override
        public void close() {
        }
    }

    /**
     * The WSDL document, parsed here rather than by WSDL4J so that a broken one is one line naming
     * its line and column, not a "[Fatal Error]" the XML parser prints on its own.
     */
    private static Document parse(InputSource source, String location) throws WsdlException {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            javax.xml.parsers.DocumentBuilder b = f.newDocumentBuilder();
            b.setErrorHandler(new org.xml.sax.helpers.DefaultHandler() {
                @Override
                public void fatalError(SAXParseException e) throws SAXParseException {
                    throw e;
                }

                @Override
                public void error(SAXParseException e) {
                    // validity errors: a WSDL is not validated against a DTD
                }
            });
            return b.parse(source);
        } catch (SAXParseException e) {
            throw new WsdlException(location + ":" + e.getLineNumber() + ":" + e.getColumnNumber() + ": not well-formed XML: "
                    + e.getMessage());
        } catch (java.io.IOException e) {
            throw new WsdlException(location + ": cannot read: " + e); // the bytes are in memory: RemoteDocuments read them
        } catch (org.xml.sax.SAXException | ParserConfigurationException e) {
            throw new WsdlException(location + ": not a WSDL: " + e.getMessage());
        }
    }

    /** One line from WSDL4J's exception: where the XML is broken, else what is missing. */
    private static String explain(String location, WSDLException e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
            if (t instanceof SAXParseException sax) {
                return location + ":" + sax.getLineNumber() + ":" + sax.getColumnNumber() + ": not well-formed XML: "
                        + sax.getMessage();
            }
        }
        // WSDL4J names the document it could not read ("... imported document at 'http://...'"): an import's, not the WSDL's
        java.util.regex.Matcher at = java.util.regex.Pattern.compile("at '([^']+)'").matcher(String.valueOf(e.getMessage()));
        String what = at.find() && !at.group(1).equals(location) ? "cannot read " + at.group(1) + ", which it imports: " : "cannot read: ";
        if (t instanceof java.net.UnknownHostException) {
            return location + ": " + what + "unknown host " + t.getMessage();
        }
        if (t instanceof java.io.FileNotFoundException) {
            return location + ": " + what + t.getMessage();
        }
        if (t instanceof java.io.IOException) {
            return location + ": " + what + t;
        }
        String m = e.getMessage() == null ? e.getFaultCode() : e.getMessage();
        m = m.replaceAll("^WSDLException( \\(at [^)]*\\))?: faultCode=[A-Z_]+: ", "").replace('\n', ' ');
        return location + ": not a usable WSDL: " + m;
    }

    /** The schemas in the types of {@code d} and of each WSDL it imports. */
    private static void collectSchemas(Definition root, List<Element> schemas, List<XmlObject> compiled, String location)
            throws WsdlException {
        for (Definition d : withImports(root)) {
            ownSchemas(d, schemas, compiled, location);
        }
    }

    private static void ownSchemas(Definition d, List<Element> schemas, List<XmlObject> compiled, String location)
            throws WsdlException {
        Types t = d.getTypes();
        if (t != null) {
            for (Object e : t.getExtensibilityElements()) {
                if (e instanceof Schema s) {
                    Element copy = standalone(s.getElement());
                    schemas.add(copy);
                    XmlOptions o = new XmlOptions().setLoadLineNumbers();
                    o.setDocumentSourceName(s.getDocumentBaseURI() == null ? d.getDocumentBaseURI() : s.getDocumentBaseURI());
                    try {
                        compiled.add(SchemaDocument.Factory.parse(copy, o));
                    } catch (XmlException ex) {
                        throw new WsdlException(location + ": a schema in its types cannot be read: " + ex.getMessage());
                    }
                }
            }
        }
    }

    /**
     * A copy of an inline schema in a document of its own, with the namespace declarations it
     * inherits from the WSDL, so its QName references (type="tns:Order") resolve on their own.
     */
    private static Element standalone(Element schema) {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            return standalone(schema, f.newDocumentBuilder().newDocument());
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * {@code element} copied as the document element of {@code doc} (a new, empty one), with every namespace declaration
     * in scope where it stood that it does not make itself: QNames in its text and attributes ({@code type="tns:Order"},
     * {@code xsi:type="xsd:int"}) name prefixes declared on an ancestor, often the WSDL's root or the SOAP Envelope.
     */
    static Element standalone(Element element, Document doc) {
        Element copy = (Element) doc.importNode(element, true);
        doc.appendChild(copy);
        for (Node n = element.getParentNode(); n instanceof Element parent; n = n.getParentNode()) {
            NamedNodeMap attrs = parent.getAttributes();
            for (int i = 0; i < attrs.getLength(); i++) {
                Attr a = (Attr) attrs.item(i);
                if (XMLConstants.XMLNS_ATTRIBUTE_NS_URI.equals(a.getNamespaceURI())
                        && !copy.hasAttributeNS(XMLConstants.XMLNS_ATTRIBUTE_NS_URI, a.getLocalName())) {
                    copy.setAttributeNS(XMLConstants.XMLNS_ATTRIBUTE_NS_URI, a.getName(), a.getValue());
                }
            }
        }
        return copy;
    }

    /** The compiled schemas (null when the WSDL has none), and why they compiled only leniently (null when strictly). */
    private record Compiled(SchemaTypeSystem system, String lenient) {
    }

    /**
     * Compiles the schemas as XML Schema asks; a schema that is not valid XML Schema is compiled again without the checks
     * of the schema for schemas and of particle restriction, as SoapUI compiles every WSDL (its first error kept for
     * {@link #lenient()}). One that does not compile even then is refused with that first error.
     */
    private static Compiled compile(List<XmlObject> schemas, boolean soapEncoding, String location) throws WsdlException {
        if (schemas.isEmpty()) {
            return new Compiled(null, null);
        }
        List<XmlObject> all = new ArrayList<>(schemas);
        if (soapEncoding) {
            all.add(soapEncodingSchema());
        }
        List<XmlError> errors = new ArrayList<>();
        try {
            return new Compiled(compile(all, false, errors), null);
        } catch (XmlException strict) {
            String[] why = firstError(errors, strict, location);
            try {
                return new Compiled(compile(all, true, new ArrayList<>()), why[0] + ": " + why[1]);
            } catch (XmlException | RuntimeException lenient) { // unchecked, XmlBeans' values met unchecked (maxOccurs="x")
                throw new WsdlException(why[0] + ": the WSDL's schema does not compile: " + why[1]);
            }
        }
    }

    private static SchemaTypeSystem compile(List<XmlObject> schemas, boolean lenient, List<XmlError> errors) throws XmlException {
        XmlOptions o = new XmlOptions();
        o.setCompileDownloadUrls(); // xsd:import and xsd:include by relative URL or file
        o.setEntityResolver((publicId, systemId) -> SOAP_ENCODING.equals(systemId)
                ? new InputSource(ServiceDescription.class.getResource(SOAP_ENCODING_XSD).toString()) : null);
        o.setCompileNoUpaRule();
        if (lenient) {
            o.setCompileNoValidation();
            o.setCompileNoPvrRule();
        }
        o.setErrorListener(errors);
        return XmlBeans.compileXsd(schemas.toArray(new XmlObject[0]), XmlBeans.getBuiltinTypeSystem(), o);
    }

    /** Where XmlBeans' first error is (its file, and line where it knows it) and what it says. */
    private static String[] firstError(List<XmlError> errors, XmlException e, String location) {
        XmlError first = errors.stream().filter(x -> x.getSeverity() == XmlError.SEVERITY_ERROR).findFirst().orElse(null);
        String where = first == null || first.getSourceName() == null ? location
                : first.getSourceName() + (first.getLine() > 0 ? ":" + first.getLine() + ":" + first.getColumn() : "");
        return new String[] {where, first == null ? e.getMessage() : first.getMessage()};
    }

    /** SOAP section 5's types, which rpc/encoded WSDLs import by namespace alone. */
    private static XmlObject soapEncodingSchema() {
        try (var in = ServiceDescription.class.getResourceAsStream(SOAP_ENCODING_XSD)) {
            return SchemaDocument.Factory.parse(in, new XmlOptions().setDocumentSourceName(SOAP_ENCODING));
        } catch (XmlException | java.io.IOException e) {
            throw new IllegalStateException("the SOAP encoding schema shipped with wsbench does not load", e);
        }
    }

    /** Whether a schema refers to SOAP encoding's namespace: declares a prefix for it or imports it. */
    private static boolean usesSoapEncoding(Element schema) {
        NamedNodeMap attrs = schema.getAttributes();
        for (int i = 0; i < attrs.getLength(); i++) {
            if (SOAP_ENCODING.equals(attrs.item(i).getNodeValue())) {
                return true;
            }
        }
        var imports = schema.getElementsByTagNameNS(XSD, "import");
        for (int i = 0; i < imports.getLength(); i++) {
            if (SOAP_ENCODING.equals(((Element) imports.item(i)).getAttribute("namespace"))) {
                return true;
            }
        }
        return false;
    }

    /**
     * The names of the services {@code document} declares, in its order (WSDL4J keeps a WSDL's services unordered):
     * where services share a port's name, they are listed as the user wrote them.
     */
    private static List<String> serviceNames(Document document) {
        List<String> names = new ArrayList<>();
        var all = document.getDocumentElement().getElementsByTagNameNS("http://schemas.xmlsoap.org/wsdl/", "service");
        for (int i = 0; i < all.getLength(); i++) {
            names.add(((Element) all.item(i)).getAttribute("name"));
        }
        return names;
    }

    /**
     * The SOAP version of a port whose binding has no soap:binding element (WSDLs that .NET and Oracle users met in the
     * wild: PHP's bugs 70875 and 77410): that of its soap:address, null when it has none (an HTTP port).
     */
    private static SoapVersion soapByAddress(Port port) {
        for (Object e : port.getExtensibilityElements()) {
            if (e instanceof SOAPAddress) {
                return SoapVersion.V11;
            } else if (e instanceof SOAP12Address) {
                return SoapVersion.V12;
            }
        }
        return null;
    }

    /** Why a WSDL has no SOAP operation to call: no service at all, a port whose binding is not there, or none bound to SOAP. */
    private static String noSoapPort(Definition d) {
        boolean services = false;
        List<String> notSoap = new ArrayList<>();
        for (Definition x : withImports(d)) {
            for (Object s : x.getServices().values()) {
                services = true;
                for (Object p : ((Service) s).getPorts().values()) {
                    Port port = (Port) p;
                    Binding binding = port.getBinding();
                    if (binding == null || binding.isUndefined()) {
                        return "port " + port.getName() + " names binding " + (binding == null ? "(none)" : binding.getQName())
                                + ", which the WSDL does not define";
                    }
                    String kind = binding.getExtensibilityElements().isEmpty() ? "no binding element"
                            : ((javax.wsdl.extensions.ExtensibilityElement) binding.getExtensibilityElements().get(0)).getElementType().toString();
                    notSoap.add(port.getName() + " (" + kind + ")");
                }
            }
        }
        if (!services) {
            return "the WSDL defines no service, so no port to call (a WSDL of messages, port types or bindings only,"
                    + " for another to import?): give the WSDL that holds the service";
        }
        return notSoap.isEmpty() ? "the WSDL has no SOAP 1.1 or 1.2 port (a service, a port and its soap:binding)"
                : "no port is bound to SOAP 1.1 or 1.2: " + String.join(", ", notSoap.subList(0, Math.min(3, notSoap.size())))
                + (notSoap.size() > 3 ? " and " + (notSoap.size() - 3) + " more" : "");
    }

    private static List<SoapOperation> operations(Definition d, List<String> order) {
        List<SoapOperation> out = new ArrayList<>();
        Map<QName, Service> services = new LinkedHashMap<>(); // of the WSDL and those it imports, each in its order
        for (Definition x : withImports(d)) {
            List<Service> own = new ArrayList<>();
            for (Object s : x.getServices().values()) {
                own.add((Service) s);
            }
            // the WSDL's own in its document's order, an imported one's by name
            own.sort(java.util.Comparator.comparingInt((Service s) -> x == d ? order.indexOf(s.getQName().getLocalPart()) : -1)
                    .thenComparing(s -> s.getQName().toString()));
            own.forEach(s -> services.putIfAbsent(s.getQName(), s));
        }
        for (Object s : services.values()) {
            Service service = (Service) s;
            for (Object p : service.getPorts().values()) {
                Port port = (Port) p;
                Binding binding = port.getBinding();
                if (binding == null || binding.isUndefined()) {
                    continue;
                }
                SoapVersion version = null;
                String style = "document";
                for (Object e : binding.getExtensibilityElements()) {
                    if (e instanceof SOAPBinding b) {
                        version = SoapVersion.V11;
                        style = b.getStyle() == null ? style : b.getStyle();
                    } else if (e instanceof SOAP12Binding b) {
                        version = SoapVersion.V12;
                        style = b.getStyle() == null ? style : b.getStyle();
                    }
                }
                if (version == null) {
                    version = soapByAddress(port); // no soap:binding: a SOAP port still, by its address, as PHP's SoapClient reads it
                }
                if (version == null) {
                    continue; // an HTTP binding, not SOAP
                }
                String address = null;
                for (Object e : port.getExtensibilityElements()) {
                    if (e instanceof SOAPAddress a) {
                        address = a.getLocationURI();
                    } else if (e instanceof SOAP12Address a) {
                        address = a.getLocationURI();
                    }
                }
                for (Object o : binding.getBindingOperations()) {
                    out.add(operation(d, service, port, address, version, style, binding, (BindingOperation) o));
                }
            }
        }
        return out;
    }

    private static SoapOperation operation(Definition d, Service service, Port port, String address, SoapVersion version,
                                           String style, Binding binding, BindingOperation op) {
        String action = "";
        for (Object e : op.getExtensibilityElements()) {
            if (e instanceof SOAPOperation so) {
                action = so.getSoapActionURI() == null ? "" : so.getSoapActionURI();
                style = so.getStyle() == null ? style : so.getStyle();
            } else if (e instanceof SOAP12Operation so) {
                action = so.getSoapActionURI() == null ? "" : so.getSoapActionURI();
                style = so.getStyle() == null ? style : so.getStyle();
            }
        }
        String use = "literal";
        String namespace = "";
        List<?> bodyParts = null; // soap:body parts="...": null, all the message's parts not bound elsewhere
        List<QName[]> headerRefs = new ArrayList<>(); // soap:header: message and part
        BindingInput in = op.getBindingInput();
        List<Object> bound = new ArrayList<>(in == null ? List.of() : in.getExtensibilityElements());
        Set<String> attachments = new java.util.LinkedHashSet<>();
        for (Object e : List.copyOf(bound)) {
            if (e instanceof javax.wsdl.extensions.mime.MIMEMultipartRelated related) {
                // SOAP with Attachments: the envelope is one MIME part (its soap:body and soap:header), the others attachments
                for (Object mp : related.getMIMEParts()) {
                    for (Object inner : ((javax.wsdl.extensions.mime.MIMEPart) mp).getExtensibilityElements()) {
                        if (inner instanceof javax.wsdl.extensions.mime.MIMEContent c && c.getPart() != null) {
                            attachments.add(c.getPart());
                        } else {
                            bound.add(inner);
                        }
                    }
                }
            }
        }
        if (in != null) {
            for (Object e : bound) {
                if (e instanceof SOAPBody b) {
                    use = b.getUse() == null ? use : b.getUse();
                    namespace = b.getNamespaceURI() == null ? namespace : b.getNamespaceURI();
                    bodyParts = b.getParts();
                } else if (e instanceof SOAP12Body b) {
                    use = b.getUse() == null ? use : b.getUse();
                    namespace = b.getNamespaceURI() == null ? namespace : b.getNamespaceURI();
                    bodyParts = b.getParts();
                } else if (e instanceof SOAPHeader h && h.getMessage() != null && h.getPart() != null) {
                    headerRefs.add(new QName[]{h.getMessage(), new QName(h.getPart())});
                } else if (e instanceof SOAP12Header h && h.getMessage() != null && h.getPart() != null) {
                    headerRefs.add(new QName[]{h.getMessage(), new QName(h.getPart())});
                }
            }
        }
        javax.wsdl.Operation abstractOp = abstractOperation(d, binding, op);
        Message inMessage = defined(d, abstractOp.getInput() == null ? null : abstractOp.getInput().getMessage());
        List<SoapOperation.Part> headers = new ArrayList<>();
        Set<String> inHeader = new HashSet<>();
        for (QName[] ref : headerRefs) {
            Message m = inMessage != null && ref[0].equals(inMessage.getQName()) ? inMessage : message(d, ref[0]);
            javax.wsdl.Part p = m == null ? null : m.getPart(ref[1].getLocalPart());
            if (p != null) {
                headers.add(new SoapOperation.Part(p.getName(), p.getElementName(), p.getTypeName()));
                if (m == inMessage) {
                    inHeader.add(p.getName());
                }
            }
        }
        List<?> named = bodyParts;
        List<SoapOperation.Part> input = parts(inMessage).stream().filter(p -> !attachments.contains(p.name()))
                .filter(p -> named != null ? named.contains(p.name()) : !inHeader.contains(p.name())).toList();
        List<SoapOperation.Part> output = parts(defined(d, abstractOp.getOutput() == null ? null : abstractOp.getOutput().getMessage()));
        return new SoapOperation(service.getQName().getLocalPart(), port.getName(), address, version, style, use,
                op.getName(), action, namespace, input, output, List.copyOf(headers), List.copyOf(attachments));
    }

    /**
     * {@code op}'s operation as the port type that defines it has it: WSDL4J gives a binding whose port type lies in
     * another document (one that imports this one: CXF's hello_world_recursive.wsdl) a placeholder, with no messages.
     */
    private static javax.wsdl.Operation abstractOperation(Definition d, Binding binding, BindingOperation op) {
        javax.wsdl.Operation o = op.getOperation();
        javax.wsdl.PortType type = binding.getPortType();
        if ((o == null || o.isUndefined()) && type != null && type.isUndefined()) {
            javax.wsdl.PortType found = inImports(d, x -> {
                javax.wsdl.PortType t = x.getPortType(type.getQName());
                return t == null || t.isUndefined() ? null : t;
            });
            javax.wsdl.Operation defined = found == null ? null : found.getOperation(op.getName(),
                    op.getBindingInput() == null ? null : op.getBindingInput().getName(),
                    op.getBindingOutput() == null ? null : op.getBindingOutput().getName());
            return defined != null ? defined : o;
        }
        return o;
    }

    /** What {@code find} finds first in {@code d} or in a WSDL it imports ({@link #withImports}); null where none has it. */
    private static <T> T inImports(Definition d, java.util.function.Function<Definition, T> find) {
        return withImports(d).stream().map(find).filter(java.util.Objects::nonNull).findFirst().orElse(null);
    }

    /**
     * {@code d} and the WSDLs it imports, nearest first, each once: WSDL4J's own walks ({@code getAllServices}) follow
     * imports without end where two WSDLs import each other (CXF's hello_world_recursive.wsdl and its import).
     */
    private static List<Definition> withImports(Definition d) {
        Set<Definition> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        List<Definition> all = new ArrayList<>();
        java.util.ArrayDeque<Definition> next = new java.util.ArrayDeque<>(List.of(d));
        while (!next.isEmpty()) {
            Definition x = next.poll();
            if (seen.add(x)) {
                all.add(x);
                for (Object list : x.getImports().values()) {
                    for (Object i : (Collection<?>) list) {
                        Definition imported = ((Import) i).getDefinition();
                        if (imported != null) {
                            next.add(imported);
                        }
                    }
                }
            }
        }
        return all;
    }

    /**
     * {@code m} as the WSDL that defines it has it: WSDL4J gives a binding whose port type lies in another document
     * (an imported WSDL, or one that imports this one) messages that are placeholders, named but with no parts.
     */
    private static Message defined(Definition d, Message m) {
        if (m == null || !m.isUndefined()) {
            return m;
        }
        Message found = message(d, m.getQName());
        return found != null ? found : m;
    }

    /** The message {@code name} of {@code d} or of a WSDL it imports; null where none is. */
    private static Message message(Definition d, QName name) {
        return inImports(d, x -> {
            Message m = x.getMessage(name);
            return m == null || m.isUndefined() ? null : m;
        });
    }

    private static List<SoapOperation.Part> parts(Message m) {
        if (m == null) {
            return List.of();
        }
        List<SoapOperation.Part> out = new ArrayList<>();
        for (Object o : m.getOrderedParts(null)) {
            javax.wsdl.Part p = (javax.wsdl.Part) o;
            out.add(new SoapOperation.Part(p.getName(), p.getElementName(), p.getTypeName()));
        }
        return out;
    }
}
