package io.wsbench.service.imports;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.wsbench.service.own.OwnServiceException;
import org.w3c.dom.Element;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static io.wsbench.service.imports.Texts.encode;
import static io.wsbench.service.imports.Texts.number;
import static io.wsbench.service.imports.Texts.origin;
import static io.wsbench.service.imports.Texts.pathOf;

/** One test case of a {@link SoapUiProject}, converted in order: its steps the flow of a target. */
final class SoapUiCase {


    private final SoapUiProject project;
    private final SuiteDraft draft;
    private final String source;
    private final String suiteName;
    private final Element testCase;
    private final String name;
    /** The case's properties, the transfers between them and their expansion. */
    private final SoapUiExpansion props;
    private final SoapUiChecks checker;
    private final SoapUiLoads loads;
    private final Map<String, ObjectNode> written = new HashMap<>();
    private final List<Element> steps;
    private SuiteDraft.Target target;
    private String soapInterface;
    private boolean soapOnly;
    private String endpoint;
    /** The origin of the case's first request as the project writes it (not --url's). */
    private String caseOrigin;

    SoapUiCase(SoapUiProject project, String suiteName, Map<String, String> suiteProps, Element testCase) {
        this.project = project;
        this.draft = project.draft;
        this.source = project.source;
        this.suiteName = suiteName;
        this.testCase = testCase;
        this.name = Dom.attr(testCase, "name");
        this.steps = Dom.children(testCase, "testStep");
        this.props = new SoapUiExpansion(project, suiteProps, steps, where());
        SoapUiProject.properties(Dom.child(testCase, "properties"), props.caseProps);
        this.checker = new SoapUiChecks(draft, props, where());
        this.loads = new SoapUiLoads(this, draft);
    }

