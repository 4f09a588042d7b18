package io.wsbench.service.imports;

import io.wsbench.service.imports.JmeterPlan.Pair;
import io.wsbench.service.own.OwnServiceException;
import org.w3c.dom.Element;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.wsbench.service.imports.JmeterPlan.disabled;
import static io.wsbench.service.imports.JmeterPlan.name;
import static io.wsbench.service.imports.Texts.number;
import static io.wsbench.service.imports.JmeterPlan.pairs;

/**
 * The elements of a {@link JmeterPlan} that apply to every sampler in their scope, as JMeter applies them:
 * config elements, timers, assertions and post-processors, each read into the {@link Scope} of its level.
 */
final class JmeterElements {

    private static final Set<String> LISTENERS = Set.of("ResultCollector", "BackendListener", "Summariser", "ResultSaver",
            "JSR223Listener", "BeanShellListener", "MailerResultCollector");

    private final JmeterPlan plan;
    private final SuiteDraft draft;
    private final String source;
    private final Path dir;
    /** The elements {@link #level} read, so that the walk over samplers passes them by. */
    private final Set<Element> read = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    /** The variables set before a sampler reads them: a CSV's columns go in. */
    private final Set<String> known;

    /** What applies to the samplers of one level of the tree and below it. */
    static final class Scope {
        final Map<String, String> defaults = new LinkedHashMap<>();
        final Map<String, String> headers = new LinkedHashMap<>();
        final List<String> checks = new ArrayList<>();
        final Map<String, String> extract = new LinkedHashMap<>();
        final List<long[]> thinks = new ArrayList<>();
        final List<Long> durations = new ArrayList<>();
        boolean cookies;
        String data;
        String dataMode;
        double perMinute;
        int throughputMode;
        String prefix = "";

        Scope inner() {
            Scope s = new Scope();
            s.defaults.putAll(defaults);
            s.headers.putAll(headers);
            s.checks.addAll(checks);
            s.extract.putAll(extract);
            s.thinks.addAll(thinks);
            s.durations.addAll(durations);
            s.cookies = cookies;
            s.data = data;
            s.dataMode = dataMode;
            s.perMinute = perMinute;
            s.throughputMode = throughputMode;
            s.prefix = prefix;
            return s;
        }
    }

    JmeterElements(JmeterPlan plan, SuiteDraft draft, String source, Path dir, Set<String> known) {
        this.plan = plan;
        this.draft = draft;
        this.source = source;
        this.dir = dir;
        this.known = known;
    }

    private String expand(String text, String where) throws OwnServiceException {
        return plan.expand(text, where);
    }

    // ---- the elements of one level that apply to every sampler in it

    /** Reads the config elements, timers, assertions and post-processors at this level into {@code scope}. */
    void level(Element tree, Scope scope, boolean planLevel) throws OwnServiceException {
        // the elements that define variables first: JMeter's config elements apply to their whole scope whatever their
        // order, and the others read their names (an Authorization Manager's ${login} above the CSV Data Set giving it)
        List<Pair> elements = new ArrayList<>(pairs(tree));
        elements.sort(java.util.Comparator.comparingInt(p -> DEFINING.contains(Dom.local(p.element())) ? 0 : 1));
        for (Pair p : elements) {
            Element e = p.element();
            String kind = Dom.local(e);
            String label = kind + " '" + name(e) + "'";
            if (disabled(e)) {
                if (!planLevel || !kind.endsWith("ThreadGroup")) {
                    draft.ignore(label + ": disabled in the plan");
                }
                continue;
            }
            if (applies(e, scope, label)) {
                read.add(e);
            } else if (LISTENERS.contains(kind) || "ViewResultsFullVisualizer".equals(Dom.attr(e, "guiclass"))) {
                read.add(e);
                draft.ignore(label + ": a listener (wsbench writes its own results)");
            }
        }
    }

    /** The elements that give variables to their scope. */
    private static final java.util.Set<String> DEFINING = java.util.Set.of("CSVDataSet", "Arguments");

    /** Whether {@link #level} read the element (a config element, timer, assertion, post-processor or listener). */
    boolean isLevelElement(Element e) {
        return read.contains(e);
    }

