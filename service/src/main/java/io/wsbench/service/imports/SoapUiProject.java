package io.wsbench.service.imports;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.wsbench.service.own.OwnServiceException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

import javax.xml.transform.OutputKeys;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathExpressionException;
import javax.xml.xpath.XPathFactory;
import java.io.StringWriter;
import java.net.URI;
import java.net.URLEncoder;
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

    private static final Pattern EXPANSION = Pattern.compile("\\$\\{([^{}]*)}");
    private static final Pattern HEADER_ENTRY = Pattern.compile("<con:entry key=\"([^\"]*)\" value=\"([^\"]*)\"");
    /** The mark a transfer into a request leaves in its XML: the variable's name, expanded like a property. */
    private static final String TRANSFERRED = "#wsbench-variable#";

    private final Document doc;
    private final String source;
    private final SuiteDraft draft;
    private final Map<String, String> overrides;
    private final Map<String, String> projectProps = new LinkedHashMap<>();
    private final Map<String, Wsdl> wsdls = new HashMap<>();
    private final Map<String, Element> interfaces = new LinkedHashMap<>();

    /** One SOAP interface: its WSDL file beside the suite (null until asked for), its SOAP version and its operations' actions. */
    private static final class Wsdl {
        String file;
        boolean soap12;
        final Map<String, String> actions = new HashMap<>();
    }

    private SoapUiProject(Document doc, String source, Map<String, String> overrides, URI origin) {
        this.doc = doc;
        this.source = source;
        this.overrides = overrides;
        Element root = doc.getDocumentElement();
        this.draft = new SuiteDraft("SoapUI project", Dom.attr(root, "name"), Dom.text(root, "description"), origin);
    }

    static SuiteDraft.Result convert(Document doc, String source, Map<String, String> environment, URI origin)
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
                new Case(suiteName, suiteProps, testCase).convert();
            }
        }
        if (Dom.children(root, "testSuite").isEmpty()) {
            throw new OwnServiceException(source + ": the project has no test suite: wsbench loads its test cases (the requests of"
                    + " an interface alone are no flow); add a test case in SoapUI, or load an operation with --wsdl");
        }
        return draft.result(source);
    }

    private static void properties(Element props, Map<String, String> into) {
        for (Element p : Dom.children(props, "property")) {
            String v = Dom.text(p, "value");
            into.put(Dom.text(p, "name"), v == null ? "" : v);
        }
    }

    /** One test case, converted in order. */
    private final class Case {
        private final String suiteName;
        private final Map<String, String> suiteProps;
        private final Element testCase;
        private final String name;
        private final Map<String, String> caseProps = new LinkedHashMap<>();
        /** The values of each property step's properties, by step then name. */
        private final Map<String, Map<String, String>> stepProps = new HashMap<>();
        /** A property a transfer from an answer sets: "step#prop" (or "#TestCase#prop") → the variable that carries it. */
        private final Map<String, String> dynamic = new HashMap<>();
        /** Transfers into a step's request: its name → (path, variable or value) in order. */
        private final Map<String, List<String[]>> intoRequests = new HashMap<>();
        /** Extractions each step's answer gives: step name → variable → extraction. */
        private final Map<String, Map<String, String>> extractions = new HashMap<>();
        private final Map<String, ObjectNode> written = new HashMap<>();
        private final List<Element> steps;
        private SuiteDraft.Target target;
        private String soapInterface;
        private boolean soapOnly;
        private String endpoint;
        private int variables;
        /** The origin of the case's first request as the project writes it (not --url's). */
        private String caseOrigin;

        Case(String suiteName, Map<String, String> suiteProps, Element testCase) {
            this.suiteName = suiteName;
            this.suiteProps = suiteProps;
            this.testCase = testCase;
            this.name = Dom.attr(testCase, "name");
            properties(Dom.child(testCase, "properties"), caseProps);
            this.steps = Dom.children(testCase, "testStep");
        }

        private String where() {
            return "test case '" + name + "'";
        }

        void convert() throws OwnServiceException {
            plan();
            for (Element step : steps) {
                String type = Dom.attr(step, "type");
                String stepName = Dom.attr(step, "name");
                if ("true".equals(Dom.attr(step, "disabled"))) {
                    draft.ignore("step '" + stepName + "' in " + where() + ": disabled in the project");
                    continue;
                }
                Element config = Dom.child(step, "config");
                switch (type == null ? "" : type) {
                    case "request" -> soapStep(stepName, config);
                    case "restrequest" -> restStep(stepName, config);
                    case "httprequest" -> httpStep(stepName, config);
                    case "properties", "transfer" -> { } // read by plan(): their values are used where they go
                    case "delay" -> {
                        long ms = number(Dom.text(config, "delay"), 1000);
                        target().think(target().steps, ms, ms);
                    }
                    case "groovy" -> draft.skip("Groovy script step '" + stepName + "' in " + where() + " (scripts are not run)");
                    default -> draft.skip(kind(type) + " step '" + stepName + "' in " + where() + " (no wsbench equal)");
                }
            }
            if (target == null) {
                draft.skip(where() + ": no request step, so no target");
                return;
            }
            if ("false".equals(Dom.attr(testCase, "failOnError"))) {
                target.flowOptions.put("onError", "continue"); // the case goes on after a failed step
            }
            extractions.forEach((step, x) -> {
                ObjectNode s = written.get(step);
                if (s != null) {
                    ObjectNode e = s.has("extract") ? (ObjectNode) s.get("extract") : s.putObject("extract");
                    x.forEach(e::put);
                }
            });
            for (Element load : Dom.children(testCase, "loadTest")) {
                loadTest(load);
            }
        }

        private String kind(String type) {
            return switch (type == null ? "" : type) {
                case "goto" -> "conditional goto";
                case "calltestcase" -> "run test case";
                case "datasource", "datasourceloop" -> "data source";
                case "jdbc" -> "JDBC request";
                case "mockresponse" -> "mock response";
                case "manualTestStep" -> "manual";
                default -> "'" + type + "'";
            };
        }

        /**
         * Before any step is written: which SOAP interface and endpoint the case's requests share (an
         * operation step needs one WSDL and one address), the property steps' values, and every
         * transfer: from an answer, an extraction and a variable; from a property, its value; into a
         * property, that property's new source; into a request, a place in its XML.
         */
        private void plan() throws OwnServiceException {
            soapOnly = true;
            for (Element step : steps) {
                String type = Dom.attr(step, "type");
                Element config = Dom.child(step, "config");
                if ("properties".equals(type)) {
                    Map<String, String> values = new LinkedHashMap<>();
                    properties(Dom.child(config, "properties"), values);
                    stepProps.put(Dom.attr(step, "name"), values);
                } else if ("request".equals(type)) {
                    String i = Dom.text(config, "interface");
                    String e = Dom.text(Dom.child(config, "request"), "endpoint");
                    Element iface = interfaces.get(i);
                    boolean soap11 = iface != null && !"1_2".equals(Dom.attr(iface, "soapVersion"));
                    if (soapInterface == null && endpoint == null) {
                        soapInterface = i;
                        endpoint = e;
                    }
                    soapOnly &= soap11 && i != null && i.equals(soapInterface) && e != null && e.equals(endpoint);
                } else if ("restrequest".equals(type) || "httprequest".equals(type)) {
                    soapOnly = false;
                }
            }
            soapOnly &= soapInterface != null;
            for (Element step : steps) {
                if ("transfer".equals(Dom.attr(step, "type")) && !"true".equals(Dom.attr(step, "disabled"))) {
                    for (Element t : Dom.children(Dom.child(step, "config"), "transfers")) {
                        transfer(Dom.attr(step, "name"), t);
                    }
                }
            }
        }

        private void transfer(String stepName, Element t) throws OwnServiceException {
            String label = "property transfer '" + Dom.text(t, "name") + "' of step '" + stepName + "' in " + where();
            if ("true".equals(Dom.attr(t, "disabled"))) {
                draft.ignore(label + ": disabled in the project");
                return;
            }
            String sourceType = Dom.text(t, "sourceType");
            String sourceStep = Dom.text(t, "sourceStep");
            String sourcePath = Dom.text(t, "sourcePath");
            String targetType = Dom.text(t, "targetType");
            String targetStep = Dom.text(t, "targetStep") == null ? null : Dom.text(t, "targetStep").replaceFirst("^(#\\w+)#$", "$1");
            String targetPath = Dom.text(t, "targetPath");
            String language = Dom.text(t, "type");
            if ("true".equals(Dom.text(t, "useXQuery")) || "XQUERY".equals(language)) {
                draft.skip(label + ": XQuery (wsbench extracts by XPath and JSONPath)");
                return;
            }
            // what the transfer carries: a variable extracted from an answer, or a value known now
            String carried;
            boolean fromAnswer = "Response".equals(sourceType) || "ResponseAsXml".equals(sourceType);
            if (fromAnswer) {
                String variable = variableName(Dom.text(t, "name"), targetType);
                String extraction;
                if (sourcePath == null || sourcePath.isBlank()) {
                    extraction = "regex:(?s)(.*)";
                } else if ("JSONPATH".equals(language) || sourcePath.trim().startsWith("$")) {
                    extraction = "jsonpath:" + sourcePath.trim();
                } else {
                    extraction = "xpath:" + Texts.localNames(sourcePath);
                }
                extractions.computeIfAbsent(sourceStep, k -> new LinkedHashMap<>()).put(variable, extraction);
                carried = TRANSFERRED + variable;
            } else if (sourcePath != null && !sourcePath.isBlank()) {
                draft.skip(label + ": a path into the property " + sourceType + " (wsbench transfers from an answer by path)");
                return;
            } else {
                carried = property(sourceStep, sourceType);
                if (carried == null) {
                    draft.skip(label + ": its source " + sourceStep + "#" + sourceType + " is no property wsbench knows");
                    return;
                }
            }
            if ("Request".equals(targetType)) {
                if (targetPath == null || targetPath.isBlank()) {
                    draft.skip(label + ": into a whole request (wsbench writes into a request by XPath)");
                    return;
                }
                intoRequests.computeIfAbsent(targetStep, k -> new ArrayList<>()).add(new String[]{targetPath, carried, label});
            } else if (targetType != null) {
                String key = ("#TestCase".equals(targetStep) || targetStep == null ? "#TestCase" : targetStep) + "#" + targetType;
                if (carried.startsWith(TRANSFERRED)) {
                    dynamic.put(key, carried.substring(TRANSFERRED.length()));
                } else if (key.startsWith("#TestCase#")) {
                    caseProps.put(targetType, carried);
                } else {
                    stepProps.computeIfAbsent(targetStep, k -> new LinkedHashMap<>()).put(targetType, carried);
                }
            }
        }

        private String variableName(String transferName, String targetType) {
            String base = targetType != null && !"Request".equals(targetType) && !"Response".equals(targetType) ? targetType
                    : transferName == null || transferName.isBlank() ? "value" : transferName;
            String cleaned = base.replaceAll("[^A-Za-z0-9_]+", "_");
            String n = io.wsbench.core.load.FlowPlan.BUILT_IN.contains(cleaned) || cleaned.startsWith("random") ? cleaned + "_" : cleaned;
            return extractions.values().stream().anyMatch(m -> m.containsKey(n)) ? n + "_" + (++variables) : n;
        }

        /** A property's value as written, its own expansions still in it; null when there is none. */
        private String property(String scope, String prop) {
            if (scope == null || "#TestCase".equals(scope)) {
                return caseProps.get(prop);
            }
            if ("#TestSuite".equals(scope)) {
                return suiteProps.get(prop);
            }
            if ("#Project".equals(scope)) {
                return projectProps.get(prop);
            }
            Map<String, String> values = stepProps.get(scope);
            return values == null ? null : values.get(prop);
        }

        private SuiteDraft.Target target() throws OwnServiceException {
            if (target == null) {
                String label = suiteName + " / " + name;
                String url = soapOnly ? endpoint : firstAddress();
                if (url == null) {
                    throw new OwnServiceException(source + ": " + where() + ": its requests name no endpoint");
                }
                String address = expanded(url, "the endpoint");
                target = draft.target(label, address);
                caseOrigin = originOf(address);
                if (soapOnly) {
                    target.node.put("url", draft.origin(address) + pathOf(address));
                    target.node.put("wsdl", wsdl(soapInterface).file);
                }
            }
            return target;
        }

        /** The first request's address the project writes out (no expansion in it), else the first at all. */
        private String firstAddress() throws OwnServiceException {
            String any = null;
            for (Element step : steps) {
                String a = address(step);
                if (a != null && a.matches("(?i)https?://[^$]*")) {
                    return a;
                }
                any = any == null ? a : any;
            }
            return any;
        }

        private String address(Element step) throws OwnServiceException {
            Element config = Dom.child(step, "config");
            return switch (Dom.attr(step, "type") == null ? "" : Dom.attr(step, "type")) {
                case "request" -> Dom.text(Dom.child(config, "request"), "endpoint");
                case "restrequest" -> restEndpoint(config, Dom.child(config, "restRequest"));
                case "httprequest" -> Dom.text(config, "endpoint");
                default -> null;
            };
        }

        // ---- steps

        private void soapStep(String stepName, Element config) throws OwnServiceException {
            Element request = Dom.child(config, "request");
            String operation = Dom.text(config, "operation");
            String iface = Dom.text(config, "interface");
            String body = Dom.text(request, "request");
            if (body == null || body.isBlank()) {
                draft.skip("SOAP request step '" + stepName + "' in " + where() + ": its request is empty");
                return;
            }
            body = intoRequest(stepName, body);
            SuiteDraft.Target t = target();
            String full = expanded(Dom.text(request, "endpoint"), "the endpoint of step '" + stepName + "'");
            if (!soapOnly && (!full.matches("(?i)https?://[^$/?#]+([/?#].*)?") || !draft.sameServer(originOf(full), caseOrigin))) {
                draft.skip("SOAP request step '" + stepName + "' in " + where() + ": to " + full + ", not the flow's server ("
                        + caseOrigin + ")");
                return;
            }
            List<String> checks = new ArrayList<>();
            boolean faultExpected = assertions(stepName, request, checks, true);
            ObjectNode s = t.step(t.steps, stepName);
            written.put(stepName, s);
            String text = expanded(body, "the request of step '" + stepName + "'");
            if (soapOnly && !faultExpected) {
                s.put("operation", operation);
            } else {
                Wsdl w = wsdl(iface);
                String action = w.actions.getOrDefault(operation, "");
                s.put("method", "POST");
                s.put("path", soapOnly ? "" : pathOf(full));
                ObjectNode h = s.putObject("headers");
                if (w.soap12) {
                    h.put("Content-Type", "application/soap+xml; charset=utf-8" + (action.isEmpty() ? "" : "; action=\"" + action + "\""));
                } else {
                    h.put("Content-Type", "text/xml; charset=utf-8");
                    h.put("SOAPAction", "\"" + action + "\"");
                }
                if (checks.remove("schema")) {
                    draft.skip("Schema Compliance on step '" + stepName + "' in " + where()
                            + ": checked on an operation step, and this one is sent as written (" + (faultExpected
                            ? "it expects a Fault" : "its case mixes interfaces, endpoints or SOAP 1.2") + ")");
                }
            }
            headers(stepName, request, s);
            s.put("body", text);
            credentials(request, s);
            if (!checks.isEmpty()) {
                ArrayNode c = s.putArray("checks");
                checks.forEach(c::add);
            }
        }

        private void restStep(String stepName, Element config) throws OwnServiceException {
            Element request = Dom.child(config, "restRequest");
            String method = restMethod(config);
            String url = restEndpoint(config, request);
            if (url == null) {
                draft.skip("REST request step '" + stepName + "' in " + where() + ": no endpoint");
                return;
            }
            Map<String, String[]> params = restParameters(config);
            for (Element entry : Dom.children(Dom.child(request, "parameters"), "entry")) {
                String[] p = params.computeIfAbsent(Dom.attr(entry, "key"), k -> new String[]{"QUERY", ""});
                p[1] = Dom.attr(entry, "value");
            }
            String path = resourcePath(config);
            StringBuilder query = new StringBuilder();
            Map<String, String> headers = new LinkedHashMap<>();
            for (Map.Entry<String, String[]> p : params.entrySet()) {
                String value = p.getValue()[1] == null ? "" : p.getValue()[1];
                switch (p.getValue()[0]) {
                    case "TEMPLATE" -> path = path.replace("{" + p.getKey() + "}", value);
                    case "HEADER" -> headers.put(p.getKey(), value);
                    case "MATRIX" -> path = path + ";" + p.getKey() + "=" + value;
                    default -> {
                        if (!value.isEmpty()) {
                            query.append(query.length() == 0 ? "?" : "&").append(encode(p.getKey())).append('=').append(value);
                        }
                    }
                }
            }
            request(stepName, "REST request", method, url, path + query, headers, request, Dom.attr(request, "mediaType"));
        }

        private void httpStep(String stepName, Element config) throws OwnServiceException {
            String url = Dom.text(config, "endpoint");
            if (url == null) {
                draft.skip("HTTP request step '" + stepName + "' in " + where() + ": no endpoint");
                return;
            }
            StringBuilder query = new StringBuilder();
            Map<String, String> headers = new LinkedHashMap<>();
            for (Element p : Dom.children(Dom.child(config, "parameters"), "parameter")) {
                String style = Dom.text(p, "style");
                String value = Dom.text(p, "value") == null ? "" : Dom.text(p, "value");
                if ("HEADER".equals(style)) {
                    headers.put(Dom.text(p, "name"), value);
                } else if (!value.isEmpty()) {
                    query.append(query.length() == 0 ? "?" : "&").append(encode(Dom.text(p, "name"))).append('=').append(value);
                }
            }
            String method = Dom.attr(config, "method") == null ? "GET" : Dom.attr(config, "method");
            request(stepName, "HTTP request", method, url, "", headers, config, Dom.attr(config, "mediaType"));
        }

        /** A REST or HTTP request as a plain step: {@code url} and {@code path} give its address, {@code request} its body and checks. */
        private void request(String stepName, String kind, String method, String url, String path, Map<String, String> headers,
                             Element request, String mediaType) throws OwnServiceException {
            String where = "the address of step '" + stepName + "'";
            String full = expanded(url, where);
            if (!full.matches("(?i)https?://[^$/?#]+([/?#].*)?")) {
                draft.skip(kind + " step '" + stepName + "' in " + where() + ": its endpoint '" + url
                        + "' is no address known before the run");
                return;
            }
            SuiteDraft.Target t = target();
            if (!draft.sameServer(originOf(full), caseOrigin)) {
                draft.skip(kind + " step '" + stepName + "' in " + where() + ": to " + originOf(full)
                        + ", another server than the flow's (" + caseOrigin + ")");
                return;
            }
            List<String> checks = new ArrayList<>();
            assertions(stepName, request, checks, false);
            ObjectNode s = t.step(t.steps, stepName);
            written.put(stepName, s);
            s.put("method", method.toUpperCase(Locale.ROOT));
            s.put("path", pathOf(full) + expanded(path, where));
            ObjectNode h = s.putObject("headers");
            for (var e : headers.entrySet()) {
                h.put(e.getKey(), expanded(e.getValue(), "header " + e.getKey()));
            }
            String body = Dom.text(request, "request");
            if (body != null && !body.isBlank() && !List.of("GET", "HEAD", "DELETE").contains(method.toUpperCase(Locale.ROOT))) {
                if (mediaType != null && !mediaType.isBlank()) {
                    h.put("Content-Type", mediaType);
                }
                s.put("body", expanded(body, "the body of step '" + stepName + "'"));
            }
            headers(stepName, request, s);
            if (h.isEmpty()) {
                s.remove("headers");
            }
            credentials(request, s);
            if (!checks.isEmpty()) {
                ArrayNode c = s.putArray("checks");
                checks.forEach(c::add);
            }
        }

        private String restMethod(Element config) {
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
            return findResource(Dom.children(service, "resource"), path, "");
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

        private String resourcePath(Element config) {
            Element service = interfaces.get(Dom.attr(config, "service"));
            String base = service == null || Dom.attr(service, "basePath") == null ? "" : Dom.attr(service, "basePath");
            String path = Dom.attr(config, "resourcePath") == null ? "" : Dom.attr(config, "resourcePath");
            return join(base, path);
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
        private Map<String, String[]> restParameters(Element config) {
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

        private String restEndpoint(Element config, Element request) {
            String own = Dom.text(request, "endpoint");
            if (own != null && !own.isBlank()) {
                return own;
            }
            Element service = interfaces.get(Dom.attr(config, "service"));
            return Dom.text(Dom.child(service, "endpoints"), "endpoint");
        }

        /** The custom HTTP headers SoapUI keeps in a request's settings. */
        private void headers(String stepName, Element request, ObjectNode step) throws OwnServiceException {
            for (Element setting : Dom.children(Dom.child(request, "settings"), "setting")) {
                String id = Dom.attr(setting, "id");
                if (id != null && id.endsWith("@request-headers")) {
                    Matcher m = HEADER_ENTRY.matcher(setting.getTextContent());
                    while (m.find()) {
                        ObjectNode h = step.has("headers") ? (ObjectNode) step.get("headers") : step.putObject("headers");
                        h.put(unescape(m.group(1)), expanded(unescape(m.group(2)), "header " + m.group(1) + " of step '" + stepName + "'"));
                    }
                }
            }
        }

        private static String unescape(String xml) {
            return xml.replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">").replace("&apos;", "'").replace("&amp;", "&");
        }

        private void credentials(Element request, ObjectNode step) throws OwnServiceException {
            Element c = Dom.child(request, "credentials");
            String user = Dom.text(c, "username");
            String type = Dom.text(c, "authType");
            if (user == null || user.isBlank() || type != null && type.equals("No Authorization")) {
                return;
            }
            if (type != null && !List.of("Basic", "Preemptive", "Global HTTP Settings").contains(type)) {
                draft.skip(type + " credentials on step '" + step.get("name").asText() + "' in " + where()
                        + " (wsbench sends HTTP Basic auth)");
                return;
            }
            String password = Dom.text(c, "password");
            step.put("basicAuth", expanded(user, "the user name") + ":" + expanded(password == null ? "" : password, "the password"));
        }

        /** The step's transfers into its request written into its XML, each at its path, as a mark expanded later. */
        private String intoRequest(String stepName, String body) throws OwnServiceException {
            List<String[]> edits = intoRequests.get(stepName);
            if (edits == null) {
                return body;
            }
            Document d;
            try {
                d = Dom.parse(body.getBytes(StandardCharsets.UTF_8), "the request of step '" + stepName + "'");
            } catch (OwnServiceException e) {
                edits.forEach(x -> draft.skip(x[2] + ": its target request is not well-formed XML"));
                return body;
            }
            boolean changed = false;
            for (String[] x : edits) {
                try {
                    Object found = XPathFactory.newInstance().newXPath().evaluate(Texts.localNames(x[0]), d, XPathConstants.NODE);
                    if (found instanceof Node n) {
                        n.setTextContent(x[1].startsWith(TRANSFERRED) ? "${" + x[1] + "}" : x[1]);
                        changed = true;
                    } else {
                        draft.skip(x[2] + ": its path " + x[0].replaceAll("\\s+", " ") + " finds nothing in the request");
                    }
                } catch (XPathExpressionException e) {
                    draft.skip(x[2] + ": its path is not an XPath 1.0 wsbench reads");
                }
            }
            if (!changed) {
                return body;
            }
            try {
                StringWriter out = new StringWriter();
                var tr = TransformerFactory.newInstance().newTransformer();
                tr.setOutputProperty(OutputKeys.OMIT_XML_DECLARATION, body.trim().startsWith("<?xml") ? "no" : "yes");
                tr.transform(new DOMSource(d), new StreamResult(out));
                return out.toString();
            } catch (Exception e) {
                throw new OwnServiceException(source + ": the request of step '" + stepName + "' could not be written: " + e.getMessage());
            }
        }

        // ---- assertions

        /**
         * The request's assertions as checks in {@code checks}; a Response SLA as a threshold of the
         * suite. True when the step expects a SOAP Fault (it is then sent as written: an operation step
         * counts a Fault as an error).
         */
        private boolean assertions(String stepName, Element request, List<String> checks, boolean soap) throws OwnServiceException {
            boolean fault = false;
            for (Element a : Dom.children(request, "assertion")) {
                String type = Dom.attr(a, "type");
                String label = "assertion '" + (Dom.attr(a, "name") != null ? Dom.attr(a, "name") : type) + "' on step '" + stepName
                        + "' in " + where();
                if ("true".equals(Dom.attr(a, "disabled"))) {
                    draft.ignore(label + ": disabled in the project");
                    continue;
                }
                Element conf = Dom.child(a, "configuration");
                switch (type == null ? "" : type) {
                    case "Simple Contains", "Simple NotContains" -> contains(type.endsWith("NotContains"), conf, checks, label);
                    case "XPath Match" -> xpathMatch(conf, checks, label);
                    case "JsonPath Match" -> {
                        String path = Dom.text(conf, "path");
                        String content = Dom.text(conf, "content");
                        checks.add("jsonpath:" + expanded(path, label) + (content == null ? "" : " == " + Texts.jsonValue(expanded(content, label))));
                    }
                    case "JsonPath Existence Match" -> {
                        String content = Dom.text(conf, "content");
                        if ("false".equals(content == null ? null : content.trim())) {
                            draft.skip(label + ": a path that must be absent (wsbench checks a path is present)");
                        } else {
                            checks.add("jsonpath:" + expanded(Dom.text(conf, "path"), label));
                        }
                    }
                    case "SOAP Response" -> checks.add("xpath:/*[local-name()='Envelope']");
                    case "SOAP Fault Assertion" -> {
                        fault = true;
                        checks.add("status: 4xx,5xx");
                        checks.add("xpath://*[local-name()='Fault']");
                    }
                    case "Not SOAP Fault Assertion" -> {
                        if (!soap) {
                            checks.add("!regex:<([A-Za-z_][\\w.-]*:)?Fault[\\s>]");
                        } // an operation step counts a Fault as an error of its own kind
                    }
                    case "Schema Compliance" -> {
                        if (soap) {
                            checks.add("schema");
                        } else {
                            draft.skip(label + ": a REST answer's schema (wsbench checks one from an OpenAPI spec)");
                        }
                    }
                    case "Valid HTTP Status Codes", "Invalid HTTP Status Codes" -> {
                        String codes = Dom.text(conf, "codes");
                        if (codes == null || codes.isBlank()) {
                            draft.skip(label + ": it lists no code");
                        } else {
                            checks.add("status: " + (type.startsWith("Invalid") ? "!" : "") + codes.trim().replaceAll("\\s*,\\s*", ","));
                        }
                    }
                    case "Response SLA Assertion" -> {
                        String sla = Dom.text(conf, "SLA");
                        draft.latency(stepName, "max<=" + number(expanded(sla, label), 0) + "ms");
                    }
                    case "GroovyScriptAssertion", "Script Assertion" -> draft.skip("Groovy script " + label + " (scripts are not run)");
                    default -> draft.skip(label + ": " + type + " has no wsbench equal");
                }
            }
            return fault;
        }

        private void contains(boolean not, Element conf, List<String> checks, String label) throws OwnServiceException {
            String token = Dom.text(conf, "token");
            if (token == null || token.isEmpty()) {
                draft.skip(label + ": no token");
                return;
            }
            boolean ignoreCase = "true".equals(Dom.text(conf, "ignoreCase"));
            boolean regex = "true".equals(Dom.text(conf, "useRegEx"));
            String t = expanded(token, label);
            if (!regex && !ignoreCase) {
                checks.add((not ? "!contains:" : "contains:") + t);
                return;
            }
            // SoapUI matches a regular expression against the whole answer (Matcher.matches)
            String pattern = (ignoreCase ? "(?i)" : "") + (regex ? "\\A(?:" + t + ")\\z" : Texts.regexLiteral(t));
            checks.add((not ? "!regex:" : "regex:") + pattern);
        }

        private void xpathMatch(Element conf, List<String> checks, String label) throws OwnServiceException {
            String path = Dom.text(conf, "path");
            if (path == null || path.isBlank()) {
                draft.skip(label + ": no path");
                return;
            }
            String xpath = Texts.localNames(expanded(path, label));
            String content = Dom.text(conf, "content");
            if (content == null) {
                checks.add("xpath:" + xpath);
                return;
            }
            String c = expanded(content, label).trim();
            if (c.startsWith("<")) {
                draft.skip(label + ": compares an XML fragment (wsbench compares an XPath's value)");
                checks.add("xpath:" + xpath);
            } else if ("true".equals(Dom.text(conf, "allowWildcards")) && c.contains("*")) {
                draft.skip(label + ": its value '" + c + "' has wildcards (the path is checked to be present)");
                checks.add("xpath:" + xpath);
            } else if (c.equals("true") || c.equals("false")) {
                checks.add("xpath:(" + xpath + ") = " + c + "()");
            } else {
                checks.add("xpath:" + xpath + " = " + Texts.xpathString(c));
            }
        }

        // ---- loads

        private void loadTest(Element load) throws OwnServiceException {
            String label = "LoadTest '" + Dom.attr(load, "name") + "' of " + where();
            long threads = number(Dom.text(load, "threadCount"), 5);
            long limit = number(Dom.text(load, "testLimit"), 60);
            String limitType = Dom.text(load, "limitType") == null ? "TIME" : Dom.text(load, "limitType");
            Element strategy = Dom.child(load, "loadStrategy");
            String type = Dom.text(strategy, "type") == null ? "Simple" : Dom.text(strategy, "type");
            Element conf = Dom.child(strategy, "config");
            ObjectNode point = SuiteDraft.NODES.objectNode();
            switch (type) {
                case "Simple" -> {
                    point.put("users", threads);
                    long delay = number(Dom.text(conf, "testDelay"), 1000);
                    double random = Double.parseDouble(Dom.text(conf, "randomFactor") == null ? "0.5" : Dom.text(conf, "randomFactor"));
                    if (delay > 0 && !thought) {
                        thought = true;
                        target().think(target().steps, Math.round(delay * (1 - random)), delay);
                    } else if (delay > 0) {
                        draft.note(label + ": its delay between runs is the one its case's first LoadTest gave");
                    }
                }
                case "Fixed-Rate" -> {
                    point.put("users", threads);
                    point.put("rate", Double.parseDouble(Dom.text(conf, "tps") == null ? "1" : Dom.text(conf, "tps")));
                }
                case "Thread" -> {
                    long start = number(Dom.text(conf, "startThreadCount"), 1);
                    long end = number(Dom.text(conf, "endThreadCount"), threads);
                    if ("TIME".equals(limitType)) {
                        point.put("stages", "0s:" + start + "," + limit + "s:" + end);
                        draft.load(point);
                        return;
                    }
                    point.put("users", end);
                    draft.note(label + ": its threads ramp from " + start + " to " + end + " over a count of runs; run at " + end + " users");
                }
                default -> {
                    point.put("users", threads);
                    draft.note(label + ": its " + type + " strategy is run as Simple's steady " + threads + " users");
                }
            }
            switch (limitType) {
                case "COUNT" -> point.put("iterationsPerUser", Math.max(1, (limit + threads - 1) / Math.max(1, threads)));
                case "COUNT_PER_THREAD" -> point.put("iterationsPerUser", Math.max(1, limit));
                default -> {
                    if (limit <= 0) {
                        draft.note(label + ": it has no limit; run for 60 s");
                        limit = 60;
                    }
                    point.put("duration", limit + "s");
                }
            }
            for (Element a : Dom.children(load, "assertion")) {
                draft.ignore(label + ": its " + Dom.attr(a, "type") + " assertion (wsbench counts every step's errors by kind)");
            }
            draft.load(point);
        }

        private boolean thought;

        /** The text an XPath finds in a step's own request as the project writes it; null when it finds nothing. */
        private String requestValue(String stepName, String path) {
            for (Element step : steps) {
                if (stepName.equals(Dom.attr(step, "name")) && "request".equals(Dom.attr(step, "type"))) {
                    String body = Dom.text(Dom.child(Dom.child(step, "config"), "request"), "request");
                    try {
                        Document d = Dom.parse(String.valueOf(body).getBytes(StandardCharsets.UTF_8), "the request of " + stepName);
                        String v = XPathFactory.newInstance().newXPath().evaluate(Texts.localNames(path), d);
                        return v == null || v.isEmpty() ? null : v;
                    } catch (OwnServiceException | XPathExpressionException e) {
                        return null;
                    }
                }
            }
            return null;
        }

        // ---- property expansion

        /**
         * {@code text} with SoapUI's property expansions made the suite's: a known property's value put
         * in (its own expansions expanded), one a transfer sets or an answer's path reads a variable,
         * {@code ${=…}} (Groovy) named and left out; every other literal written as the suite reads it.
         */
        String expanded(String text, String where) throws OwnServiceException {
            return expanded(text, where, 0);
        }

        private String expanded(String text, String where, int depth) throws OwnServiceException {
            if (text == null) {
                return "";
            }
            StringBuilder out = new StringBuilder();
            Matcher m = EXPANSION.matcher(text);
            int last = 0;
            while (m.find()) {
                out.append(Texts.literal(text.substring(last, m.start())));
                last = m.end();
                out.append(expansion(m.group(1), where, depth));
            }
            return out.append(Texts.literal(text.substring(last))).toString();
        }

        private String expansion(String e, String where, int depth) throws OwnServiceException {
            if (e.startsWith(TRANSFERRED)) {
                return Texts.variable(e.substring(TRANSFERRED.length()));
            }
            if (e.startsWith("=")) {
                draft.skip("Groovy expansion '${" + e + "}' in " + where + " of " + where() + " (scripts are not run; left out)");
                return "";
            }
            String scope;
            String rest;
            if (e.startsWith("#")) {
                int hash = e.indexOf('#', 1);
                if (hash < 0) {
                    scope = "#TestCase";
                    rest = e.substring(1);
                } else {
                    scope = e.substring(0, hash);
                    rest = e.substring(hash + 1);
                }
            } else {
                int hash = e.indexOf('#');
                if (hash < 0) {
                    scope = "#TestCase";
                    rest = e;
                } else {
                    scope = e.substring(0, hash);
                    rest = e.substring(hash + 1);
                }
            }
            int hash = rest.indexOf('#');
            String prop = hash < 0 ? rest : rest.substring(0, hash);
            String path = hash < 0 ? null : rest.substring(hash + 1);
            if (path != null && ("Response".equals(prop) || "ResponseAsXml".equals(prop)) && !scope.startsWith("#")) {
                String variable = ("v_" + scope + "_" + path).replaceAll("[^A-Za-z0-9_]+", "_").replaceAll("_+", "_");
                variable = variable.length() > 40 ? variable.substring(0, 40) + "_" + Integer.toHexString(path.hashCode()) : variable;
                String extraction = path.trim().startsWith("$") ? "jsonpath:" + path.trim() : "xpath:" + Texts.localNames(path);
                extractions.computeIfAbsent(scope, k -> new LinkedHashMap<>()).put(variable, extraction);
                return Texts.variable(variable);
            }
            if (path != null && "Request".equals(prop) && !scope.startsWith("#")) {
                String value = requestValue(scope, path);
                if (value != null) {
                    return expanded(value, where, depth + 1);
                }
            }
            if (path != null) {
                draft.skip("expansion '${" + e + "}' in " + where + " of " + where() + ": a path into a property (left out)");
                return "";
            }
            String variable = dynamic.get((scope.equals("#TestCase") ? "#TestCase" : scope) + "#" + prop);
            if (variable != null) {
                return Texts.variable(variable);
            }
            String value = switch (scope) {
                case "#Project" -> projectProps.get(prop);
                case "#TestSuite" -> suiteProps.get(prop);
                case "#TestCase" -> caseProps.get(prop);
                case "#Global", "#System", "#Env" -> overrides.get(prop);
                default -> property(scope, prop);
            };
            if (value == null) {
                value = overrides.get(prop);
            }
            if (value == null) {
                draft.skip("${" + e + "} in " + where + " of " + where() + ": the project never defines it (a script or data"
                        + " source sets it while SoapUI runs); expanded to nothing, as SoapUI expands an unknown property"
                        + " (give it in --environment FILE, a .properties file)");
                return "";
            }
            if (depth > 8) {
                throw new OwnServiceException(source + ": " + where() + ": ${" + e + "} expands into itself");
            }
            return expanded(value, where, depth + 1);
        }
    }

    // ---- the WSDL beside the suite

    /** The interface's WSDL written beside the suite from its definition cache, or fetched once from its definition URL. */
    private Wsdl wsdl(String interfaceName) throws OwnServiceException {
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
                String url = Dom.text(p, "url");
                boolean isRoot = url != null && url.equals(root) || root == null && n == 0;
                names.put(url, isRoot ? base + ".wsdl" : base + "-" + (++n) + (String.valueOf(Dom.text(p, "type")).toLowerCase(Locale.ROOT).contains("schema") ? ".xsd" : ".xml"));
            }
            for (Element p : parts) {
                String url = Dom.text(p, "url");
                String content = Dom.text(p, "content");
                String local = draft.file(names.get(url), relinked(content == null ? "" : content, url, names).getBytes(StandardCharsets.UTF_8));
                if (names.get(url).endsWith(".wsdl")) {
                    w.file = local;
                }
            }
            if (w.file == null) {
                w.file = names.values().iterator().next();
            }
        } else {
            String url = Dom.attr(iface, "definition");
            w.file = draft.file(base + ".wsdl", fetch(url, interfaceName));
            draft.note("interface '" + interfaceName + "': its definition cache is empty; its WSDL was read from " + url);
        }
        wsdls.put(interfaceName, w);
        return w;
    }

    /** A cached part with each import of another cached part pointed at that part's file. */
    private static String relinked(String content, String url, Map<String, String> names) {
        Matcher m = Pattern.compile("((?:schemaLocation|location)\\s*=\\s*)([\"'])([^\"']*)\\2").matcher(content);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String target = m.group(3);
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
            HttpResponse<byte[]> r = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()
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

    // ---- small reads

    /** The path and query of an address as written (its variables kept). */
    private static String pathOf(String url) {
        return url.substring(originOf(url).length());
    }

    /** scheme://authority of an address as written. */
    private static String originOf(String url) {
        int scheme = url.indexOf("://") + 3;
        int end = scheme;
        while (end < url.length() && "/?#".indexOf(url.charAt(end)) < 0) {
            end++;
        }
        return url.substring(0, end);
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private static long number(String text, long otherwise) {
        try {
            return text == null || text.isBlank() ? otherwise : Math.round(Double.parseDouble(text.trim()));
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }
}