    String where() {
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
                case "datasource" -> dataSource(stepName, config);
                case "datasourceloop" -> draft.note("data source loop '" + stepName + "' in " + where() + ": each iteration takes the"
                        + " data source's next row (SoapUI runs its steps again for every row in one run of the case)");
                default -> draft.skip(kind(type) + " step '" + stepName + "' in " + where() + " (no wsbench equal)");
            }
            if (pendingData != null && written.containsKey(stepName)) {
                // the rows go on the first request after the data source: its columns are variables from there on
                written.get(stepName).put("data", pendingData);
                pendingData = null;
            }
        }
        if (target == null) {
            draft.skip(where() + ": no request step, so no target");
            return;
        }
        if ("false".equals(Dom.attr(testCase, "failOnError"))) {
            target.flowOptions.put("onError", "continue"); // the case goes on after a failed step
        }
        props.extractions.forEach((step, x) -> {
            ObjectNode s = written.get(step);
            if (s != null) {
                ObjectNode e = s.has("extract") ? (ObjectNode) s.get("extract") : s.putObject("extract");
                x.forEach(e::put);
            } else {
                // a value read from a step that is not in the flow (not converted, or named otherwise: "Upload attachments"
                // for "Upload Attachments"): nothing gives it, and the suite would not load
                x.keySet().forEach(v -> {
                    target.unset(v);
                    draft.skip("a value read from step '" + step + "' in " + where() + ", a step " + (steps.stream()
                            .anyMatch(st -> step.equals(Dom.attr(st, "name"))) ? "not converted" : "the case does not have")
                            + ": where the flow reads it, it reads nothing");
                });
            }
        });
        for (Element load : Dom.children(testCase, "loadTest")) {
            loads.loadTest(load);
        }
    }

    /** The data file of a data source step met, until a request step after it takes it. */
    private String pendingData;

    /**
     * A data source step (ReadyAPI's): a File (CSV) or Grid source's rows written as a data file, each of its properties a
     * variable of the flow ({@code ${Source#prop}}), from the request after it on; any other kind is named.
     */
    private void dataSource(String stepName, Element config) throws OwnServiceException {
        Element source = Dom.child(config, "dataSource");
        String kind = source == null ? null : Dom.attr(source, "type");
        String label = "data source step '" + stepName + "' in " + where();
        List<String> columns = Dom.children(config, "property").stream().map(e -> e.getTextContent().trim()).toList();
        Element c = Dom.child(source, "configuration");
        List<String[]> rows = new ArrayList<>();
        if ("File".equals(kind)) {
            String fileName = expanded(String.valueOf(Dom.text(c, "fileName")), "the file of " + label).trim();
            java.nio.file.Path file = project.beside(fileName);
            if (file == null) {
                draft.skip(label + ": its file " + fileName + " is not beside the project (copy it there and import again)");
                return;
            }
            String separator = Dom.text(c, "separator");
            rows.addAll(JmeterCsv.read(file, separator == null || separator.isEmpty() ? ',' : separator.charAt(0),
                    "true".equals(Dom.text(c, "quotedValues")), label));
            if ("true".equals(Dom.text(c, "trim"))) {
                rows.replaceAll(r -> java.util.Arrays.stream(r).map(String::trim).toArray(String[]::new));
            }
            if (!rows.isEmpty() && java.util.Arrays.stream(rows.get(0)).map(v -> v.trim().toLowerCase(Locale.ROOT)).toList()
                    .equals(columns.stream().map(v -> v.toLowerCase(Locale.ROOT)).toList())) {
                rows.remove(0);
                draft.note(label + ": the first line of " + fileName + " names its properties: read as a header, not a row");
            }
        } else if ("Grid".equals(kind)) {
            for (Element row : Dom.children(c, "row")) {
                Element fragment = Dom.parse(row.getTextContent().getBytes(java.nio.charset.StandardCharsets.UTF_8), label)
                        .getDocumentElement();
                rows.add(Dom.children(fragment, "entry").stream().map(Element::getTextContent).toArray(String[]::new));
            }
        } else {
            draft.skip(label + ": a" + ("Excel".equals(kind) ? "n " : " ") + kind + " data source (wsbench reads File and Grid ones)");
            return;
        }
        if (rows.isEmpty() || columns.isEmpty()) {
            draft.skip(label + ": no " + (columns.isEmpty() ? "property" : "row"));
            return;
        }
        List<String[]> table = new ArrayList<>();
        table.add(columns.toArray(String[]::new));
        for (String[] r : rows) {
            String[] full = new String[columns.size()];
            for (int i = 0; i < full.length; i++) {
                full[i] = i < r.length ? r[i] : ""; // a property past the row's values reads empty, as ReadyAPI reads it
            }
            table.add(full);
        }
        for (String column : columns) {
            props.given(stepName, column, column);
        }
        pendingData = draft.file(stepName.replaceAll("[^A-Za-z0-9_.-]+", "-") + ".csv", JmeterCsv.write(table));
        if ("false".equals(Dom.text(config, "shared"))) {
            draft.note(label + ": each thread reads all its rows in SoapUI; here the users take them in turn");
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
                SoapUiProject.properties(Dom.child(config, "properties"), values);
                props.stepProps.put(Dom.attr(step, "name"), values);
            } else if ("request".equals(type)) {
                String i = Dom.text(config, "interface");
                String e = Dom.text(Dom.child(config, "request"), "endpoint");
                Element iface = project.interfaces.get(i);
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
                    props.transfer(Dom.attr(step, "name"), t);
                }
            }
        }
    }

    /** A case whose requests go to no address known before the run: the case is skipped, not the whole import. */
    static final class NoServer extends OwnServiceException {
        NoServer(String message) {
            super(message);
        }
    }

    SuiteDraft.Target target() throws OwnServiceException {
        if (target == null) {
            String label = suiteName + " / " + name;
            String url = soapOnly ? endpoint : firstAddress();
            if (url == null) {
                throw new OwnServiceException(source + ": " + where() + ": its requests name no endpoint");
            }
            String address = expanded(url.trim(), "the endpoint").trim(); // SoapUI keeps an endpoint's line breaks as typed
            if (!draft.redirected() && !Texts.knownServer(address)) {
                throw new NoServer(where() + ": its endpoint " + url.trim() + " is '" + address + "' once the project's properties"
                        + " are put in (set by a script?): give their values with --environment FILE (a .properties file),"
                        + " or the server's address with --url");
            }
            target = draft.target(label, address);
            caseOrigin = origin(address);
            if (soapOnly) {
                target.node.put("url", draft.origin(address) + pathOf(address));
                target.node.put("wsdl", project.wsdl(soapInterface).file);
            }
        }
        return target;
    }

    /** The first request's address the project writes out (no expansion in it), else the first at all. */
    private String firstAddress() throws OwnServiceException {
        String any = null;
        for (Element step : steps) {
            String a = address(step);
            if (a != null && Texts.knownServer(a)) {
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
            case "restrequest" -> project.restEndpoint(config, Dom.child(config, "restRequest"));
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
        body = props.intoRequest(stepName, body);
        SuiteDraft.Target t = target();
        String endpoint = Dom.text(request, "endpoint");
        String full = expanded(endpoint == null ? null : endpoint.trim(), "the endpoint of step '" + stepName + "'");
        full = full == null ? "" : full.trim();
        if (!soapOnly && (!draft.redirected() && !Texts.knownServer(full) || !draft.sameServer(origin(full), caseOrigin))) {
            draft.skip("SOAP request step '" + stepName + "' in " + where() + ": to " + full + ", not the flow's server ("
                    + caseOrigin + ")");
            return;
        }
        List<String> checks = new ArrayList<>();
        boolean faultExpected = checker.assertions(stepName, request, checks, true);
        ObjectNode s = t.step(t.steps, stepName);
        written.put(stepName, s);
        String text = expanded(body, "the request of step '" + stepName + "'");
        if (soapOnly && !faultExpected) {
            s.put("operation", operation);
        } else {
            SoapUiProject.Wsdl w = project.wsdl(iface);
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
        checks(s, checks);
    }

    private void restStep(String stepName, Element config) throws OwnServiceException {
        Element request = Dom.child(config, "restRequest");
        String method = project.restMethod(config);
        String url = project.restEndpoint(config, request);
        if (url == null) {
            draft.skip("REST request step '" + stepName + "' in " + where() + ": no endpoint");
            return;
        }
        Map<String, String[]> params = project.restParameters(config);
        for (Element entry : Dom.children(Dom.child(request, "parameters"), "entry")) {
            String[] p = params.computeIfAbsent(Dom.attr(entry, "key"), k -> new String[]{"QUERY", ""});
            p[1] = Dom.attr(entry, "value");
        }
        String path = project.resourcePath(config);
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
        request(stepName, "HTTP request", method, url, query.toString(), headers, config, Dom.attr(config, "mediaType"));
    }

    /** A REST or HTTP request as a plain step: {@code url} and {@code path} give its address, {@code request} its body and checks. */
    private void request(String stepName, String kind, String method, String url, String path, Map<String, String> headers,
                         Element request, String mediaType) throws OwnServiceException {
        String where = "the address of step '" + stepName + "'";
        String full = expanded(url.trim(), where).trim();
        if (!Texts.knownServer(full)) {
            draft.skip(kind + " step '" + stepName + "' in " + where() + ": its endpoint '" + url
                    + "' is no address known before the run");
            return;
        }
        SuiteDraft.Target t = target();
        if (!draft.sameServer(origin(full), caseOrigin)) {
            draft.skip(kind + " step '" + stepName + "' in " + where() + ": to " + origin(full)
                    + ", another server than the flow's (" + caseOrigin + ")");
            return;
        }
        List<String> checks = new ArrayList<>();
        checker.assertions(stepName, request, checks, false);
        ObjectNode s = t.step(t.steps, stepName);
        written.put(stepName, s);
        s.put("method", method.toUpperCase(Locale.ROOT));
        String own = pathOf(full);
        String added = expanded(path, where);
        s.put("path", own + (own.contains("?") && added.startsWith("?") ? "&" + added.substring(1) : added)); // its query, then the step's
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
        checks(s, checks);
    }

    /**
     * The custom HTTP headers SoapUI keeps in a request's settings: an XML fragment of {@code <con:entry key value/>}
     * elements, read as XML (a fragment that is not is named).
     */
    private void headers(String stepName, Element request, ObjectNode step) throws OwnServiceException {
        for (Element setting : Dom.children(Dom.child(request, "settings"), "setting")) {
            String id = Dom.attr(setting, "id");
            if (id == null || !id.endsWith("@request-headers") || setting.getTextContent().isBlank()) {
                continue;
            }
            org.w3c.dom.Document fragment;
            try {
                fragment = Dom.parse(setting.getTextContent().getBytes(java.nio.charset.StandardCharsets.UTF_8),
                        "the headers of step '" + stepName + "'");
            } catch (OwnServiceException e) {
                draft.skip("the headers of step '" + stepName + "' in " + where() + ": " + e.getMessage());
                continue;
            }
            for (Element entry : Dom.children(fragment.getDocumentElement(), "entry")) {
                String key = Dom.attr(entry, "key");
                ObjectNode h = step.has("headers") ? (ObjectNode) step.get("headers") : step.putObject("headers");
                h.put(key, expanded(String.valueOf(Dom.attr(entry, "value")), "header " + key + " of step '" + stepName + "'"));
            }
        }
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

    private static void checks(ObjectNode step, List<String> checks) {
        if (!checks.isEmpty()) {
            ArrayNode c = step.putArray("checks");
            checks.forEach(c::add);
        }
    }

    private String expanded(String text, String where) throws OwnServiceException {
        return props.expanded(text, where);
    }
}
