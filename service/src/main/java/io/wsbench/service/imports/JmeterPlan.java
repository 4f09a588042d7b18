package io.wsbench.service.imports;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.wsbench.service.imports.JmeterElements.Scope;
import io.wsbench.service.own.OwnServiceException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.wsbench.service.imports.JmeterElements.child;
import static io.wsbench.service.imports.JmeterElements.collection;
import static io.wsbench.service.imports.JmeterElements.prop;
import static io.wsbench.service.imports.Texts.encode;
import static io.wsbench.service.imports.Texts.number;

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

    private final Document doc;
    private final String source;
    private final Path dir;
    private final SuiteDraft draft;
    private final Map<String, String> properties;
    private final Map<String, String> staticVars = new LinkedHashMap<>();

    /** The Thread Group being written. */
    private SuiteDraft.Target target;
    private String origin;
    private String group;
    private final java.util.Set<String> known = new java.util.HashSet<>(io.wsbench.core.load.FlowPlan.BUILT_IN);
    /** The samplers an iteration sends, on average: a choice's branches count by their share (a Constant Throughput Timer's rate). */
    private double samplers;
    private boolean cookies;
    private double perMinute;
    private int throughputMode;
    private final java.util.Set<String> dataGiven = new java.util.HashSet<>();
    /** Reads the elements of each level into its scope. */
    private final JmeterElements elements;

    private JmeterPlan(Document doc, String source, Path dir, Map<String, String> properties, SuiteDraft.Where url) {
        this.doc = doc;
        this.source = source;
        this.dir = dir;
        this.properties = properties;
        Element plan = firstElement(doc.getDocumentElement());
        this.draft = new SuiteDraft("JMeter plan", plan == null ? "plan" : Dom.attr(plan, "testname"), prop(plan, "TestPlan.comments"), url);
        this.elements = new JmeterElements(this, draft, source, dir, known);
    }

    static SuiteDraft.Result convert(Document doc, String source, Path dir, Map<String, String> properties, SuiteDraft.Where url)
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
        elements.level(planTree, scope, true);
        for (Pair p : pairs(planTree)) {
            String kind = Dom.local(p.element);
            if (disabled(p.element)) {
                continue;
            }
            if (kind.equals("ThreadGroup")) {
                threadGroup(p.element, p.tree, scope, null);
            } else if (JmeterSchedules.known(kind)) {
                String label = kind.substring(kind.lastIndexOf('.') + 1) + " '" + name(p.element) + "'";
                try {
                    threadGroup(p.element, p.tree, scope, JmeterSchedules.stages(p.element, kind, text -> expand(text, label)));
                } catch (JmeterSchedules.Unreadable why) {
                    draft.skip(label + ": " + why.getMessage() + " (wsbench writes a plugin's schedule as stages, docs/capacity.md)");
                }
            } else if (kind.endsWith("ThreadGroup")) {
                draft.skip(kind + " '" + name(p.element) + "' (wsbench runs each Thread Group as a target; "
                        + (kind.startsWith("Setup") || kind.startsWith("Post") ? "set-up and tear-down groups run once, not per user)" : "this kind's schedule is a plugin's)"));
            } else if (kind.equals("TestFragmentController") && pairs(planTree).stream().noneMatch(g -> Dom.local(g.element).endsWith("ThreadGroup"))) {
                // a plan of fragments alone is what another plan's Include Controller runs: nothing to load on its own
                draft.skip("Test Fragment '" + name(p.element) + "': run by another plan's Include or Module Controller (import that plan)");
            }
        }
        return draft.result(source); // none of its Thread Groups with an HTTP Request: nothing to load, and what was skipped
    }

    record Pair(Element element, Element tree) {
    }

    /** The elements of a hashTree, each with the hashTree of its children after it. */
    static List<Pair> pairs(Element tree) {
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

    static boolean disabled(Element e) {
        return "false".equals(Dom.attr(e, "enabled"));
    }

    static String name(Element e) {
        String n = Dom.attr(e, "testname");
        return n == null || n.isBlank() ? Dom.local(e) : n;
    }

    void arguments(Element arguments) {
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

    /** A Thread Group as a target and its load; {@code stages}: a plugin's group's schedule (null for JMeter's own). */
    private void threadGroup(Element tg, Element tree, Scope planScope, String stages) throws OwnServiceException {
        group = name(tg);
        String label = "Thread Group '" + group + "'";
        target = null;
        dataGiven.clear(); // each group's flow is given its data, whatever the group's name (two are often named alike)
        origin = null;
        samplers = 0;
        Scope scope = planScope.inner();
        elements.declareCsvNames(tree);
        elements.level(tree, scope, false);
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
        boolean onceOnly = !target.sends() && !target.setup.isEmpty();
        if (onceOnly) {
            // every sampler is in a Once Only Controller: what each thread sends, once, is the flow's one iteration (JMeter's
            // later loops send nothing); as a setup it would leave the flow with no step to measure
            target.steps.addAll(target.setup);
            target.setup.removeAll();
            draft.note(label + ": all its samplers are in Once Only Controllers: they are the flow's steps, one iteration a"
                    + " user (JMeter sends them in a thread's first loop, and nothing in the others)");
        }
        ObjectNode load = SuiteDraft.NODES.objectNode();
        if (stages != null) {
            if (JmeterSchedules.arrivals(Dom.local(tg))) {
                // arrivals start iterations whatever the ones before are doing: an open loop, on as many users as it may run
                long limit = number(expand(String.valueOf(prop(tg, "ConcurrencyLimit")), label));
                load.put("users", limit > 0 ? limit : 100);
                draft.note(label + ": its arrivals are the load's stages of iterations a second, an open loop on " + (limit > 0
                        ? limit + " users (its concurrency limit)" : "100 users (it sets no concurrency limit)") + ": " + stages);
            } else {
                draft.note(label + ": its plugin's schedule is the load's stages, users ramped as it ramps threads: " + stages);
            }
            load.put("stages", stages);
            onError(tg);
            draft.load(load);
            return;
        }
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
        if (onceOnly) {
            load.put("iterationsPerUser", 1);
        } else if (scheduled && duration > 0) {
            load.put("duration", duration + "s");
        } else if (loops > 0) {
            load.put("iterationsPerUser", loops);
        } else {
            load.put("duration", "60s");
            draft.note(label + ": it loops forever; the suite runs it for 60 s");
        }
        onError(tg);
        draft.load(load);
    }

    /** What the group does after a failed sampler, as the flow's onError. */
    private void onError(Element tg) {
        String onError = String.valueOf(prop(tg, "ThreadGroup.on_sample_error"));
        if (onError.equals("stopthread") || onError.equals("stoptest") || onError.equals("stoptestnow")) {
            target.flowOptions.put("onError", "stop");
        } else if (!onError.equals("startnextloop")) {
            target.flowOptions.put("onError", "continue"); // JMeter's "Continue", its default: the next sampler
        }
    }

    /** The samplers and controllers of a level, in order; {@code once}: a Once Only Controller's, which go to the setup. */
    private void walk(Element tree, Scope scope, boolean once) throws OwnServiceException {
        for (Pair p : pairs(tree)) {
            if (!disabled(p.element)) {
                element(p, scope, once);
            }
        }
    }

    /** One sampler or controller of a level (with what is under it), in the flow's order. */
    private void element(Pair p, Scope scope, boolean once) throws OwnServiceException {
        Element e = p.element;
        String kind = Dom.local(e);
        String label = kind + " '" + name(e) + "'";
        switch (kind) {
            case "HTTPSamplerProxy", "HTTPSampler" -> sampler(e, p.tree, scope, once);
            case "TransactionController" -> {
                Scope inner = scope.inner();
                inner.prefix = scope.prefix + name(e) + " / ";
                elements.level(p.tree, inner, false);
                walk(p.tree, inner, once);
            }
            case "TestAction" -> {
                // a Flow Control Action that pauses: its own duration, or the timers under it
                Scope inner = new Scope();
                elements.level(p.tree, inner, false);
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
            case "GenericController", "RecordingController", "CriticalSectionController", "RandomOrderController" -> {
                if (kind.equals("RandomOrderController") && children(p.tree).size() > 1) {
                    // the same requests an iteration, in one order: what a load measures is the same
                    draft.note(label + ": its samplers are steps in the plan's order; JMeter shuffles them each iteration");
                }
                if (kind.equals("CriticalSectionController")) {
                    draft.note(label + ": its samplers are steps in order, without its lock (\"" + prop(e, "CriticalSectionController.lockName")
                            + "\"): wsbench's users may run them at the same time, which JMeter's would not");
                }
                Scope inner = scope.inner();
                elements.level(p.tree, inner, false);
                walk(p.tree, inner, once);
            }
            case "ModuleController" -> {
                // the controller it names is run here, as if written here: JMeter runs a copy of it in this place
                Pair module = module(e, label);
                if (module != null && !holds(module.tree, e) && modules.add(module.element)) {
                    Scope inner = scope.inner();
                    elements.level(module.tree, inner, false);
                    walk(module.tree, inner, once);
                    modules.remove(module.element);
                } else if (module != null) {
                    draft.skip(label + ": it runs " + name(module.element) + ", which holds it (JMeter would not end)");
                }
            }
            case "OnceOnlyController" -> {
                Scope inner = scope.inner();
                elements.level(p.tree, inner, false);
                walk(p.tree, inner, true);
            }
            case "LoopController" -> {
                long loops = number(expand(String.valueOf(prop(e, "LoopController.loops")), label));
                Scope inner = scope.inner();
                elements.level(p.tree, inner, false);
                if (loops < 1 || loops > 20) {
                    draft.skip(label + ": loops " + loops + " (wsbench unrolls a loop of 1 to 20; its samplers are run once)");
                    loops = 1;
                }
                for (long i = 0; i < loops; i++) {
                    walk(p.tree, inner, once);
                }
            }
            case "IncludeController" -> {
                String file = Objects.requireNonNullElse(prop(e, "IncludeController.includepath"), "").trim();
                Element tree = file.isEmpty() ? p.tree : included(file, label); // no file: its own children, as JMeter runs them
                if (tree != null) {
                    Scope inner = scope.inner();
                    elements.level(tree, inner, false);
                    walk(tree, inner, once);
                    including.remove(tree.getOwnerDocument().getDocumentURI());
                }
            }
            case "IfController" -> {
                String condition = Objects.requireNonNullElse(prop(e, "IfController.condition"), "").trim();
                Boolean holds = condition.equals("${JMeterThread.last_sample_ok}") ? Boolean.TRUE : holds(condition);
                if (holds == null) {
                    draft.skip(label + " and the samplers in it: its condition " + condition + " is known only as JMeter runs");
                } else if (holds) {
                    if (condition.startsWith("${JMeterThread")) {
                        // after a passed sample, as every sample passes when the service is right; after a failed one the
                        // flow's onError decides, as it does for every step
                        draft.note(label + ": its samplers are steps; JMeter runs them only after a passed sample, wsbench after a"
                                + " failed one as the flow's onError says");
                    }
                    Scope inner = scope.inner();
                    elements.level(p.tree, inner, false);
                    walk(p.tree, inner, once);
                } else {
                    draft.ignore(label + ": its condition " + condition + " is false with the plan's values, so its samplers never run");
                }
            }
            case "RandomController", "InterleaveControl" -> {
                // one child an iteration, drawn: JMeter's Interleave Controller takes them in turn, which over many
                // iterations runs each as often
                List<Pair> children = children(p.tree);
                if (kind.equals("InterleaveControl") && children.size() > 1) {
                    draft.note(label + ": JMeter runs one of its children an iteration, in turn; here one drawn at random, each"
                            + " as often over many iterations");
                }
                if ("0".equals(prop(e, "InterleaveControl.style")) && children.stream().anyMatch(c -> Dom.local(c.element).endsWith("Controller"))) {
                    // 'ignore sub-controller blocks': JMeter takes one request of a sub-controller a turn
                    draft.note(label + ": a controller under it runs whole when drawn; JMeter, told to ignore sub-controller"
                            + " blocks, sends one of its requests a turn");
                }
                choose(p, scope, once, label, children.stream().map(List::of).toList(), children.stream().map(c -> 1.0).toList());
            }
            case "ThroughputController" -> {
                String style = String.valueOf(prop(e, "ThroughputController.style"));
                double percent = Texts.decimal(expand(String.valueOf(floatProp(e, "ThroughputController.percentThroughput")), label), 100);
                List<Pair> children = children(p.tree);
                if (!style.equals("1")) {
                    draft.skip(label + " and the samplers in it: it runs them a number of times in all (wsbench draws each"
                            + " iteration's path by weight: a percentage, its other style)");
                } else if (percent >= 100) {
                    choose(p, scope, once, label, List.of(children), List.of(1.0));
                } else if (percent > 0) {
                    choose(p, scope, once, label, List.of(children, List.of()), List.of(percent, 100 - percent));
                }
            }
            case "SwitchController" -> {
                List<Pair> children = children(p.tree);
                List<Double> weights = switched(String.valueOf(Objects.requireNonNullElse(prop(e, "SwitchController.value"), "")), label,
                        children);
                if (weights == null) {
                    draft.skip(label + " and the samplers in it: its value " + prop(e, "SwitchController.value") + " is known only"
                            + " as JMeter runs (wsbench reads a number, a child's name or ${__Random(a,b)})");
                } else {
                    choose(p, scope, once, label, children.stream().map(List::of).toList(), weights);
                }
            }
            default -> {
                if (kind.endsWith("Controller") || kind.equals("ForeachController") || kind.equals("InterleaveControl")) {
                    draft.skip(label + " and the samplers in it (wsbench flows run their steps in order; no "
                            + kind.replace("Controller", "").toLowerCase(Locale.ROOT) + " logic)");
                } else if (kind.endsWith("Sampler") || kind.endsWith("SamplerProxy")) {
                    draft.skip(label + " (wsbench sends HTTP requests)");
                } else if (!kind.endsWith("ThreadGroup") && !elements.isLevelElement(e)) {
                    draft.skip(label + " (no wsbench equal)");
                }
            }
        }
    }

    /** A variable alone: {@code ${X}}. */
    private static final Pattern VARIABLE = Pattern.compile("\\$\\{(\\w[\\w.]*)}");
    /** A Switch Controller's {@code ${__Random(a,b)}} (or with the variable it sets). */
    private static final Pattern SWITCH_RANDOM = Pattern.compile("\\$\\{__Random\\(\\s*(\\d{1,6})\\s*,\\s*(\\d{1,6})\\s*(?:,[^)]*)?\\)}");

    /** {@code "${X}" == "v"} (or {@code !=}, {@code ===}), optionally in {@code ${__jexl3(…)}} or {@code ${__javaScript(…)}}. */
    private static final Pattern COMPARED = Pattern.compile("(?:\\$\\{__(?:jexl3|jexl2|javaScript|groovy)\\()?\\s*(['\"]?)\\$\\{(\\w[\\w.]*)}\\1"
            + "\\s*(==|!=|===|!==)\\s*(?:(['\"])(.*?)\\4|(-?\\d+(?:\\.\\d+)?))\\s*(?:\\)})?");

    /**
     * An If Controller's condition as the plan's own values decide it (its User Defined Variables, --environment's
     * properties): {@code ${X}} is true when X is "true", a comparison of X with a constant; null when it reads a value
     * known only as JMeter runs (an extraction, a row, a script's).
     */
    private Boolean holds(String condition) {
        Matcher alone = VARIABLE.matcher(condition);
        if (alone.matches()) {
            String v = staticVars.get(alone.group(1));
            return v == null || v.contains("${") ? null : v.trim().equalsIgnoreCase("true");
        }
        Matcher m = COMPARED.matcher(condition);
        if (!m.matches()) {
            return null;
        }
        String v = staticVars.get(m.group(2));
        if (v == null || v.contains("${")) {
            return null;
        }
        String constant = m.group(5) != null ? m.group(5) : m.group(6);
        boolean equal = m.group(6) != null && v.trim().matches("-?\\d+(\\.\\d+)?")
                ? Double.parseDouble(v.trim()) == Double.parseDouble(constant) : v.equals(Texts.literal(constant));
        return m.group(3).startsWith("!") != equal;
    }

    /** The samplers and controllers of a level, enabled, in order: what JMeter's Random, Switch and Interleave Controllers choose among. */
    private static List<Pair> children(Element tree) {
        return tree == null ? List.of() : pairs(tree).stream().filter(c -> !disabled(c.element)).filter(c -> {
            String k = Dom.local(c.element);
            return k.endsWith("Sampler") || k.endsWith("SamplerProxy") || k.endsWith("Controller") || k.endsWith("Control")
                    || k.equals("TestAction");
        }).toList();
    }

    /**
     * The children under a controller that runs one path of them each iteration, drawn by weight: a {@code oneOf} step whose
     * branch i is {@code branches[i]} (a branch of none sends nothing), a branch weighing 0 left out, one branch alone
     * written as its steps.
     */
    private void choose(Pair p, Scope scope, boolean once, String label, List<List<Pair>> branches, List<Double> weights)
            throws OwnServiceException {
        List<List<Pair>> kept = new ArrayList<>();
        List<Double> keptWeights = new ArrayList<>();
        for (int i = 0; i < branches.size(); i++) {
            if (weights.get(i) > 0) {
                kept.add(branches.get(i));
                keptWeights.add(weights.get(i));
            }
        }
        Scope inner = scope.inner();
        elements.level(p.tree, inner, false);
        if (kept.size() > 1 && once) {
            draft.skip(label + " and the samplers in it: in a Once Only Controller (wsbench draws a path in each iteration, not in a"
                    + " user's setup)");
            return;
        }
        List<Integer> starts = new ArrayList<>();
        double before = samplers;
        double drawn = 0;
        double total = keptWeights.stream().mapToDouble(Double::doubleValue).sum();
        for (int i = 0; i < kept.size(); i++) {
            starts.add(target == null ? 0 : target.steps.size());
            double from = samplers;
            for (Pair c : kept.get(i)) {
                element(c, inner, once);
            }
            drawn += (samplers - from) * keptWeights.get(i) / total;
        }
        samplers = before + drawn;
        if (kept.size() > 1 && target != null) {
            target.oneOf(target.steps, name(p.element), starts, keptWeights);
        }
    }

    /**
     * A Switch Controller's children's weights, as JMeter reads its value: empty or a number out of range the first child, a
     * number that child, a name the child of that name (else one named "default"), {@code ${__Random(a,b)}} each number from
     * a to b alike; null for a value known only as JMeter runs (a variable).
     */
    private List<Double> switched(String value, String label, List<Pair> children) throws OwnServiceException {
        Double[] weights = new Double[children.size()];
        java.util.Arrays.fill(weights, 0.0);
        if (children.isEmpty()) {
            return List.of();
        }
        Matcher random = SWITCH_RANDOM.matcher(value.trim());
        if (random.matches()) {
            for (int v = Integer.parseInt(random.group(1)); v <= Integer.parseInt(random.group(2)); v++) {
                weights[v < children.size() ? v : 0] += 1;
            }
            return List.of(weights);
        }
        String v = expand(value, label).trim();
        if (v.contains("${")) {
            return null;
        }
        int index = -1;
        if (v.isEmpty()) {
            index = 0;
        } else if (v.matches("\\d{1,9}")) {
            index = Integer.parseInt(v) < children.size() ? Integer.parseInt(v) : 0;
        } else {
            for (int i = 0; i < children.size() && index < 0; i++) {
                index = name(children.get(i).element).equals(v) ? i : -1;
            }
            for (int i = 0; i < children.size() && index < 0; i++) {
                index = name(children.get(i).element).equals("default") ? i : -1;
            }
        }
        if (index >= 0) {
            weights[index] = 1.0;
        }
        return List.of(weights);
    }

    /** A JMeter {@code FloatProperty} (or {@code doubleProp}) by its name, or a {@code *Prop} of that name; null when none. */
    private static String floatProp(Element e, String name) {
        for (Element c : Dom.elements(e)) {
            if ((Dom.local(c).equals("FloatProperty") || Dom.local(c).equals("doubleProp")) && name.equals(Dom.text(c, "name"))) {
                return Dom.text(c, "value");
            }
        }
        return prop(e, name);
    }

    /** The files Include Controllers are reading, innermost last: one that includes itself is refused. */
    private final java.util.Set<String> including = new java.util.HashSet<>();

    /**
     * What an Include Controller runs: the first Test Fragment of the plan it names ({@code IncludeController.includepath},
     * beside this plan, or by its name alone there), else everything under that plan's Test Plan; null, said, when its file
     * is not there or includes itself.
     */
    private Element included(String written, String label) throws OwnServiceException {
        String path = expand(written, label).trim();
        Path file = Imports.beside(dir, path);
        if (file == null) {
            draft.skip(label + " and the samplers of " + path + ": that file is not beside the plan (copy it there and import again)");
            return null;
        }
        if (!including.add(file.toUri().toString())) {
            draft.skip(label + ": " + path + " includes itself (JMeter would not end)");
            return null;
        }
        byte[] bytes;
        try {
            bytes = java.nio.file.Files.readAllBytes(file);
        } catch (java.io.IOException unread) {
            including.remove(file.toUri().toString());
            draft.skip(label + ": " + path + " cannot be read: " + unread.getMessage());
            return null;
        }
        Document d = Dom.parse(bytes, file.toString());
        d.setDocumentURI(file.toUri().toString());
        List<Element> top = Dom.elements(Dom.child(d.getDocumentElement(), "hashTree"));
        Element planTree = top.size() > 1 ? top.get(1) : null;
        for (Pair f : planTree == null ? List.<Pair>of() : pairs(planTree)) {
            if (Dom.local(f.element).equals("TestFragmentController")) {
                return f.tree;
            }
        }
        return planTree;
    }

    /** The controllers a Module Controller is running, innermost last: one that runs itself is refused. */
    private final java.util.Set<Element> modules = new java.util.HashSet<>();

    /**
     * The controller a Module Controller names by its path of names from the plan's root ({@code ModuleController.node_path}:
     * the tree's root, the Test Plan, then each controller down to it); null, said, when none has that path.
     */
    private Pair module(Element e, String label) {
        Element path = child(e, "ModuleController.node_path");
        List<String> names = path == null ? List.of() : Dom.elements(path).stream().map(Element::getTextContent).toList();
        Element top = Dom.child(doc.getDocumentElement(), "hashTree");
        // JMeter writes the tree's root first (named as the Test Plan); a hand-written path may start at the Test Plan
        for (int from = 1; from >= 0 && from < names.size(); from--) {
            Pair found = found(top, names.subList(from, names.size()));
            if (found != null) {
                return found;
            }
        }
        draft.skip(label + (names.isEmpty() ? ": it names no controller to run" : ": the controller it runs (" + String.join(" > ", names)
                + ") is not in the plan"));
        return null;
    }

    /** Whether {@code e} is within {@code tree}. */
    private static boolean holds(Element tree, Element e) {
        for (org.w3c.dom.Node n = e; n != null; n = n.getParentNode()) {
            if (n == tree) {
                return true;
            }
        }
        return false;
    }

    private static Pair found(Element tree, List<String> names) {
        if (tree == null || names.isEmpty()) {
            return null;
        }
        for (Pair p : pairs(tree)) {
            if (name(p.element).equals(names.get(0))) {
                Pair inner = names.size() == 1 ? p : found(p.tree, names.subList(1, names.size()));
                if (inner != null) {
                    return inner;
                }
            }
        }
        return null;
    }

    private void sampler(Element e, Element tree, Scope outer, boolean once) throws OwnServiceException {
        String label = "HTTP Request '" + name(e) + "'";
        Scope scope = outer.inner();
        elements.level(tree, scope, false);
        String path = expand(or(prop(e, "HTTPSampler.path"), scope.defaults.get("path"), "/"), label);
        String authority;
        if (path.matches("(?i)https?://.*")) { // a whole address in the path: its own server
            authority = Texts.origin(path);
            authority = authority.substring(0, authority.indexOf("://")).toLowerCase(Locale.ROOT) + authority.substring(authority.indexOf("://"));
            path = Texts.pathOf(path).isEmpty() ? "/" : Texts.pathOf(path);
        } else {
            String domain = or(prop(e, "HTTPSampler.domain"), scope.defaults.get("domain"), null);
            if ((domain == null || domain.isBlank()) && !draft.redirected()) {
                // JMeter's own templates leave it empty for the user to fill: --url does (its origin replaces the plan's)
                draft.skip(label + ": no server name, here or in HTTP Request Defaults (give the server's address with --url)");
                return;
            }
            String port = or(prop(e, "HTTPSampler.port"), scope.defaults.get("port"), null);
            String host = domain == null ? "" : expand(domain, label).trim();
            String number = port == null ? "" : expand(port, label).trim();
            if (host.isEmpty() && !draft.redirected()) {
                draft.skip(label + ": its server name " + domain.trim() + " is empty once the plan's properties are put in: give"
                        + " them with --environment FILE (a .properties file), or the server's address with --url");
                return;
            }
            authority = expand(or(prop(e, "HTTPSampler.protocol"), scope.defaults.get("protocol"), "http"), label).toLowerCase(Locale.ROOT)
                    + "://" + (host.isEmpty() ? "localhost" : host) + (number.isEmpty() ? "" : ":" + number);
        }
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
        if (scope.data != null && dataGiven.add(scope.data)) {
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
    String expand(String text, String where) throws OwnServiceException {
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
                case "time" -> {
                    // JMeter's clock: milliseconds, /1000 seconds, or a date pattern; one value an iteration here
                    String format = args.length > 0 ? args[0].trim() : "";
                    String made = format.isEmpty() ? "time" : format.equals("/1000") ? "time:unix" : "time:" + format;
                    if (generated(made)) {
                        return remembered(args, 1, "${" + made + "}");
                    }
                }
                case "RandomString" -> {
                    String chars = args.length > 1 ? args[1].replace("\\,", ",") : "";
                    String made = "text:" + (args.length > 0 ? args[0].trim() : "") + (chars.isEmpty() ? "" : ":" + chars);
                    if (!chars.contains("}") && generated(made)) {
                        return remembered(args, 2, "${" + made + "}");
                    }
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

    /** Whether {@code variable} is a value wsbench makes afresh each iteration ({@link io.wsbench.core.load.Generated}), written right. */
    private static boolean generated(String variable) {
        try {
            return io.wsbench.core.load.Generated.of(variable) != null;
        } catch (IllegalArgumentException wrong) {
            return false;
        }
    }

    /** {@code value}, also kept under the variable a function's argument {@code at} names (JMeter's last argument), for later reads. */
    private String remembered(String[] args, int at, String value) {
        if (args.length > at && !args[at].isBlank()) {
            staticVars.put(args[at].trim(), value);
        }
        return value;
    }

    private static String or(String a, String b, String c) {
        return a != null && !a.isBlank() ? a : b != null && !b.isBlank() ? b : c;
    }
}