    /** True when {@code e} is an element that applies to the samplers in its scope (read into {@code scope}). */
    private boolean applies(Element e, Scope scope, String label) throws OwnServiceException {
        String kind = Dom.local(e);
        switch (kind) {
            case "ConfigTestElement" -> {
                if ("HttpDefaultsGui".equals(Dom.attr(e, "guiclass"))) {
                    for (String k : List.of("domain", "port", "protocol", "path", "contentEncoding")) {
                        String v = prop(e, "HTTPSampler." + k);
                        if (v != null && !v.isBlank()) {
                            scope.defaults.put(k, expand(v, label));
                        }
                    }
                } else {
                    draft.skip(label + ": a config element wsbench does not know");
                }
                return true;
            }
            case "Arguments" -> {
                plan.arguments(e);
                return true;
            }
            case "HeaderManager" -> {
                for (Element h : collection(e, "HeaderManager.headers")) {
                    scope.headers.put(prop(h, "Header.name"), expand(String.valueOf(prop(h, "Header.value")), label));
                }
                return true;
            }
            case "CookieManager" -> {
                scope.cookies = true;
                return true;
            }
            case "CacheManager", "DNSCacheManager", "AuthManager", "KeystoreConfig" -> {
                if (kind.equals("AuthManager") && !collection(e, "AuthManager.auth_list").isEmpty()) {
                    Element a = collection(e, "AuthManager.auth_list").get(0);
                    scope.defaults.put("basicAuth", expand(prop(a, "Authorization.username"), label) + ":"
                            + expand(String.valueOf(prop(a, "Authorization.password")), label));
                    return true;
                }
                draft.skip(label + ": its effect is the client's (wsbench's client keeps connections and resolves once)");
                return true;
            }
            case "CSVDataSet" -> {
                csv(e, scope, label);
                return true;
            }
            case "ConstantTimer" -> {
                long d = number(expand(prop(e, "ConstantTimer.delay"), label));
                scope.thinks.add(new long[]{d, d});
                return true;
            }
            case "UniformRandomTimer" -> {
                long offset = number(expand(prop(e, "ConstantTimer.delay"), label));
                long range = number(expand(prop(e, "RandomTimer.range"), label));
                scope.thinks.add(new long[]{offset, offset + range});
                return true;
            }
            case "GaussianRandomTimer", "PoissonRandomTimer" -> {
                long offset = number(expand(prop(e, "ConstantTimer.delay"), label));
                long range = number(expand(prop(e, "RandomTimer.range"), label));
                scope.thinks.add(new long[]{offset, offset + 2 * range});
                draft.note(label + ": its pause is drawn uniform from " + offset + " to " + (offset + 2 * range) + " ms (wsbench has no Gaussian pause)");
                return true;
            }
            case "ConstantThroughputTimer" -> {
                scope.perMinute = Texts.decimal(expand(doubleProp(e, "throughput"), label), 0);
                scope.throughputMode = (int) number(prop(e, "calcMode"));
                return true;
            }
            case "ResponseAssertion" -> {
                responseAssertion(e, scope, label);
                return true;
            }
            case "DurationAssertion" -> {
                long bound = number(expand(prop(e, "DurationAssertion.duration"), label));
                if (bound > 0) {
                    scope.durations.add(bound);
                } else {
                    draft.ignore(label + ": a duration of " + bound + " ms, which JMeter reads as no bound");
                }
                return true;
            }
            case "JSONPathAssertion", "com.atlantbh.jmeter.plugins.jsonutils.jsonpathassertion.JSONPathAssertion" -> {
                // the plugin (jp@gc - JSON Path Assertion) that JMeter's own took in, with the same properties
                String path = expand(prop(e, "JSON_PATH"), label);
                boolean compare = "true".equals(prop(e, "JSONVALIDATION"));
                boolean invert = "true".equals(prop(e, "INVERT"));
                if ("true".equals(prop(e, "EXPECT_NULL"))) {
                    draft.skip(label + ": expects null (wsbench checks a value or its presence)");
                } else if (compare && "true".equals(prop(e, "ISREGEX"))) {
                    draft.skip(label + ": compares with a regular expression (its path is checked to be present)");
                    scope.checks.add("jsonpath:" + path);
                } else if (compare) {
                    scope.checks.add("jsonpath:" + path + (invert ? " != " : " == ") + Texts.jsonValue(expand(String.valueOf(prop(e, "EXPECTED_VALUE")), label)));
                } else if (invert) {
                    draft.skip(label + ": a path that must be absent (wsbench checks a path is present)");
                } else {
                    scope.checks.add("jsonpath:" + path);
                }
                return true;
            }
            case "XPathAssertion", "XPath2Assertion" -> {
                String x = Texts.localNames(expand(prop(e, kind.equals("XPathAssertion") ? "XPath.xpath" : "XPath2.xpath"), label));
                scope.checks.add("xpath:" + ("true".equals(prop(e, "XPath.negate")) ? "not(" + x + ")" : x));
                return true;
            }
            case "RegexExtractor" -> {
                String headers = prop(e, "RegexExtractor.useHeaders");
                String template = prop(e, "RegexExtractor.template");
                String match = prop(e, "RegexExtractor.match_number");
                if (headers != null && !"false".equals(headers)) {
                    draft.skip(label + ": reads the " + ("true".equals(headers) ? "headers" : headers) + " (wsbench extracts from a body by regex)");
                } else if (template != null && !template.matches("\\$1\\$|") || match != null && !match.matches("1|")) {
                    draft.skip(label + ": template " + template + ", match " + match + " (wsbench takes the first match's first group)");
                } else {
                    extract(scope, prop(e, "RegexExtractor.refname"), "regex:" + expand(prop(e, "RegexExtractor.regex"), label));
                }
                return true;
            }
            case "JSONPostProcessor" -> {
                String[] names = String.valueOf(prop(e, "JSONPostProcessor.referenceNames")).split(";");
                String[] paths = String.valueOf(prop(e, "JSONPostProcessor.jsonPathExprs")).split(";");
                for (int i = 0; i < Math.min(names.length, paths.length); i++) {
                    extract(scope, names[i].trim(), "jsonpath:" + expand(paths[i].trim(), label));
                }
                return true;
            }
            case "com.atlantbh.jmeter.plugins.jsonutils.jsonpathextractor.JSONPathExtractor" -> {
                // the plugin jp@gc - JSON Path Extractor, before JMeter had its own JSON Extractor
                if ("VAR".equals(prop(e, "SUBJECT"))) {
                    draft.skip(label + ": reads variable " + prop(e, "VARIABLE") + " (wsbench extracts from an answer)");
                } else if ("YAML".equals(prop(e, "INPUT_FORMAT"))) {
                    draft.skip(label + ": reads YAML (wsbench's jsonpath reads JSON)");
                } else {
                    extract(scope, prop(e, "VAR"), "jsonpath:" + expand(prop(e, "JSONPATH"), label));
                }
                return true;
            }
            case "XPathExtractor", "XPath2Extractor" -> {
                String p = kind.equals("XPathExtractor") ? "XPathExtractor." : "XPathExtractor2.";
                extract(scope, prop(e, p + "refname"), "xpath:" + Texts.localNames(expand(prop(e, p + "xpathQuery"), label)));
                return true;
            }
            case "BoundaryExtractor" -> {
                extract(scope, prop(e, "BoundaryExtractor.refname"), "regex:" + Texts.regexLiteral(expand(String.valueOf(prop(e, "BoundaryExtractor.lboundary")), label))
                        + "([\\s\\S]*?)" + Texts.regexLiteral(expand(String.valueOf(prop(e, "BoundaryExtractor.rboundary")), label)));
                return true;
            }
            case "HtmlExtractor" -> {
                String attribute = prop(e, "HtmlExtractor.attribute");
                extract(scope, prop(e, "HtmlExtractor.refname"), "css:" + expand(prop(e, "HtmlExtractor.expr"), label)
                        + (attribute == null || attribute.isBlank() ? "" : "@" + attribute));
                return true;
            }
            default -> {
                if (kind.startsWith("JSR223") || kind.startsWith("BeanShell")) {
                    draft.skip(kind + " '" + name(e) + "' (scripts are not run)");
                    return true;
                }
                return false;
            }
        }
    }

