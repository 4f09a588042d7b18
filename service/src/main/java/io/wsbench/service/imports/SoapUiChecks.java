package io.wsbench.service.imports;

import io.wsbench.service.own.OwnServiceException;
import org.w3c.dom.Element;

import java.util.List;
import java.util.regex.Matcher;

import static io.wsbench.service.imports.Texts.number;

/** The assertions of a SoapUI request step as the checks of the same meaning. */
final class SoapUiChecks {

    private final SuiteDraft draft;
    private final SoapUiExpansion props;
    private final String caseWhere;

    SoapUiChecks(SuiteDraft draft, SoapUiExpansion props, String caseWhere) {
        this.draft = draft;
        this.props = props;
        this.caseWhere = caseWhere;
    }

    private String where() {
        return caseWhere;
    }

    private String expanded(String text, String where) throws OwnServiceException {
        return props.expanded(text, where);
    }

    /**
     * The request's assertions as checks in {@code checks}; a Response SLA as a threshold of the
     * suite. True when the step expects a SOAP Fault (it is then sent as written: an operation step
     * counts a Fault as an error).
     */
    boolean assertions(String stepName, Element request, List<String> checks, boolean soap) throws OwnServiceException {
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
                    checks.add("jsonpath:" + expanded(path, label) + (content == null ? "" : " == " + Texts.jsonValue(unquoted(expanded(content, label)))));
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

    /**
     * An expected value written as a JSON string ({@code "United States"}, as ReadyAPI fills it from an answer) read as the
     * string it holds; any other text as it is ({@code India}).
     */
    static String unquoted(String content) {
        String t = content.trim();
        if (t.length() >= 2 && t.startsWith("\"") && t.endsWith("\"")) {
            try {
                com.fasterxml.jackson.databind.JsonNode n = JSON.readTree(t); // the whole text one JSON string, nothing after it
                if (n.isTextual()) {
                    return n.asText();
                }
            } catch (com.fasterxml.jackson.core.JsonProcessingException notJson) {
                // quotes of its own: the text as written
            }
        }
        return content;
    }

    private static final com.fasterxml.jackson.databind.ObjectReader JSON = new com.fasterxml.jackson.databind.ObjectMapper()
            .readerFor(com.fasterxml.jackson.databind.JsonNode.class)
            .with(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
}
