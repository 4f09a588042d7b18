package io.wsbench.service.imports;

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
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The properties one test case of a {@link SoapUiProject} reads (the project's, its suite's, its own and its
 * property steps'), what its property transfers make of them, and their expansion where they are used.
 */
final class SoapUiExpansion {

    private static final Pattern EXPANSION = Pattern.compile("\\$\\{([^{}]*)}");
    /** The mark a transfer into a request leaves in its XML: the variable's name, expanded like a property. */
    private static final String TRANSFERRED = "#wsbench-variable#";

    private final SuiteDraft draft;
    private final String source;
    private final Map<String, String> overrides;
    private final Map<String, String> projectProps;
    private final Map<String, String> suiteProps;
    private final List<Element> steps;
    private final String caseWhere;
    final Map<String, String> caseProps = new LinkedHashMap<>();
    /** The values of each property step's properties, by step then name. */
    final Map<String, Map<String, String>> stepProps = new HashMap<>();
    /** A property a transfer from an answer sets: "step#prop" (or "#TestCase#prop") → the variable that carries it. */
    private final Map<String, String> dynamic = new HashMap<>();
    /** Transfers into a step's request: its name → (path, variable or value) in order. */
    private final Map<String, List<String[]>> intoRequests = new HashMap<>();
    /** Extractions each step's answer gives: step name → variable → extraction. */
    final Map<String, Map<String, String>> extractions = new HashMap<>();
    private int variables;

    SoapUiExpansion(SoapUiProject project, Map<String, String> suiteProps, List<Element> steps, String caseWhere) {
        this.draft = project.draft;
        this.source = project.source;
        this.overrides = project.overrides;
        this.projectProps = project.projectProps;
        this.suiteProps = suiteProps;
        this.steps = steps;
        this.caseWhere = caseWhere;
    }

    private String where() {
        return caseWhere;
    }

    // ---- property transfers

    void transfer(String stepName, Element t) throws OwnServiceException {
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

    /** {@code ${step#prop}} read from here on as the flow's variable {@code variable} (a data source's column). */
    void given(String step, String prop, String variable) {
        dynamic.put(step + "#" + prop, variable);
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

    /** The step's transfers into its request written into its XML, each at its path, as a mark expanded later. */
    String intoRequest(String stepName, String body) throws OwnServiceException {
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
        // #Scope#prop or Step#prop, optionally #path after it; a bare name is the test case's
        int split = e.indexOf('#', e.startsWith("#") ? 1 : 0);
        String scope = split < 0 ? "#TestCase" : e.substring(0, split);
        String rest = split < 0 ? e.replaceFirst("^#", "") : e.substring(split + 1);
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
        String variable = dynamic.get(scope + "#" + prop);
        if (variable != null) {
            return Texts.variable(variable);
        }
        String value = List.of("#Global", "#System", "#Env").contains(scope) ? overrides.get(prop) : property(scope, prop);
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