    private void extract(Scope scope, String variable, String extraction) {
        if (variable == null || variable.isBlank()) {
            return;
        }
        scope.extract.put(variable, extraction);
    }

    private void responseAssertion(Element e, Scope scope, String label) throws OwnServiceException {
        String field = String.valueOf(prop(e, "Assertion.test_field"));
        int type = (int) number(prop(e, "Assertion.test_type"));
        boolean not = (type & 4) != 0;
        boolean or = (type & 32) != 0;
        List<String> strings = new ArrayList<>();
        for (Element s : Dom.elements(child(e, "Asserion.test_strings"))) {
            strings.add(expand(s.getTextContent(), label));
        }
        if (Dom.elements(child(e, "Asserion.test_strings")).isEmpty()) {
            for (Element s : Dom.elements(child(e, "Assertion.test_strings"))) {
                strings.add(expand(s.getTextContent(), label));
            }
        }
        if ("true".equals(prop(e, "Assertion.assume_success"))) {
            scope.checks.add("status: 1xx,2xx,3xx,4xx,5xx");
        }
        if (strings.isEmpty()) {
            return;
        }
        if (field.equals("Assertion.response_code")) {
            List<String> codes = new ArrayList<>();
            for (String s : strings) {
                String c = s.trim().replace("\\d", "x").replace("[0-9]", "x").replace(".", "x");
                if (s.trim().matches("\\$\\{[\\w.-]+}")) {
                    codes.add(s.trim()); // a variable the row gives (openapi-generator's ${httpStatusCode}): wsbench's status check fills it
                    continue;
                }
                if (!c.matches("[1-5]([0-9]{2}|xx)")) {
                    draft.skip(label + ": status pattern '" + s + "' (wsbench checks codes such as 200 or 2xx)");
                    return;
                }
                codes.add(c);
            }
            scope.checks.add("status: " + (not ? "!" : "") + String.join(",", codes));
            return;
        }
        if (!field.equals("Assertion.response_data") && !field.equals("Assertion.response_data_as_document")) {
            draft.skip(label + ": tests " + field.replace("Assertion.", "") + " (wsbench checks the body and the status here)");
            return;
        }
        if (or && strings.size() > 1) {
            List<String> alternatives = new ArrayList<>();
            for (String s : strings) {
                alternatives.add((type & 16) != 0 || (type & 8) != 0 ? Texts.regexLiteral(s) : "(?:" + s + ")");
            }
            scope.checks.add((not ? "!regex:" : "regex:") + String.join("|", alternatives));
            return;
        }
        for (String s : strings) {
            if ((type & 16) != 0 && s.isBlank()) {
                draft.skip(label + ": an empty substring (every answer holds it)");
            } else if ((type & 16) != 0) {
                scope.checks.add((not ? "!contains:" : "contains:") + s);
            } else if ((type & 8) != 0) {
                scope.checks.add((not ? "!regex:" : "regex:") + "\\A" + Texts.regexLiteral(s) + "\\z");
            } else if ((type & 1) != 0) {
                scope.checks.add((not ? "!regex:" : "regex:") + "\\A(?:" + s + ")\\z");
            } else {
                scope.checks.add((not ? "!regex:" : "regex:") + s);
            }
        }
    }

