package io.wsbench.service.imports;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.wsbench.service.own.OwnServiceException;

import java.net.URI;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The suite an imported file becomes, as it is written: its targets (each a flow at one origin), its
 * loads, its {@code assert:} thresholds, the files written beside it (a WSDL from a project's cache, a
 * CSV of data rows), and, for the user, every element not converted ({@link #skip}: a script, an
 * assertion of no equal meaning), every one converted only in part ({@link #note}) and every one that
 * has no bearing on a load (a listener: {@link #ignore}). The YAML is a pure function of what was added,
 * in order, so importing one file twice writes the same suite.
 */
public final class SuiteDraft {

    /** What an import made: the suite's text, the files beside it (by name), and what it said of the file. */
    public record Result(String format, String yaml, Map<String, byte[]> files, List<String> skipped, List<String> notes,
                         List<String> ignored, int targets, int steps) {
    }

    private static final ObjectMapper YAML = new ObjectMapper(YAMLFactory.builder()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
            .enable(YAMLGenerator.Feature.LITERAL_BLOCK_STYLE)
            .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
            .disable(YAMLGenerator.Feature.SPLIT_LINES)
            .build());
    static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final String format;
    private final String name;
    private final String description;
    private final List<Target> targets = new ArrayList<>();
    private final Set<String> labels = new HashSet<>();
    /** The loads by their text, in the order first met. */
    private final Map<String, ObjectNode> loads = new java.util.LinkedHashMap<>();
    private final LinkedHashSet<String> asserts = new LinkedHashSet<>();
    private final Map<String, byte[]> files = new TreeMap<>();
    private final List<String> skipped = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private final List<String> ignored = new ArrayList<>();
    /** Where every target is sent instead of its own origin ({@code --url}); null: each its own. */
    private final URI origin;
    /** The folder the suite's files go in, relative to the suite, ending in '/'; empty: beside it. */
    private final String folder;

    /**
     * Where an import writes: {@code origin}, the origin every target is sent to instead of its own ({@code --url}; null:
     * each its own); {@code folder}, the folder its files go in, relative to the suite (empty: beside it).
     */
    record Where(URI origin, String folder) {
    }

    SuiteDraft(String format, String name, String description, Where where) {
        this.format = format;
        this.name = suiteName(name);
        this.description = description;
        this.origin = where.origin();
        this.folder = where.folder().isEmpty() || where.folder().endsWith("/") ? where.folder() : where.folder() + "/";
    }

    /** A name the suite file accepts: letters, digits, '.', '_' and '-'. */
    static String suiteName(String written) {
        String n = written == null ? "" : written.trim().replaceAll("[^A-Za-z0-9._-]+", "-").replaceAll("^-+|-+$", "");
        return n.isEmpty() ? "imported" : n;
    }

    /**
     * A new target at {@code url}'s origin (or {@code --url}'s), its flow's steps in {@code steps},
     * {@code setup} and {@code teardown} (either may stay empty); its label made unique.
     */
    Target target(String label, String url) throws OwnServiceException {
        String l = label;
        for (int n = 2; !labels.add(l); n++) {
            l = label + " #" + n;
        }
        ObjectNode t = NODES.objectNode();
        t.put("label", l);
        t.put("url", origin(url));
        Target target = new Target(t);
        targets.add(target);
        return target;
    }

    /** The origin (scheme, host and port) the target's requests go to: {@code url}'s, or the one {@code --url} gives. */
    String origin(String url) throws OwnServiceException {
        if (origin != null) {
            return origin.getScheme() + "://" + origin.getRawAuthority(); // --url's, whatever the file's address is
        }
        if (!Texts.knownServer(url.trim())) {
            throw new OwnServiceException("'" + io.wsbench.model.Redacted.url(url) + "' is not an address wsbench can load: an http:// or https:// address"
                    + " whose host is known before the run (give the service's with --url http://HOST:PORT)");
        }
        String own = Texts.origin(url.trim());
        int colon = own.indexOf("://");
        return own.substring(0, colon).toLowerCase(Locale.ROOT) + own.substring(colon);
    }

    /** Whether every target goes to the origin {@code --url} gives. */
    boolean redirected() {
        return origin != null;
    }

    /** Whether two origins as a file writes them are one server for a flow: the same, or any two when --url sends every request to one. */
    boolean sameServer(String a, String b) {
        return origin != null || a.equalsIgnoreCase(b);
    }

    static URI uri(String url) throws OwnServiceException {
        try {
            URI u = URI.create(url.trim());
            if (u.getScheme() == null || u.getRawAuthority() == null
                    || !List.of("http", "https").contains(u.getScheme().toLowerCase(Locale.ROOT))) {
                throw new IllegalArgumentException("not an http:// or https:// address");
            }
            return u;
        } catch (IllegalArgumentException e) {
            throw new OwnServiceException("'" + io.wsbench.model.Redacted.url(url) + "' is not an address wsbench can load: "
                    + io.wsbench.model.Redacted.url(e.getMessage()));
        }
    }

    /** A target's flow as it is being written. */
    static final class Target {
        final ObjectNode node;
        final ArrayNode setup = NODES.arrayNode();
        final ArrayNode steps = NODES.arrayNode();
        final ArrayNode teardown = NODES.arrayNode();
        /** The flow's own keys beside its steps ({@code cookies}, {@code onError}). */
        final ObjectNode flowOptions = NODES.objectNode();
        private final Set<String> stepNames = new HashSet<>();

        Target(ObjectNode node) {
            this.node = node;
        }

        /** A new request step named {@code name} (made unique within the flow, as the flow would). */
        ObjectNode step(ArrayNode phase, String name) {
            String base = name == null || name.isBlank() ? "step " + (steps.size() + setup.size() + teardown.size() + 1) : name.trim();
            String n = base;
            for (int i = 2; !stepNames.add(n); i++) {
                n = base + " #" + i;
            }
            ObjectNode s = phase.addObject();
            s.put("name", n);
            return s;
        }

        /**
         * {@code ${variable}} taken out of every text of the flow's steps (their paths, headers, bodies, checks): a value
         * the file reads from a step that is not converted, which SoapUI would expand to nothing.
         */
        void unset(String variable) {
            for (ArrayNode phase : List.of(setup, steps, teardown)) {
                blank(phase, "${" + variable + "}");
            }
        }

        private static void blank(JsonNode node, String placeholder) {
            if (node instanceof ObjectNode o) {
                List<String> names = new ArrayList<>();
                o.fieldNames().forEachRemaining(names::add);
                for (String n : names) {
                    JsonNode v = o.get(n);
                    if (v.isTextual()) {
                        o.put(n, v.asText().replace(placeholder, ""));
                    } else {
                        blank(v, placeholder);
                    }
                }
            } else if (node instanceof ArrayNode a) {
                for (int i = 0; i < a.size(); i++) {
                    if (a.get(i).isTextual()) {
                        a.set(i, NODES.textNode(a.get(i).asText().replace(placeholder, "")));
                    } else {
                        blank(a.get(i), placeholder);
                    }
                }
            }
        }

        /** A pause: {@code {constant: 100ms}} or {@code {uniform: 100ms-300ms}}. */
        void think(ArrayNode phase, long fromMillis, long toMillis) {
            if (toMillis <= 0) {
                return;
            }
            ObjectNode think = phase.addObject().putObject("think");
            if (fromMillis == toMillis) {
                think.put("constant", toMillis + "ms");
            } else {
                think.put("uniform", fromMillis + "ms-" + toMillis + "ms");
            }
        }

        /**
         * The steps added to {@code phase} from {@code starts[0]} on made the branches of a {@code oneOf} step named
         * {@code name}, put in their place: branch i is those from {@code starts[i]} up to the next start (or the end),
         * drawn by {@code weights[i]}. Nothing is made when no branch holds a step.
         */
        void oneOf(ArrayNode phase, String name, List<Integer> starts, List<Double> weights) {
            int from = starts.get(0);
            if (phase.size() == from) {
                return;
            }
            ObjectNode choice = NODES.objectNode();
            choice.put("name", name);
            ArrayNode branches = choice.putArray("oneOf");
            for (int i = 0; i < starts.size(); i++) {
                ObjectNode b = branches.addObject();
                double w = weights.get(i);
                if (w == Math.rint(w) && Math.abs(w) < 1e15) {
                    b.put("weight", (long) w);
                } else {
                    b.put("weight", w);
                }
                ArrayNode steps = b.putArray("steps");
                int end = i + 1 < starts.size() ? starts.get(i + 1) : phase.size();
                for (int j = starts.get(i); j < end; j++) {
                    steps.add(phase.get(j));
                }
            }
            while (phase.size() > from) {
                phase.remove(phase.size() - 1);
            }
            phase.add(choice);
        }

        /** The steps of {@code phase}, a {@code oneOf}'s branches' among them. */
        static List<JsonNode> all(ArrayNode phase) {
            List<JsonNode> out = new ArrayList<>();
            for (JsonNode s : phase) {
                if (s.has("oneOf")) {
                    s.get("oneOf").forEach(b -> b.path("steps").forEach(out::add));
                } else {
                    out.add(s);
                }
            }
            return out;
        }

        boolean sends() {
            for (JsonNode s : all(steps)) {
                if (!s.has("think")) {
                    return true;
                }
            }
            return false;
        }
    }

    /** A load point, as a suite writes it; one met before is not written twice. */
    void load(ObjectNode load) {
        loads.putIfAbsent(load.toString(), load);
    }

    /** A bound on every answer's latency of one step ({@code max<=200ms}): a threshold the run checks. */
    void latency(String step, String bound) {
        asserts.add("step:" + (step.matches("\\S+") ? step : "\"" + step.replace("\"", "'") + "\"") + " " + bound);
    }

    /** A file written in the suite's folder (beside it if none), under {@code fileName}; the name returned, relative to the suite, is the one it was given. */
    String file(String fileName, byte[] content) {
        String n = folder + fileName;
        for (int i = 2; files.containsKey(n) && !java.util.Arrays.equals(files.get(n), content); i++) {
            int dot = fileName.lastIndexOf('.');
            n = folder + (dot > 0 ? fileName.substring(0, dot) + "-" + i + fileName.substring(dot) : fileName + "-" + i);
        }
        files.put(n, content);
        return n;
    }

    /** An element not converted: one line, {@code what} and why; said once however often the file's walk meets it. */
    void skip(String line) {
        if (!skipped.contains(line)) {
            skipped.add(line);
        }
    }

    /** An element converted only in part, or in a form the user should know of; said once. */
    void note(String line) {
        if (!notes.contains(line)) {
            notes.add(line);
        }
    }

    /** An element that has no bearing on what is loaded or checked (a results listener); said once. */
    void ignore(String line) {
        if (!ignored.contains(line)) {
            ignored.add(line);
        }
    }

    /**
     * The checks and extractions of the flow's steps that wsbench reads, each other one taken out with a line saying why:
     * the file's expressions are copied as written, and one its tool reads but wsbench does not (SoapUI's XPath 2.0
     * {@code exists()}, a JSONPath filter of another dialect) made the whole suite fail to load.
     */
    private void readable(Target flow, String label) {
        for (ArrayNode phase : List.of(flow.setup, flow.steps, flow.teardown)) {
            for (JsonNode step : Target.all(phase)) {
                String where = "step '" + step.path("name").asText() + "' of '" + label + "'";
                if (step.get("checks") instanceof ArrayNode checks) {
                    for (int i = checks.size() - 1; i >= 0; i--) {
                        String c = checks.get(i).asText();
                        try {
                            if (!c.trim().equals("schema")) {
                                io.wsbench.service.own.AnswerCheck.parse(c, Map.of(), null);
                            }
                        } catch (OwnServiceException unread) {
                            checks.remove(i);
                            skip("the " + unread.getMessage() + " (on " + where + ")");
                        }
                    }
                }
                if (step.get("extract") instanceof ObjectNode extract) {
                    List<String> names = new ArrayList<>();
                    extract.fieldNames().forEachRemaining(names::add);
                    for (String n : names) {
                        try {
                            io.wsbench.service.own.Extraction.parse(extract.get(n).asText(), Map.of());
                        } catch (OwnServiceException unread) {
                            extract.remove(n);
                            flow.unset(n);
                            skip("extract " + n + " on " + where + ": " + unread.getMessage() + "; where the flow reads ${" + n
                                    + "}, it reads nothing");
                        }
                    }
                }
            }
        }
    }

    /** A file none of whose requests wsbench can send: {@code skipped}, every element left out, each in a line. */
    public static final class NothingToLoad extends OwnServiceException {
        private final List<String> skipped;

        NothingToLoad(String message, List<String> skipped) {
            super(message);
            this.skipped = skipped;
        }

        public List<String> skipped() {
            return skipped;
        }
    }

    /** The iterations a user sends under {@code run --quick}. */
    public static final int QUICK_ITERATIONS = 5;

    Result result(String source) throws OwnServiceException {
        List<ObjectNode> kept = new ArrayList<>();
        int steps = 0;
        for (Target flow : targets) {
            ObjectNode t = flow.node;
            if (!flow.sends()) {
                skip("test '" + t.get("label").asText() + "': no request that wsbench can send, so no target");
                continue;
            }
            readable(flow, t.get("label").asText());
            ObjectNode f = t.putObject("flow");
            if (!flow.setup.isEmpty()) {
                f.set("setup", flow.setup);
            }
            f.set("steps", flow.steps);
            if (!flow.teardown.isEmpty()) {
                f.set("teardown", flow.teardown);
            }
            f.setAll(flow.flowOptions);
            steps += flow.setup.size() + Target.all(flow.steps).size() + flow.teardown.size();
            kept.add(t);
        }
        if (kept.isEmpty()) {
            // the one skipped line that says what to do (give --environment, or --url), else the first
            String shown = skipped.stream().filter(l -> l.contains("--environment") || l.contains("--url")).findFirst()
                    .map(l -> "; among them: " + l).orElse(skipped.isEmpty() ? "" : "; the first: " + skipped.get(0));
            throw new NothingToLoad(source + ": nothing to load: no request in it that wsbench can send"
                    + (skipped.isEmpty() ? "" : " (" + skipped.size() + " element" + (skipped.size() == 1 ? "" : "s")
                    + " skipped" + shown + ")"), List.copyOf(skipped));
        }
        ObjectNode suite = NODES.objectNode();
        suite.put("name", name);
        if (description != null && !description.isBlank()) {
            suite.put("description", description.trim());
        }
        suite.put("repeat", 1);
        ArrayNode ts = suite.putArray("targets");
        kept.forEach(ts::add);
        ArrayNode ls = suite.putArray("load");
        if (loads.isEmpty()) {
            ls.addObject().put("users", 1).put("duration", "10s");
            note("load: the file gives none; the suite loads each flow with 1 user for 10 s (edit its 'load')");
        } else {
            loads.values().forEach(ls::add);
        }
        // --quick checks the conversion against the service: a few iterations a user, not the 200 of a suite of our stacks
        suite.putObject("quick").put("requestsPerUser", QUICK_ITERATIONS).put("duration", "1s");
        if (!asserts.isEmpty()) {
            ArrayNode as = suite.putArray("assert");
            asserts.forEach(as::add);
        }
        StringBuilder out = new StringBuilder();
        out.append("# made by wsbench import from ").append(format).append(' ').append(source).append('\n');
        out.append("# repeat: 1, as the file runs its load once; more rounds give each figure an interval (docs/numbers.md)\n");
        out.append("# quick: run --quick sends ").append(QUICK_ITERATIONS).append(" iterations a user (or 1 s), a check of the"
                + " conversion against the service before its load\n");
        for (String s : skipped) {
            out.append("# skipped: ").append(s.replace('\n', ' ')).append('\n');
        }
        for (String s : notes) {
            out.append("# note: ").append(s.replace('\n', ' ')).append('\n');
        }
        try {
            out.append(YAML.writeValueAsString(suite));
        } catch (JsonProcessingException e) {
            throw new OwnServiceException(source + ": the suite could not be written: " + e.getOriginalMessage());
        }
        return new Result(format, out.toString(), files, List.copyOf(skipped), List.copyOf(notes), List.copyOf(ignored),
                kept.size(), steps);
    }
}
