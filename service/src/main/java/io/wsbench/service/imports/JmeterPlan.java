package io.wsbench.service.imports;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.wsbench.service.own.OwnServiceException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A JMeter plan ({@code .jmx}) made a suite: each Thread Group a target whose flow is its HTTP samplers
 * in order (HTTP Request Defaults filling what a sampler leaves out, a Transaction Controller's name
 * before its samplers' names, a Once Only Controller's samplers the flow's setup), its threads, ramp-up,
 * duration or loops a load. Config elements, timers, assertions and post-processors apply to every
 * sampler in their scope, as JMeter applies them: Header and Cookie Managers, CSV Data Set Config as
 * the step's data rows, Regular Expression, JSON, XPath, Boundary and CSS extractors as extractions,
 * Response, Duration, JSON and XPath assertions as checks and thresholds, Constant and Uniform Random
 * timers as think time, the Constant Throughput Timer as an open loop's rate. JSR223 and BeanShell
 * elements, logic controllers and other samplers are named.
 */
final class JmeterPlan {

    private static final Pattern REFERENCE = Pattern.compile("\\$\\{([^{}]*)}");
    private static final Set<String> LISTENERS = Set.of("ResultCollector", "BackendListener", "Summariser", "ResultSaver",
            "JSR223Listener", "BeanShellListener", "MailerResultCollector");

    private final Document doc;
    private final String source;
    private final Path dir;
    private final SuiteDraft draft;
    private final Map<String, String> properties;
    private final Map<String, String> staticVars = new LinkedHashMap<>();

    /** What applies to the samplers of one level of the tree and below it. */
    private static final class Scope {
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

    /** The Thread Group being written. */
    private SuiteDraft.Target target;
    private String origin;
    private String group;
    private final java.util.Set<String> known = new java.util.HashSet<>(io.wsbench.core.load.FlowPlan.BUILT_IN);
    private int samplers;
    private boolean cookies;
    private double perMinute;
    private int throughputMode;
    private final java.util.Set<String> dataGiven = new java.util.HashSet<>();

    private JmeterPlan(Document doc, String source, Path dir, Map<String, String> properties, java.net.URI url) {
        this.doc = doc;
        this.source = source;
        this.dir = dir;
        this.properties = properties;
        Element plan = firstElement(doc.getDocumentElement());
        this.draft = new SuiteDraft("JMeter plan", plan == null ? "plan" : Dom.attr(plan, "testname"), prop(plan, "TestPlan.comments"), url);
    }

    static SuiteDraft.Result convert(Document doc, String source, Path dir, Map<String, String> properties, java.net.URI url)
            throws OwnServiceException {
        return new JmeterPlan(doc, source, dir, properties, url).convert();
    }

    private static Element firstElement(Element root) {
        Element tree = Dom.child(root, "hashTree");
        List<Element> e = Dom.elements(tree);
        return e.isEmpty() ? null : e.get(0);
    }

    private SuiteDraft.Result convert() throws OwnServiceException {
        Element tree = Dom.child(doc.getDocumentElement(), "hashTree");
        List<Element> top = Dom.elements(tree);
        if (top.isEmpty() || !"TestPlan".equals(Dom.local(top.get(0)))) {
            throw new OwnServiceException(source + ": a JMeter plan starts with its TestPlan element; this one does not");
        }
        Element plan = top.get(0);
        arguments(child(plan, "TestPlan.user_defined_variables"));
        Element planTree = top.size() > 1 ? top.get(1) : null;
        Scope scope = new Scope();
        level(planTree, scope, true);
        for (Pair p : pairs(planTree)) {
            String kind = Dom.local(p.element);
            if (disabled(p.element)) {
                continue;
            }
            if (kind.equals("ThreadGroup")) {
                threadGroup(p.element, p.tree, scope);
            } else if (kind.endsWith("ThreadGroup")) {
                draft.skip(kind + " '" + name(p.element) + "' (wsbench runs each Thread Group as a target; "
                        + (kind.startsWith("Setup") || kind.startsWith("Post") ? "set-up and tear-down groups run once, not per user)" : "this kind's schedule is a plugin's)"));
            }
        }
        return draft.result(source); // none of its Thread Groups with an HTTP Request: nothing to load, and what was skipped
    }

    private record Pair(Element element, Element tree) {
    }

    /** The elements of a hashTree, each with the hashTree of its children after it. */
    private static List<Pair> pairs(Element tree) {
        List<Pair> out = new ArrayList<>();
        List<Element> e = Dom.elements(tree);
        for (int i = 0; i < e.size(); i++) {
            if ("hashTree".equals(Dom.local(e.get(i)))) {
                continue;
            }
            Element next = i + 1 < e.size() && "hashTree".equals(Dom.local(e.get(i + 1))) ? e.get(i + 1) : null;
            out.add(new Pair(e.get(i), next));
        }
        return out;
    }

    private static boolean disabled(Element e) {
        return "false".equals(Dom.attr(e, "enabled"));
    }

    private static String name(Element e) {
        String n = Dom.attr(e, "testname");
        return n == null || n.isBlank() ? Dom.local(e) : n;
    }

    // ---- the elements of one level that apply to every sampler in it

    /** Reads the config elements, timers, assertions and post-processors at this level into {@code scope}. */
    private void level(Element tree, Scope scope, boolean planLevel) throws OwnServiceException {
        for (Pair p : pairs(tree)) {
            Element e = p.element;
            String kind = Dom.local(e);
            String label = kind + " '" + name(e) + "'";
            if (disabled(e)) {
                if (!planLevel || !kind.endsWith("ThreadGroup")) {
                    draft.ignore(label + ": disabled in the plan");
                }
                continue;
            }
            if (applies(e, scope, label)) {
                continue;
            }
            if (LISTENERS.contains(kind) || "ViewResultsFullVisualizer".equals(Dom.attr(e, "guiclass"))) {
                draft.ignore(label + ": a listener (wsbench writes its own results)");
            }
        }
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
                arguments(e);
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
                scope.perMinute = Double.parseDouble(expand(doubleProp(e, "throughput"), label).isBlank() ? "0" : expand(doubleProp(e, "throughput"), label));
                scope.throughputMode = (int) number(prop(e, "calcMode"));
                return true;
            }
            case "ResponseAssertion" -> {
                responseAssertion(e, scope, label);
                return true;
            }
            case "DurationAssertion" -> {
                scope.durations.add(number(expand(prop(e, "DurationAssertion.duration"), label)));
                return true;
            }
            case "JSONPathAssertion" -> {
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
            if ((type & 16) != 0) {
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

    private void csv(Element e, Scope scope, String label) throws OwnServiceException {
        String file = expand(String.valueOf(prop(e, "filename")), label);
        String names = prop(e, "variableNames");
        String delimiter = prop(e, "delimiter") == null || prop(e, "delimiter").isEmpty() ? "," : prop(e, "delimiter").replace("\\t", "\t");
        Path f = dir.resolve(file);
        if (file.isBlank() || !Files.isRegularFile(f)) {
            draft.skip(label + ": its file " + file + " is not beside the plan (copy it there and import again)");
            if (names != null) {
                for (String n : names.split(delimiter.equals("\t") ? "\t" : Pattern.quote(delimiter))) {
                    known.add(n.trim());
                }
            }
            return;
        }
        List<String> lines;
        try {
            lines = new ArrayList<>(Files.readAllLines(f, StandardCharsets.UTF_8));
        } catch (IOException ex) {
            throw new OwnServiceException(source + ": " + label + ": cannot read " + f + ": " + ex.getMessage());
        }
        boolean headerInFile = names == null || names.isBlank();
        if (!headerInFile && "true".equals(prop(e, "ignoreFirstLine")) && !lines.isEmpty()) {
            lines.remove(0);
        }
        String header = headerInFile ? (lines.isEmpty() ? "" : lines.remove(0)) : names;
        StringBuilder out = new StringBuilder(String.join(",", header.split(delimiter.equals("\t") ? "\t" : Pattern.quote(delimiter)))).append('\n');
        for (String l : lines) {
            out.append(delimiter.equals(",") ? l : String.join(",", l.split(delimiter.equals("\t") ? "\t" : Pattern.quote(delimiter), -1))).append('\n');
        }
        for (String n : header.split(",|" + Pattern.quote(delimiter))) {
            known.add(n.trim());
        }
        scope.data = draft.file(f.getFileName().toString().replaceFirst("\\.[^.]*$", "") + ".csv", out.toString().getBytes(StandardCharsets.UTF_8));
        boolean recycle = !"false".equals(prop(e, "recycle"));
        String share = String.valueOf(prop(e, "shareMode"));
        scope.dataMode = share.contains("thread") ? "perUser" : recycle ? null : "unique";
    }

    private void arguments(Element arguments) {
        for (Element a : collection(arguments, "Arguments.arguments")) {
            String n = prop(a, "Argument.name");
            if (n != null) {
                try {
                    staticVars.put(n, expand(String.valueOf(prop(a, "Argument.value")), "variable " + n));
                } catch (OwnServiceException e) {
                    staticVars.put(n, Texts.literal(String.valueOf(prop(a, "Argument.value"))));
                }
            }
        }
    }

    // ---- thread groups, controllers, samplers

    private void threadGroup(Element tg, Element tree, Scope planScope) throws OwnServiceException {
        group = name(tg);
        String label = "Thread Group '" + group + "'";
        target = null;
        origin = null;
        samplers = 0;
        Scope scope = planScope.inner();
        level(tree, scope, false);
        cookies = scope.cookies;
        perMinute = 0;
        walk(tree, scope, false);
        if (target == null) {
            draft.skip(label + ": no HTTP Request in it");
            return;
        }
        if (!cookies) {
            target.flowOptions.put("cookies", false); // JMeter keeps no cookies without a Cookie Manager
        }
        ObjectNode load = SuiteDraft.NODES.objectNode();
        long threads = Math.max(1, number(expand(prop(tg, "ThreadGroup.num_threads"), label)));
        // samples a minute (per thread, or shared) over the samplers of an iteration: iterations a second
        double rate = perMinute / 60.0 / Math.max(1, samplers) * (throughputMode == 0 ? threads : 1);
        long ramp = number(expand(String.valueOf(prop(tg, "ThreadGroup.ramp_time")), label));
        boolean scheduled = "true".equals(prop(tg, "ThreadGroup.scheduler"));
        long duration = number(expand(String.valueOf(prop(tg, "ThreadGroup.duration")), label));
        Element loop = child(tg, "ThreadGroup.main_controller");
        long loops = number(expand(String.valueOf(prop(loop, "LoopController.loops")), label));
        load.put("users", threads);
        if (rate > 0) {
            load.put("rate", Math.round(rate * 1000) / 1000.0);
        }
        if (ramp > 0) {
            draft.note(label + ": its ramp-up of " + ramp + " s is left out: wsbench warms each target up before it measures,"
                    + " at its full " + threads + " threads (a ramp as a profile: stages, docs/capacity.md)");
        }
        if (scheduled && duration > 0) {
            load.put("duration", duration + "s");
        } else if (loops > 0) {
            load.put("iterationsPerUser", loops);
        } else {
            load.put("duration", "60s");
            draft.note(label + ": it loops forever; the suite runs it for 60 s");
        }
        String onError = String.valueOf(prop(tg, "ThreadGroup.on_sample_error"));
        if (onError.equals("stopthread") || onError.equals("stoptest") || onError.equals("stoptestnow")) {
            target.flowOptions.put("onError", "stop");
        } else if (!onError.equals("startnextloop")) {
            target.flowOptions.put("onError", "continue"); // JMeter's "Continue", its default: the next sampler
        }
        draft.load(load);
    }

    /** The samplers and controllers of a level, in order; {@code once}: a Once Only Controller's, which go to the setup. */
    private void walk(Element tree, Scope scope, boolean once) throws OwnServiceException {
        for (Pair p : pairs(tree)) {
            Element e = p.element;
            String kind = Dom.local(e);
            if (disabled(e)) {
                continue;
            }
            String label = kind + " '" + name(e) + "'";
            switch (kind) {
                case "HTTPSamplerProxy", "HTTPSampler" -> sampler(e, p.tree, scope, once);
                case "TransactionController" -> {
                    Scope inner = scope.inner();
                    inner.prefix = scope.prefix + name(e) + " / ";
                    level(p.tree, inner, false);
                    walk(p.tree, inner, once);
                }
                case "TestAction" -> {
                    // a Flow Control Action that pauses: its own duration, or the timers under it
                    Scope inner = new Scope();
                    level(p.tree, inner, false);
                    long pause = number(expand(String.valueOf(prop(e, "ActionProcessor.duration")), label));
                    if (target != null && !once) {
                        target.think(target.steps, pause, pause);
                        for (long[] t : inner.thinks) {
                            target.think(target.steps, t[0], t[1]);
                        }
                    }
                    if (!"1".equals(prop(e, "ActionProcessor.action"))) {
                        draft.skip(label + ": a Flow Control Action that stops or starts over (its pause is kept)");
                    }
                }
                case "GenericController", "RecordingController" -> {
                    Scope inner = scope.inner();
                    level(p.tree, inner, false);
                    walk(p.tree, inner, once);
                }
                case "OnceOnlyController" -> {
                    Scope inner = scope.inner();
                    level(p.tree, inner, false);
                    walk(p.tree, inner, true);
                }
                case "LoopController" -> {
                    long loops = number(expand(String.valueOf(prop(e, "LoopController.loops")), label));
                    Scope inner = scope.inner();
                    level(p.tree, inner, false);
                    if (loops < 1 || loops > 20) {
                        draft.skip(label + ": loops " + loops + " (wsbench unrolls a loop of 1 to 20; its samplers are run once)");
                        loops = 1;
                    }
                    for (long i = 0; i < loops; i++) {
                        walk(p.tree, inner, once);
                    }
                }
                default -> {
                    if (kind.endsWith("Controller") || kind.equals("ForeachController") || kind.equals("InterleaveControl")) {
                        draft.skip(label + " and the samplers in it (wsbench flows run their steps in order; no "
                                + kind.replace("Controller", "").toLowerCase(Locale.ROOT) + " logic)");
                    } else if (kind.endsWith("Sampler") || kind.endsWith("SamplerProxy")) {
                        draft.skip(label + " (wsbench sends HTTP requests)");
                    } else if (!kind.endsWith("ThreadGroup") && !isLevelElement(e)) {
                        draft.skip(label + " (no wsbench equal)");
                    }
                }
            }
        }
    }

    /** Whether {@link #level} read the element (a config element, timer, assertion, post-processor or listener). */
    private boolean isLevelElement(Element e) {
        String kind = Dom.local(e);
        return LISTENERS.contains(kind) || kind.startsWith("JSR223") || kind.startsWith("BeanShell")
                || List.of("ConfigTestElement", "Arguments", "HeaderManager", "CookieManager", "CacheManager", "DNSCacheManager",
                "AuthManager", "KeystoreConfig", "CSVDataSet", "ConstantTimer", "UniformRandomTimer", "GaussianRandomTimer",
                "PoissonRandomTimer", "ConstantThroughputTimer", "ResponseAssertion", "DurationAssertion", "JSONPathAssertion",
                "XPathAssertion", "XPath2Assertion", "RegexExtractor", "JSONPostProcessor", "XPathExtractor", "XPath2Extractor",
                "BoundaryExtractor", "HtmlExtractor").contains(kind);
    }

    private void sampler(Element e, Element tree, Scope outer, boolean once) throws OwnServiceException {
        String label = "HTTP Request '" + name(e) + "'";
        Scope scope = outer.inner();
        level(tree, scope, false);
        String protocol = or(prop(e, "HTTPSampler.protocol"), scope.defaults.get("protocol"), "http");
        String domain = or(prop(e, "HTTPSampler.domain"), scope.defaults.get("domain"), null);
        String port = or(prop(e, "HTTPSampler.port"), scope.defaults.get("port"), null);
        String path = or(prop(e, "HTTPSampler.path"), scope.defaults.get("path"), "/");
        path = expand(path, label);
        if (path.matches("(?i)https?://.*")) {
            java.net.URI u = SuiteDraft.uri(path.replace("${", "%7B").replace("}", "%7D"));
            protocol = u.getScheme();
            domain = u.getHost();
            port = u.getPort() < 0 ? null : String.valueOf(u.getPort());
            int at = path.indexOf('/', path.indexOf("://") + 3);
            path = at < 0 ? "/" : path.substring(at);
        }
        if (domain == null || domain.isBlank()) {
            draft.skip(label + ": no server name, here or in HTTP Request Defaults");
            return;
        }
        String authority = expand(protocol, label).toLowerCase(Locale.ROOT) + "://" + expand(domain, label)
                + (port == null || port.isBlank() ? "" : ":" + expand(port, label));
        if (authority.contains("${")) {
            throw new OwnServiceException(source + ": " + label + ": its server comes from a variable set while it runs; wsbench needs it known");
        }
        if (target == null) {
            target = draft.target(group, authority);
            origin = authority;
        } else if (!draft.sameServer(authority, origin)) {
            draft.skip(label + ": to " + authority + ", another server than its Thread Group's (" + origin + ")");
            return;
        }
        String method = or(prop(e, "HTTPSampler.method"), null, "GET").toUpperCase(Locale.ROOT);
        ArrayNode phase = once ? target.setup : target.steps;
        if (!once) {
            for (long[] t : scope.thinks) {
                target.think(phase, t[0], t[1]);
            }
        }
        ObjectNode s = target.step(phase, scope.prefix + name(e));
        samplers++;
        s.put("method", method);
        List<Element> args = collection(child(e, "HTTPsampler.Arguments"), "Arguments.arguments");
        boolean raw = "true".equals(prop(e, "HTTPSampler.postBodyRaw"));
        StringBuilder query = new StringBuilder();
        ObjectNode form = null;
        if (raw && !args.isEmpty()) {
            s.put("body", expand(String.valueOf(prop(args.get(0), "Argument.value")), label));
        } else {
            boolean inQuery = List.of("GET", "HEAD", "DELETE", "OPTIONS").contains(method);
            for (Element a : args) {
                String n = expand(String.valueOf(prop(a, "Argument.name")), label);
                String v = expand(String.valueOf(prop(a, "Argument.value")), label);
                if (inQuery) {
                    boolean encode = "true".equals(prop(a, "HTTPArgument.always_encode"));
                    query.append(query.length() == 0 && !path.contains("?") ? "?" : "&").append(encode ? encode(n) : n)
                            .append(v.isEmpty() && "false".equals(prop(a, "HTTPArgument.use_equals")) ? "" : "=" + (encode && !v.contains("${") ? encode(v) : v));
                } else {
                    if (form == null) {
                        form = SuiteDraft.NODES.objectNode();
                    }
                    form.put(n, v);
                }
            }
        }
        s.put("path", (path.startsWith("/") ? path : "/" + path) + query);
        if (!scope.headers.isEmpty()) {
            ObjectNode h = s.putObject("headers");
            scope.headers.forEach(h::put);
        }
        if (form != null) {
            if ("true".equals(prop(e, "HTTPSampler.DO_MULTIPART_POST"))) {
                s.set("multipart", form);
            } else {
                s.set("form", form);
            }
        }
        if (scope.defaults.containsKey("basicAuth")) {
            s.put("basicAuth", scope.defaults.get("basicAuth"));
        }
        if ("true".equals(prop(e, "HTTPSampler.follow_redirects")) || "true".equals(prop(e, "HTTPSampler.auto_redirects"))) {
            s.put("follow", true);
        }
        if (scope.data != null && dataGiven.add(scope.data + "@" + group)) {
            s.put("data", scope.data);
            if (scope.dataMode != null) {
                s.put("dataMode", scope.dataMode);
            }
        }
        if (!scope.extract.isEmpty()) {
            ObjectNode x = s.putObject("extract");
            scope.extract.forEach(x::put);
            known.addAll(scope.extract.keySet());
        }
        if (!scope.checks.isEmpty()) {
            ArrayNode c = s.putArray("checks");
            scope.checks.stream().distinct().forEach(c::add);
        }
        for (long d : scope.durations) {
            draft.latency(s.get("name").asText(), "max<=" + d + "ms");
        }
        if (scope.perMinute > 0 && perMinute == 0) {
            perMinute = scope.perMinute;
            throughputMode = scope.throughputMode;
            draft.note("Constant Throughput Timer over " + label + ": " + scope.perMinute + " samples a minute"
                    + (scope.throughputMode == 0 ? " per thread" : "") + " become an open loop of its flow's iterations a second");
        }
    }

    // ---- values

    /**
     * JMeter's {@code ${x}} in {@code text} made the suite's: a User Defined Variable's value put in, an
     * extractor's or a CSV's variable kept, {@code __P}/{@code __property} from the environment (or its
     * default), {@code __Random}, {@code __UUID} and {@code __threadNum} as the flow's built-ins; another
     * function named and left as written, as JMeter leaves a name it does not know.
     */
    private String expand(String text, String where) throws OwnServiceException {
        if (text == null) {
            return "";
        }
        Matcher m = REFERENCE.matcher(text);
        StringBuilder out = new StringBuilder();
        int last = 0;
        while (m.find()) {
            out.append(Texts.literal(text.substring(last, m.start())));
            last = m.end();
            out.append(reference(m.group(1).trim(), where));
        }
        return out.append(Texts.literal(text.substring(last))).toString();
    }

    private String reference(String r, String where) throws OwnServiceException {
        if (r.startsWith("__")) {
            Matcher f = Pattern.compile("__(\\w+)(?:\\((.*)\\))?").matcher(r);
            if (!f.matches()) {
                return Texts.literal("${" + r + "}");
            }
            String[] args = f.group(2) == null ? new String[0] : f.group(2).split("(?<!\\\\),", -1);
            switch (f.group(1)) {
                case "P", "property" -> {
                    String name = args.length > 0 ? args[0].trim() : "";
                    String value = properties.get(name);
                    String fallback = f.group(1).equals("P") ? (args.length > 1 ? args[1] : "1") : (args.length > 2 ? args[2] : "");
                    return value != null ? Texts.literal(value) : expand(fallback, where);
                }
                case "Random" -> {
                    if (args.length >= 2 && args[0].trim().matches("\\d+") && args[1].trim().matches("\\d+")) {
                        return "${random:" + args[0].trim() + "-" + args[1].trim() + "}";
                    }
                }
                case "UUID" -> {
                    return "${uuid}";
                }
                case "threadNum" -> {
                    return "${vu}";
                }
                default -> { }
            }
            draft.skip("function ${" + r + "} in " + where + " (no wsbench equal; sent as written)");
            return Texts.literal("${" + r + "}");
        }
        if (staticVars.containsKey(r)) {
            return staticVars.get(r);
        }
        if (known.contains(r)) {
            return Texts.variable(r);
        }
        draft.note("${" + r + "} in " + where + ": no element of the plan sets it before; sent as written, as JMeter sends it");
        return Texts.literal("${" + r + "}");
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

    private static String doubleProp(Element e, String name) {
        for (Element c : Dom.children(e, "doubleProp")) {
            if (name.equals(Dom.text(c, "name"))) {
                return Dom.text(c, "value");
            }
        }
        return prop(e, name);
    }

    private static Element child(Element e, String name) {
        for (Element c : Dom.elements(e)) {
            if (name.equals(Dom.attr(c, "name"))) {
                return c;
            }
        }
        return null;
    }

    /** The elementProps of the element's collectionProp named {@code name} (found under an elementProp too). */
    private static List<Element> collection(Element e, String name) {
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

    private static String or(String a, String b, String c) {
        return a != null && !a.isBlank() ? a : b != null && !b.isBlank() ? b : c;
    }

    private static long number(String text) {
        try {
            return text == null || text.isBlank() ? 0 : Math.round(Double.parseDouble(text.trim()));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