    /**
     * The names every CSV Data Set under {@code tree} gives, known from here on: a Thread Group's assertion reads them
     * (openapi-generator's plans check {@code ${httpStatusCode}}, a column of the CSV each request's sampler holds), and
     * JMeter has set them by the time an assertion runs, after its sampler. The data itself is written where the set is.
     */
    void declareCsvNames(Element tree) throws OwnServiceException {
        for (JmeterPlan.Pair p : JmeterPlan.pairs(tree)) {
            if (JmeterPlan.disabled(p.element())) {
                continue;
            }
            if ("CSVDataSet".equals(Dom.local(p.element()))) {
                // a file that is not there, or not read, gives no names: csv() says why, and they are sent as written
                List<String[]> table = table(p.element(), "CSVDataSet '" + JmeterPlan.name(p.element()) + "'");
                if (table != null) {
                    java.util.Collections.addAll(known, table.get(0));
                }
            }
            if (p.tree() != null) {
                declareCsvNames(p.tree());
            }
        }
    }

    /** A CSV Data Set's delimiter ({@code \t} a tab), a comma where it gives none. */
    private static String delimiter(Element e) {
        return prop(e, "delimiter") == null || prop(e, "delimiter").isEmpty() ? "," : prop(e, "delimiter").replace("\\t", "\t");
    }

    /** A CSV Data Set's file, its name's variables and properties put in, found beside the plan; null when it is not there. */
    private Path file(Element e, String label) throws OwnServiceException {
        String file = expand(String.valueOf(prop(e, "filename")), label);
        return file.isBlank() ? null : Imports.beside(dir, file);
    }

