package io.wsbench.service.har;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.wsbench.core.load.FlowPlan;
import io.wsbench.core.load.Redirects;
import io.wsbench.service.own.OwnServiceException;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A recorded session made a flow ({@code wsbench har}): the requests to one host, in order, each a
 * plain step, the browser's own headers pruned and cookies left to the flow's jar, the recorded gaps
 * as think times. Then correlation: every value of a later request (a path segment, a query value, a
 * form field, a JSON body's value, a header) that first appeared in an earlier answer becomes an
 * {@code extract:} on the earliest answer that holds it ({@link Correlator}) and a {@code ${variable}}
 * where it is used; the values the user typed (a form's, a JSON body's or a query's values found in no
 * answer) become the columns of a CSV written beside the flow, their recorded values its first row; a
 * value that looks made by the server yet is found in no answer is listed, never dropped silently.
 */
public final class HarFlow {

    /** {@code host}: the host (or host:port) whose requests are kept, null for the first page's; {@code assets}: keep images, styles, scripts and fonts. */
    public record Options(String host, boolean assets, boolean think) {
    }

    /** The flow file's text, the CSV's (null when nothing was typed), and what it said of the recording. */
    public record Result(String yaml, String csv, List<String> correlations, List<String> typed, List<String> unplaced,
                         int steps, int leftOut, String origin) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Request headers a browser adds of itself, or that the flow writes (cookies from its jar, the length from the body). */
    private static final Set<String> BROWSER_HEADERS = Set.of("host", "connection", "user-agent", "accept", "accept-encoding",
            "accept-language", "cookie", "origin", "referer", "cache-control", "pragma", "upgrade-insecure-requests",
            "content-length", "priority", "dnt", "te", "if-none-match", "if-modified-since", "x-client-data", "purpose",
            "sec-purpose", "keep-alive", "proxy-connection");
    /** Variable names a flow gives itself. */
    private static final Set<String> TAKEN = new HashSet<>(FlowPlan.BUILT_IN);

    private final HarFile har;
    private final Options options;
    private final String csvName;
    private final List<HarFile.Entry> kept = new ArrayList<>();
    /** Each step's last answer: its own, or the end of the redirect chain it follows; and the hops of that chain. */
    private final List<HarFile.Entry> answers = new ArrayList<>();
    private final List<List<HarFile.Entry>> hops = new ArrayList<>();
    private final List<ObjectNode> steps = new ArrayList<>();
    private final List<List<String>> comments = new ArrayList<>();
    /** The steps that follow a step: a WebSocket's messages. */
    private final List<List<ObjectNode>> after = new ArrayList<>();
    /** A recorded value and the variable that stands for it from where it was first seen. */
    private final Map<String, String> variables = new HashMap<>();
    private final Set<String> names = new HashSet<>(TAKEN);
    private final Map<String, String> typed = new LinkedHashMap<>();
    private final List<String> correlations = new ArrayList<>();
    private final List<String> unplaced = new ArrayList<>();
    private int firstTypedStep = -1;

    private HarFlow(HarFile har, Options options, String csvName) {
        this.har = har;
        this.options = options;
        this.csvName = csvName;
    }

    /** The flow of {@code har}'s requests to the chosen host; {@code csvName}: the name of the CSV beside it. */
    public static Result of(HarFile har, Options options, String csvName) throws OwnServiceException {
        return new HarFlow(har, options, csvName).convert();
    }

    private Result convert() throws OwnServiceException {
        if (har.entries().isEmpty()) {
            throw new OwnServiceException("the HAR file holds no request");
        }
        String host = options.host() != null ? options.host() : firstPage().url().getRawAuthority();
        int left = 0;
        for (HarFile.Entry e : har.entries()) {
            boolean ours = host.equalsIgnoreCase(e.url().getRawAuthority()) || host.equalsIgnoreCase(e.url().getHost());
            if (ours && (options.assets() || !e.asset())) {
                kept.add(e);
            } else {
                left++;
            }
        }
        if (kept.isEmpty()) {
            throw new OwnServiceException("no request of the HAR file went to " + host + " (its hosts: " + String.join(", ",
                    har.entries().stream().map(e -> e.url().getRawAuthority()).distinct().toList()) + ")");
        }
        chain();
        for (int i = 0; i < kept.size(); i++) {
            steps.add(null);
            comments.add(new ArrayList<>());
            after.add(List.of());
        }
        for (int i = 0; i < kept.size(); i++) {
            steps.set(i, step(i));
        }
        return new Result(yaml(host), csv(), List.copyOf(correlations), List.copyOf(typed.keySet()), List.copyOf(unplaced),
                kept.size(), left, kept.get(0).origin());
    }

    /**
     * Folds each redirect the browser followed into the step that met it: a 3xx whose Location, within
     * the same origin, is the next request (by the method a browser would use) makes that request a hop
     * of the step, up to {@link Redirects#MOST_HOPS}, by the rules the engine follows them by ({@link Redirects});
     * the step then follows redirects and its answer is the last.
     */
    private void chain() {
        List<HarFile.Entry> requests = new ArrayList<>();
        for (int k = 0; k < kept.size(); k++) {
            HarFile.Entry last = kept.get(k);
            List<HarFile.Entry> chain = new ArrayList<>();
            requests.add(last);
            while (k + 1 < kept.size() && chain.size() < Redirects.MOST_HOPS && last.followedBy(kept.get(k + 1))) {
                last = kept.get(++k);
                chain.add(last);
            }
            answers.add(last);
            hops.add(chain);
        }
        kept.clear();
        kept.addAll(requests);
    }

    private HarFile.Entry firstPage() {
        return har.entries().stream().filter(e -> "document".equals(e.resourceType()) || e.answerType().contains("html"))
                .findFirst().orElse(har.entries().get(0));
    }

    /** Request {@code i} as a step, each of its values correlated, typed or kept. */
    private ObjectNode step(int i) {
        HarFile.Entry e = kept.get(i);
        ObjectNode step = JSON.createObjectNode();
        String name = e.url().getRawPath() == null || e.url().getRawPath().isEmpty() ? "/" : e.url().getRawPath();
        if (e.socket()) {
            step.put("name", "ws " + name);
            step.put("ws", path(i, e));
            headers(i, e, step);
            after.set(i, HarSockets.steps(e, options.think(), text -> {
                ObjectNode message = JSON.createObjectNode();
                body(i, e.sending(text), message);
                return message.get("body").asText();
            }, comments.get(i)));
            return think(i, e, step);
        }
        step.put("name", e.method() + " " + name);
        step.put("method", e.method());
        step.put("path", path(i, e));
        headers(i, e, step);
        body(i, e, step);
        if (!hops.get(i).isEmpty()) {
            step.put("follow", true);
            HarFile.Entry from = e;
            for (HarFile.Entry hop : hops.get(i)) {
                comments.get(i).add("follows its redirect (" + from.status() + ") to " + hop.method() + " " + hop.url().getRawPath()
                        + (hop.url().getRawQuery() == null ? "" : "?" + hop.url().getRawQuery()));
                from = hop;
            }
        }
        HarFile.Entry answer = answers.get(i);
        if (answer.status() >= 300 && answer.status() < 400) {
            String location = answer.answerHeader("Location");
            comments.get(i).add("a redirect (" + answer.status() + (location == null ? "" : " to " + location)
                    + ") not followed here (another origin, or not the browser's next request): checked as recorded");
        }
        if (answer.status() > 0 && (answer.status() < 200 || answer.status() >= 300)) {
            step.set("checks", JSON.createArrayNode().add("status: " + answer.status()));
        }
        return think(i, e, step);
    }

    /** The request's own headers kept in {@code step}, the browser's and the flow's own left out, each value correlated. */
    private void headers(int i, HarFile.Entry e, ObjectNode step) {
        ObjectNode headers = JSON.createObjectNode();
        for (HarFile.Pair h : e.headers()) {
            String lower = h.name().toLowerCase(Locale.ROOT);
            if (lower.startsWith(":") || lower.startsWith("sec-") || BROWSER_HEADERS.contains(lower) || lower.equals("upgrade")
                    || (lower.equals("content-type") && !e.form().isEmpty())) {
                continue;
            }
            headers.put(h.name(), header(i, h));
        }
        if (!headers.isEmpty()) {
            step.set("headers", headers);
        }
    }

    /** {@code step} with the recorded gap before it as a think time, where think times are kept. */
    private ObjectNode think(int i, HarFile.Entry e, ObjectNode step) {
        if (i > 0 && options.think()) {
            HarFile.Entry before = answers.get(i - 1);
            double gap = e.startedMillis() - (before.startedMillis() + before.millis());
            if (gap >= 50) {
                step.put("thinkBefore", Math.round(gap) + "ms");
            }
        }
        return step;
    }

    private String path(int i, HarFile.Entry e) {
        String raw = e.url().getRawPath() == null || e.url().getRawPath().isEmpty() ? "/" : e.url().getRawPath();
        String[] segments = raw.split("/", -1);
        StringBuilder path = new StringBuilder();
        for (int k = 0; k < segments.length; k++) {
            if (k > 0) {
                path.append('/');
            }
            String seg = segments[k];
            String prefix = String.join("/", java.util.Arrays.copyOfRange(segments, 0, k)) + "/";
            String previous = k > 1 ? segments[k - 1] : null;
            String v = seg.isEmpty() ? null : use(i, decode(seg), Kind.PATH, previous == null ? "id" : singular(previous) + "_id", prefix,
                    "path segment " + (k));
            path.append(v == null ? seg : v);
        }
        String query = e.url().getRawQuery();
        if (query != null) {
            List<String> pairs = new ArrayList<>();
            for (String pair : query.split("&")) {
                int eq = pair.indexOf('=');
                if (eq < 0) {
                    pairs.add(pair);
                    continue;
                }
                String name = decode(pair.substring(0, eq));
                String v = use(i, decode(pair.substring(eq + 1)), Kind.TYPED, name, null, "query " + name);
                pairs.add(v == null ? pair : pair.substring(0, eq + 1) + v);
            }
            path.append('?').append(String.join("&", pairs));
        }
        return path.toString();
    }

    private String header(int i, HarFile.Pair h) {
        String value = h.value();
        if (h.name().equalsIgnoreCase("Authorization")) {
            int space = value.indexOf(' ');
            String scheme = space < 0 ? "" : value.substring(0, space + 1);
            if (scheme.equalsIgnoreCase("Basic ")) {
                return value; // a user's own credentials, encoded: kept as recorded
            }
            String v = use(i, value.substring(scheme.length()), Kind.SERVER, "token", null, "header Authorization");
            return v == null ? value : scheme + v;
        }
        String v = use(i, value, Kind.SERVER, h.name(), null, "header " + h.name());
        return v == null ? value : v;
    }

    private void body(int i, HarFile.Entry e, ObjectNode step) {
        if (e.body() == null || (e.body().isEmpty() && e.form().isEmpty())) {
            return;
        }
        String type = e.bodyType() == null ? "" : e.bodyType().toLowerCase(Locale.ROOT);
        if (type.contains("x-www-form-urlencoded") || !e.form().isEmpty() && !type.contains("multipart")) {
            ObjectNode form = JSON.createObjectNode();
            for (HarFile.Pair f : e.form().isEmpty() ? formOf(e.body()) : e.form()) {
                String v = use(i, f.value(), Kind.TYPED, f.name(), null, "form field " + f.name());
                form.put(f.name(), v == null ? f.value() : v);
            }
            step.set("form", form);
            return;
        }
        if (type.contains("json") || e.body().trim().startsWith("{") || e.body().trim().startsWith("[")) {
            try {
                JsonNode body = JSON.readTree(e.body());
                Map<String, String> numbers = new LinkedHashMap<>();
                JsonNode filled = json(i, body, null, numbers);
                String text = JSON.writeValueAsString(filled);
                for (Map.Entry<String, String> n : numbers.entrySet()) {
                    text = text.replace("\"" + n.getKey() + "\"", n.getValue());
                }
                step.put("body", text);
                return;
            } catch (Exception notJson) {
                // sent as recorded, below
            }
        }
        step.put("body", e.body());
    }

    /** A JSON body with its values correlated or typed; a number that became a variable is marked in {@code numbers} to lose its quotes. */
    private JsonNode json(int i, JsonNode node, String key, Map<String, String> numbers) {
        if (node.isObject()) {
            ObjectNode out = JSON.createObjectNode();
            node.fields().forEachRemaining(f -> out.set(f.getKey(), json(i, f.getValue(), f.getKey(), numbers)));
            return out;
        }
        if (node.isArray()) {
            ArrayNode out = JSON.createArrayNode();
            node.forEach(n -> out.add(json(i, n, key, numbers)));
            return out;
        }
        if (!(node.isTextual() || node.isNumber())) {
            return node;
        }
        String v = use(i, node.asText(), Kind.TYPED, key == null ? "value" : key, null, "JSON field " + (key == null ? "" : key));
        if (v == null) {
            return node;
        }
        if (node.isNumber()) {
            String mark = "wsbench-number-" + numbers.size();
            numbers.put(mark, v);
            return TextNode.valueOf(mark);
        }
        return TextNode.valueOf(v);
    }

    /** Where a value was used: a path segment, a value a user may type (form, JSON body, query), or one only a server makes (a header). */
    private enum Kind { PATH, TYPED, SERVER }

    /**
     * What request {@code i} sends for {@code value}: {@code ${variable}} when an earlier answer gave it (or
     * an earlier step's variable holds it), a typed column's, or null to send it as recorded.
     */
    private String use(int i, String value, Kind kind, String field, String pathPrefix, String where) {
        if (value == null || value.isEmpty()) {
            return null;
        }
        String known = variables.get(value);
        if (known != null) {
            return "${" + known + "}";
        }
        if (correlatable(value, kind)) {
            for (int j = 0; j < i; j++) {
                String extraction = Correlator.find(value, answers.get(j), kind == Kind.PATH ? pathPrefix : null);
                if (extraction != null) {
                    String name = name(field);
                    ObjectNode giver = steps.get(j);
                    ObjectNode extract = giver.has("extract") ? (ObjectNode) giver.get("extract") : giver.putObject("extract");
                    extract.put(name, extraction);
                    variables.put(value, name);
                    String line = "${" + name + "}: from step " + (j + 1) + " (" + giver.get("name").asText() + ") by " + extraction
                            + ", used by step " + (i + 1) + "'s " + where;
                    correlations.add(line);
                    comments.get(j).add("gives ${" + name + "} (" + extraction + ") to step " + (i + 1) + "'s " + where);
                    comments.get(i).add("${" + name + "} in its " + where + ": from step " + (j + 1));
                    return "${" + name + "}";
                }
            }
        }
        if (kind == Kind.TYPED && !inAnyAnswer(value, i)) {
            String name = name(field);
            typed.put(name, value);
            variables.put(value, name);
            if (firstTypedStep < 0) {
                firstTypedStep = i;
            }
            comments.get(i).add("${" + name + "} in its " + where + ": typed by the user, " + csvName + "'s column " + name);
            return "${" + name + "}";
        }
        if (madeByAServer(value)) {
            unplaced.add("step " + (i + 1) + " (" + kept.get(i).method() + " " + kept.get(i).url().getRawPath() + "), " + where
                    + ": \"" + value + "\" is in no earlier answer: sent as recorded");
        }
        return null;
    }

    /** A value worth taking from an answer: not a plain word, a flag or a one-digit number, which a page shows by chance. */
    private static boolean correlatable(String v, Kind kind) {
        if (v.equals("true") || v.equals("false") || v.equals("null")) {
            return false;
        }
        if (v.matches("[0-9]+")) {
            return kind == Kind.PATH || v.length() >= 2;
        }
        return !(v.matches("[A-Za-z][a-z]*") && v.length() < 16) && v.length() >= 4;
    }

    /** A value that looks made by a server (a token, an id): long, with letters and digits, or a UUID. */
    private static boolean madeByAServer(String v) {
        return v.length() >= 16 && v.matches(".*[0-9].*") && v.matches(".*[A-Za-z].*")
                || v.matches("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");
    }

    private boolean inAnyAnswer(String value, int before) {
        for (int j = 0; j < before; j++) {
            if (answers.get(j).answer().contains(value) || hops.get(j).stream().anyMatch(h -> h.answer().contains(value))) {
                return true;
            }
        }
        return false;
    }

    /** A variable's name from where it was used: letters, digits and _, never a built-in's, a number after it when taken. */
    private String name(String field) {
        String base = field == null ? "value" : field.replaceAll("[^A-Za-z0-9_]", "_").replaceAll("_+", "_")
                .replaceAll("^_|_$", "").toLowerCase(Locale.ROOT);
        if (base.isEmpty() || !Character.isLetter(base.charAt(0))) {
            base = "v" + base;
        }
        String name = base;
        for (int n = 2; !names.add(name) || io.wsbench.core.load.Generated.names(name); n++) {
            name = base + n;
        }
        return name;
    }

    private static String singular(String segment) {
        String s = decode(segment);
        return s.endsWith("ies") ? s.substring(0, s.length() - 3) + "y" : s.endsWith("s") && s.length() > 3 ? s.substring(0, s.length() - 1) : s;
    }

    private static List<HarFile.Pair> formOf(String body) {
        List<HarFile.Pair> out = new ArrayList<>();
        for (String pair : body.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            out.add(eq < 0 ? new HarFile.Pair(decode(pair), "") : new HarFile.Pair(decode(pair.substring(0, eq)), decode(pair.substring(eq + 1))));
        }
        return out;
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException notEncoded) {
            return s;
        }
    }

    /** "1 request", "3 requests". */
    public static String counted(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    private String yaml(String host) throws OwnServiceException {
        StringBuilder out = new StringBuilder();
        out.append("# made by wsbench har from a recording").append(har.creator().isEmpty() ? "" : " of " + har.creator())
                .append(": ").append(counted(kept.size() + hops.stream().mapToInt(List::size).sum(), "request")).append(" to ").append(host)
                .append(hops.stream().allMatch(List::isEmpty) ? "" : ", as " + counted(kept.size(), "step") + " that follow their redirects")
                .append('\n');
        if (!typed.isEmpty()) {
            out.append("# typed by the user: ").append(csvName).append("'s columns ").append(String.join(", ", typed.keySet()))
                    .append(" (their recorded values are its first row)\n");
        }
        out.append("label: ").append(yamlString(host)).append('\n');
        out.append("url: ").append(yamlString(kept.get(0).origin())).append('\n');
        if (kept.stream().allMatch(HarFile.Entry::overHttp2) && kept.stream().noneMatch(HarFile.Entry::socket)
                && "https".equalsIgnoreCase(kept.get(0).url().getScheme())) {
            // as the browser sent it: h2 by ALPN; a WebSocket's upgrade is HTTP/1.1's, and a browser speaks h2 over TLS alone
            out.append("# recorded over HTTP/2, so the flow runs over it; leave the next line out for HTTP/1.1\n");
            out.append("http: 2\n");
        }
        out.append("flow:\n  steps:\n");
        for (int i = 0; i < steps.size(); i++) {
            ObjectNode s = steps.get(i);
            JsonNode think = s.remove("thinkBefore");
            if (think != null) {
                out.append("    - { think: { constant: ").append(think.asText()).append(" } }\n");
            }
            if (i == firstTypedStep) {
                s.put("data", csvName);
            }
            out.append("    # step ").append(i + 1).append(": ").append(s.get("name").asText()).append('\n');
            for (String c : comments.get(i)) {
                out.append("    #   ").append(c.replace('\n', ' ')).append('\n');
            }
            try {
                out.append("    - ").append(JSON.writeValueAsString(s)).append('\n');
                for (ObjectNode next : after.get(i)) {
                    out.append("    - ").append(JSON.writeValueAsString(next)).append('\n');
                }
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new OwnServiceException("step " + (i + 1) + " could not be written: " + e.getOriginalMessage());
            }
        }
        return out.toString();
    }

    private static String yamlString(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private String csv() {
        if (typed.isEmpty()) {
            return null;
        }
        return String.join(",", typed.keySet().stream().map(HarFlow::csvCell).toList()) + "\n"
                + String.join(",", typed.values().stream().map(HarFlow::csvCell).toList()) + "\n";
    }

    private static String csvCell(String v) {
        return v.matches(".*[,\"\\r\\n].*") || v.startsWith(" ") || v.endsWith(" ") ? "\"" + v.replace("\"", "\"\"") + "\"" : v;
    }
}
