package io.wsbench.service.imports;

import io.wsbench.service.own.OwnServiceException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A SoapUI project (SoapUI 5.x, and ReadyAPI's, which share its format) made a suite: each enabled test
 * case a target whose flow is its steps in order. SOAP requests become operations of the WSDL its
 * definition cache holds (written beside the suite, so the import needs no network), REST and HTTP
 * requests plain steps; property steps and the project's, suite's and case's properties are resolved
 * where they are used; a property transfer from an answer becomes an extraction on the step that gave
 * it and a variable where it goes; a delay a pause; the assertions the checks of the same meaning; a
 * LoadTest the suite's loads. Whatever is not converted (Groovy, a conditional goto, a data source) is
 * named by {@link SuiteDraft#skip}.
 */
final class SoapUiProject {

    private final Document doc;
    final String source;
    final SuiteDraft draft;
    final Map<String, String> overrides;
    final Map<String, String> projectProps = new LinkedHashMap<>();
    private final Map<String, Wsdl> wsdls = new HashMap<>();
    final Map<String, Element> interfaces = new LinkedHashMap<>();

    /** One SOAP interface: its WSDL file beside the suite (null until asked for), its SOAP version and its operations' actions. */
    static final class Wsdl {
        String file;
        boolean soap12;
        final Map<String, String> actions = new HashMap<>();
    }

    private SoapUiProject(Document doc, String source, Map<String, String> overrides, SuiteDraft.Where origin) {
        this.doc = doc;
        this.source = source;
        this.overrides = overrides;
        Element root = doc.getDocumentElement();
        this.draft = new SuiteDraft("SoapUI project", Dom.attr(root, "name"), Dom.text(root, "description"), origin);
    }

    /** A file the project names (a data source's), beside it: {@link Imports#beside}. */
    java.nio.file.Path beside(String fileName) {
        return Imports.beside(java.nio.file.Path.of(source).toAbsolutePath().getParent(), fileName);
    }

    static SuiteDraft.Result convert(Document doc, String source, Map<String, String> environment, SuiteDraft.Where origin)
            throws OwnServiceException {
        return new SoapUiProject(doc, source, environment, origin).convert();
    }

    private SuiteDraft.Result convert() throws OwnServiceException {
        Element root = doc.getDocumentElement();
        properties(Dom.child(root, "properties"), projectProps);
        projectProps.putAll(overrides);
        for (Element i : Dom.children(root, "interface")) {
            interfaces.put(Dom.attr(i, "name"), i);
        }
        for (Element suite : Dom.children(root, "testSuite")) {
            String suiteName = Dom.attr(suite, "name");
            if ("true".equals(Dom.attr(suite, "disabled"))) {
                draft.ignore("test suite '" + suiteName + "': disabled in the project");
                continue;
            }
            Map<String, String> suiteProps = new LinkedHashMap<>();
            properties(Dom.child(suite, "properties"), suiteProps);
            for (Element testCase : Dom.children(suite, "testCase")) {
                if ("true".equals(Dom.attr(testCase, "disabled"))) {
                    draft.ignore("test case '" + Dom.attr(testCase, "name") + "': disabled in the project");
                    continue;
                }
                try {
                    new SoapUiCase(this, suiteName, suiteProps, testCase).convert();
                } catch (SoapUiCase.NoServer noAddress) {
                    draft.skip(noAddress.getMessage());
                }
            }
        }
        if (Dom.children(root, "testSuite").isEmpty()) {
            throw new OwnServiceException(source + ": the project has no test suite: wsbench loads its test cases (the requests of"
                    + " an interface alone are no flow); add a test case in SoapUI, or load an operation with --wsdl");
        }
        return draft.result(source);
    }

    static void properties(Element props, Map<String, String> into) {
        for (Element p : Dom.children(props, "property")) {
            String v = Dom.text(p, "value");
            into.put(Dom.text(p, "name"), v == null ? "" : v);
        }
    }

    // ---- the REST resources of an interface

    String restMethod(Element config) {
        Element m = restMethodElement(config);
        return m == null || Dom.attr(m, "method") == null ? "GET" : Dom.attr(m, "method");
    }

    private Element restMethodElement(Element config) {
        Element resource = resource(config);
        String name = Dom.attr(config, "methodName");
        for (Element m : Dom.children(resource, "method")) {
            if (name != null && name.equals(Dom.attr(m, "name"))) {
                return m;
            }
        }
        return null;
    }

    /** The resource the step names: its path's elements walked from the service's top resources. */
    private Element resource(Element config) {
        Element service = interfaces.get(Dom.attr(config, "service"));
        String path = Dom.attr(config, "resourcePath");
        if (service == null || path == null) {
            return null;
        }
        Element found = findResource(Dom.children(service, "resource"), path, "");
        return found != null ? found : findResource(Dom.children(service, "resource"), path, basePath(service));
    }

    /** The service's base path, "" for none or "/". */
    private static String basePath(Element service) {
        String base = service == null || Dom.attr(service, "basePath") == null ? "" : Dom.attr(service, "basePath").trim();
        return base.equals("/") ? "" : base;
    }

    private Element findResource(List<Element> resources, String wanted, String above) {
        for (Element r : resources) {
            String p = join(above, Dom.attr(r, "path"));
            if (p.equals(join("", wanted)) || p.equals(wanted)) {
                return r;
            }
            Element inner = findResource(Dom.children(r, "resource"), wanted, p);
            if (inner != null) {
                return inner;
            }
        }
        return null;
    }

    /**
     * The step's path: its {@code resourcePath}, which SoapUI writes with the service's base path in it ("/norad/accounts"
     * for base path "/norad" and resource "/accounts"); the base path put before one that lacks it.
     */
    String resourcePath(Element config) {
        String base = basePath(interfaces.get(Dom.attr(config, "service")));
        String path = Dom.attr(config, "resourcePath") == null ? "" : Dom.attr(config, "resourcePath");
        String b = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
        String p = path.startsWith("/") ? path : "/" + path;
        return b.isEmpty() || p.equals(b) || p.startsWith(b + "/") ? join("", path) : join(base, path);
    }

    private static String join(String a, String b) {
        String x = a == null ? "" : a;
        String y = b == null ? "" : b;
        if (y.isEmpty()) {
            return x;
        }
        return (x.endsWith("/") ? x.substring(0, x.length() - 1) : x) + (y.startsWith("/") ? y : "/" + y);
    }

    /** The parameters the resource and its method declare: name → {style, default value}. */
    Map<String, String[]> restParameters(Element config) {
        Map<String, String[]> out = new LinkedHashMap<>();
        List<Element> holders = new ArrayList<>();
        holders.add(resource(config));
        holders.add(restMethodElement(config));
        for (Element holder : holders) {
            for (Element p : Dom.children(Dom.child(holder, "parameters"), "parameter")) {
                String style = Dom.text(p, "style");
                out.put(Dom.text(p, "name"), new String[]{style == null ? "QUERY" : style, Dom.text(p, "value")});
            }
        }
        return out;
    }

    String restEndpoint(Element config, Element request) {
        String own = Dom.text(request, "endpoint");
        if (own != null && !own.isBlank()) {
            return own;
        }
        Element service = interfaces.get(Dom.attr(config, "service"));
        return Dom.text(Dom.child(service, "endpoints"), "endpoint");
    }

    // ---- the WSDL beside the suite

    /** The interface's WSDL written beside the suite from its definition cache, or fetched once from its definition URL. */
    Wsdl wsdl(String interfaceName) throws OwnServiceException {
        Wsdl known = wsdls.get(interfaceName);
        if (known != null) {
            return known;
        }
        Element iface = interfaces.get(interfaceName);
        if (iface == null) {
            throw new OwnServiceException(source + ": interface '" + interfaceName + "' is named by a step but not in the project");
        }
        Wsdl w = new Wsdl();
        w.soap12 = "1_2".equals(Dom.attr(iface, "soapVersion"));
        for (Element op : Dom.children(iface, "operation")) {
            w.actions.put(Dom.attr(op, "name"), Dom.attr(op, "action") == null ? "" : Dom.attr(op, "action"));
        }
        String base = SuiteDraft.suiteName(interfaceName);
        Element cache = Dom.child(iface, "definitionCache");
        List<Element> parts = Dom.children(cache, "part");
        if (!parts.isEmpty()) {
            String root = Dom.attr(cache, "rootPart");
            Map<String, String> names = new LinkedHashMap<>();
            int n = 0;
            for (Element p : parts) {
                String url = slashed(Dom.text(p, "url"));
                boolean isRoot = url != null && url.equals(slashed(root)) || root == null && n == 0;
                names.put(url, isRoot ? base + ".wsdl" : base + "-" + (++n) + (String.valueOf(Dom.text(p, "type")).toLowerCase(Locale.ROOT).contains("schema") ? ".xsd" : ".xml"));
            }
            String first = null;
            for (Element p : parts) {
                String url = slashed(Dom.text(p, "url"));
                String content = cached(Dom.child(p, "content"));
                String local = draft.file(names.get(url), relinked(content, url, names).getBytes(StandardCharsets.UTF_8));
                first = first == null ? local : first;
                if (names.get(url).endsWith(".wsdl")) {
                    w.file = local;
                }
            }
            if (w.file == null) {
                w.file = first;
            }
        } else {
            String url = Dom.attr(iface, "definition");
            w.file = draft.file(base + ".wsdl", fetch(url, interfaceName));
            draft.note("interface '" + interfaceName + "': its definition cache is empty; its WSDL was read from " + url);
        }
        wsdls.put(interfaceName, w);
        return w;
    }

    /**
     * A cached part's document: its content's text (SoapUI 5 writes it as CDATA), or, where SoapUI wrote the document as
     * the content's child elements (its own tutorial projects do), those serialized; empty where there is none.
     */
    private static String cached(Element content) throws OwnServiceException {
        if (content == null) {
            return "";
        }
        for (org.w3c.dom.Node c = content.getFirstChild(); c != null; c = c.getNextSibling()) {
            if (c instanceof Element root) {
                return Dom.xml(root);
            }
        }
        return content.getTextContent();
    }

    /** A part's URL with Windows' backslashes as a URL's slashes ({@code file:\\C:\\defs\\a.xsd}: {@code file:/C:/defs/a.xsd}); null stays null. */
    private static String slashed(String url) {
        return url == null ? null : url.replace('\\', '/').replaceFirst("^file:/*(?=[A-Za-z]:/)", "file:/");
    }

    /** A cached part with each import of another cached part pointed at that part's file. */
    private static String relinked(String content, String url, Map<String, String> names) {
        Matcher m = Pattern.compile("((?:schemaLocation|location)\\s*=\\s*)([\"'])([^\"']*)\\2").matcher(content);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String target = slashed(m.group(3));
            String resolved = target;
            try {
                resolved = url == null ? target : URI.create(url.replace(" ", "%20")).resolve(target.replace(" ", "%20")).toString()
                        .replace("%20", " ");
            } catch (IllegalArgumentException notAUri) {
                // kept as written
            }
            String local = names.get(resolved) != null ? names.get(resolved) : names.get(target);
            m.appendReplacement(out, Matcher.quoteReplacement(local == null ? m.group() : m.group(1) + m.group(2) + local + m.group(2)));
        }
        m.appendTail(out);
        return out.toString();
    }

    private byte[] fetch(String url, String interfaceName) throws OwnServiceException {
        String why = "its definition cache is empty and its definition " + (url == null ? "names no URL" : url + " cannot be read");
        if (url == null || !(url.startsWith("http://") || url.startsWith("https://"))) {
            throw new OwnServiceException(source + ": interface '" + interfaceName + "': " + why
                    + " (open the project in SoapUI and save it with its definitions cached)");
        }
        try {
            HttpResponse<byte[]> r = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build()
                    .send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofByteArray());
            if (r.statusCode() / 100 != 2) {
                throw new OwnServiceException(source + ": interface '" + interfaceName + "': " + why + " (HTTP " + r.statusCode() + ")");
            }
            return r.body();
        } catch (java.io.IOException e) {
            throw new OwnServiceException(source + ": interface '" + interfaceName + "': " + why + " (" + e.getMessage() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new OwnServiceException(source + ": interrupted while reading " + url);
        }
    }
}