    /** Why a CSV Data Set's file cannot be read (the line csv() skips it with), or null when it can. */
    private String unread(Element e, String label) throws OwnServiceException {
        String written = String.valueOf(prop(e, "filename"));
        String file = expand(written, label);
        String names = prop(e, "variableNames");
        if (file(e, label) == null) {
            // its names stay unknown: where the plan reads them, the suite sends them as written, as JMeter does an unset
            // variable (a suite that named them would not load, no row giving them)
            return label + ": its file " + file + (written.equals(file) ? "" : " (" + written + ", with --environment's values)")
                    + " is not beside the plan (copy it there and import again; until then its"
                    + " variables " + (names == null || names.isBlank() ? "" : "(" + names + ") ")
                    + "are sent as written, as JMeter sends an unset one)";
        }
        if (delimiter(e).length() != 1) {
            return label + ": its delimiter '" + delimiter(e) + "' is more than one character; wsbench's data files are CSV";
        }
        return null;
    }

    /** The CSV files read, by their data set: the pre-scan of a Thread Group's names and csv() read each once. */
    private final Map<Element, List<String[]>> tables = new java.util.IdentityHashMap<>();

    /**
     * A CSV Data Set's file as a table, its names (given, or its first line) the first row and each row as many values as
     * there are names, as JMeter reads them; null where it cannot be read ({@link #unread}).
     */
    private List<String[]> table(Element e, String label) throws OwnServiceException {
        if (tables.containsKey(e)) {
            return tables.get(e);
        }
        List<String[]> rows = null;
        if (unread(e, label) == null) {
            String names = prop(e, "variableNames");
            boolean headerInFile = names == null || names.isBlank();
            rows = JmeterCsv.read(file(e, label), delimiter(e).charAt(0),
                    "true".equals(prop(e, "quotedData")), source + ": " + label);
            if (!headerInFile && "true".equals(prop(e, "ignoreFirstLine")) && !rows.isEmpty()) {
                rows.remove(0);
            }
            String[] columns = headerInFile ? rows.isEmpty() ? new String[0] : rows.remove(0) : names.split(",");
            for (int i = 0; i < columns.length; i++) {
                columns[i] = columns[i].trim();
            }
            for (int i = 0; i < rows.size(); i++) {
                if (rows.get(i).length != columns.length) { // JMeter reads as many values as it has names: the rest are not read
                    String[] row = java.util.Arrays.copyOf(rows.get(i), columns.length);
                    java.util.Arrays.setAll(row, c -> row[c] == null ? "" : row[c]);
                    rows.set(i, row);
                }
            }
            rows.add(0, columns);
        }
        tables.put(e, rows);
        return rows;
    }

    private void csv(Element e, Scope scope, String label) throws OwnServiceException {
        String why = unread(e, label);
        if (why != null) {
            draft.skip(why);
            return;
        }
        List<String[]> table = table(e, label);
        java.util.Collections.addAll(known, table.get(0));
        Path f = file(e, label);
        scope.data = draft.file(f.getFileName().toString().replaceFirst("\\.[^.]*$", "") + ".csv", JmeterCsv.write(table));
        boolean recycle = !"false".equals(prop(e, "recycle"));
        String share = String.valueOf(prop(e, "shareMode"));
        scope.dataMode = share.contains("thread") ? "perUser" : recycle ? null : "unique";
    }

    // ---- properties of an element

    /** The text of the element's {@code *Prop} child named {@code name}; null when there is none. */
    static String prop(Element e, String name) {
        Element c = child(e, name);
        if (c == null) {
            return null;
        }
        if ("elementProp".equals(Dom.local(c)) || "collectionProp".equals(Dom.local(c))) {
            return null;
        }
        return c.getTextContent();
    }

    static Element child(Element e, String name) {
        for (Element c : Dom.elements(e)) {
            if (name.equals(Dom.attr(c, "name"))) {
                return c;
            }
        }
        return null;
    }

    /** The elementProps of the element's collectionProp named {@code name} (found under an elementProp too). */
    static List<Element> collection(Element e, String name) {
        if (e == null) {
            return List.of();
        }
        for (Element c : Dom.elements(e)) {
            if ("collectionProp".equals(Dom.local(c)) && name.equals(Dom.attr(c, "name"))) {
                return Dom.children(c, "elementProp");
            }
            if ("elementProp".equals(Dom.local(c))) {
                List<Element> inner = collection(c, name);
                if (!inner.isEmpty()) {
                    return inner;
                }
            }
        }
        return List.of();
    }

    private static String doubleProp(Element e, String name) {
        for (Element c : Dom.children(e, "doubleProp")) {
            if (name.equals(Dom.text(c, "name"))) {
                return Dom.text(c, "value");
            }
        }
        return prop(e, name);
    }
}
