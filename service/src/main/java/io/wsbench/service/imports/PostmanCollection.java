package io.wsbench.service.imports;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.wsbench.service.own.OwnServiceException;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Postman collection (v2.0 or v2.1, also as the API's {@code {"collection": …}} wraps it) made a
 * suite: its requests, folders in order, one flow, as the collection runner runs them. Variables
 * ({@code {{x}}}) from the collection, the environment ({@code --environment}) and the globals are put
 * in where they are used; one a script sets from an answer becomes the flow's variable from there on,
 * and one never defined is an error. Auth (bearer, basic, API key) is inherited from folder and
 * collection as Postman inherits it; bodies raw, urlencoded, form-data and GraphQL. The test scripts'
 * common patterns become extractions, checks and thresholds ({@link PostmanScripts}); any other line
 * is named.
 */
final class PostmanCollection {

    private static final Pattern VARIABLE = Pattern.compile("\\{\\{([^{}]+)}}");

    private final JsonNode root;
    private final String source;
    private final SuiteDraft draft;
    /** Variables known at import: globals, then the collection's, then the environment's (the later wins). */
    private final Map<String, String> values = new LinkedHashMap<>();
    /** Variables a script sets from an answer: from then on the flow's own. */
    private final Set<String> dynamic = new HashSet<>();
    private SuiteDraft.Target target;
    private String origin;
    /** The iteration data's header then its rows (newman's {@code -d}), or null. */
    private final List<String[]> data;

    private PostmanCollection(JsonNode root, String source, Map<String, String> globals, Map<String, String> environment,
                              List<String[]> data, SuiteDraft.Where url) throws OwnServiceException {
        this.root = root;
        this.source = source;
        this.data = data;
        JsonNode info = root.path("info");
        this.draft = new SuiteDraft("Postman collection", info.path("name").asText("collection"), text(info.path("description")), url);
        values.putAll(globals);
        for (JsonNode v : root.path("variable")) {
            if (!v.path("disabled").asBoolean(false)) {
                values.put(v.path("key").asText(v.path("id").asText()), v.path("value").asText(""));
            }
        }
        values.putAll(environment);
        if (data != null) {
            // a data row's value wins over every value known at import, and is a variable of the flow's: each iteration its own
            for (String column : data.get(0)) {
                if (io.wsbench.core.load.FlowPlan.BUILT_IN.contains(column)) {
                    throw new OwnServiceException("the iteration data's column " + column + " is the name of a variable wsbench"
                            + " gives itself (" + String.join(", ", io.wsbench.core.load.FlowPlan.BUILT_IN) + "): rename it");
                }
                dynamic.add(column);
            }
        }
    }

    /**
     * The collection made a suite: {@code globals}, its own variables, {@code environment} and a row of {@code data} (its
     * header first; null for none) each winning over the one before, as in Postman.
     */
    static SuiteDraft.Result convert(JsonNode collection, String source, Map<String, String> globals, Map<String, String> environment,
                                     List<String[]> data, SuiteDraft.Where url) throws OwnServiceException {
        JsonNode root = collection.has("collection") && !collection.has("item") ? collection.get("collection") : collection;
        return new PostmanCollection(root, source, globals, environment, data, url).convert();
    }

    private SuiteDraft.Result convert() throws OwnServiceException {
        items(root.path("item"), List.of(), root.path("auth"), List.of(scripts(root, "test")), List.of(scripts(root, "prerequest")));
        if (!undefined.isEmpty()) {
            // all of them in one line, so that one --environment file (or one edit) gives every value the collection needs
            Map.Entry<String, String> first = undefined.entrySet().iterator().next();
            throw new OwnServiceException(source + ": " + (undefined.size() == 1 ? "{{" + first.getKey() + "}} is"
                    : undefined.size() + " variables are") + " never defined (not in the collection's variables, the environment"
                    + " (--environment FILE, --var NAME=VALUE) or a script before their use): " + String.join(", ", undefined.keySet().stream()
                    .map(n -> "{{" + n + "}}").toList()) + "; the first used in " + first.getValue());
        }
        if (target == null) {
            // none kept: the draft says so with what was left out and why (a request with no URL, say), not as if there were none
            return draft.result(source);
        }
        if (data != null) {
            // each iteration takes the next row, as newman's -d: the flow's first step takes it, for every step after it
            String file = draft.file("iteration-data.csv", JmeterCsv.write(data));
            ((ObjectNode) target.steps.get(0)).put("data", file);
            draft.note("iteration data: " + (data.size() - 1) + " row" + (data.size() == 2 ? "" : "s") + " (" + file
                    + "), each iteration the next, in turn across the users and again from the first (newman runs the collection once a row)");
        }
        target.flowOptions.put("follow", true); // Postman follows redirects unless a request says otherwise
        target.flowOptions.put("onError", "continue"); // and runs the next request after a failed test
        return draft.result(source);
    }

    private static String text(JsonNode description) {
        return description.isTextual() ? description.asText() : description.path("content").asText(null);
    }

    private static List<String> scripts(JsonNode item, String listen) {
        List<String> lines = new ArrayList<>();
        for (JsonNode e : item.path("event")) {
            if (listen.equals(e.path("listen").asText()) && !e.path("disabled").asBoolean(false)) {
                JsonNode exec = e.path("script").path("exec");
                if (exec.isArray()) {
                    exec.forEach(l -> lines.addAll(List.of(l.asText().split("\\R"))));
                } else if (exec.isTextual()) {
                    lines.addAll(List.of(exec.asText().split("\\R")));
                }
            }
        }
        return lines;
    }

    private void items(JsonNode items, List<String> folders, JsonNode auth, List<List<String>> tests, List<List<String>> pre)
            throws OwnServiceException {
        for (JsonNode item : items) {
            String name = item.path("name").asText("request");
            for (JsonNode v : item.path("variable")) { // a folder's or request's own variables, from there on
                if (!v.path("disabled").asBoolean(false)) {
                    values.put(v.path("key").asText(v.path("id").asText()), v.path("value").asText(""));
                    dynamic.remove(v.path("key").asText());
                }
            }
            JsonNode ownAuth = own(item.path("request").path("auth"), own(item.path("auth"), auth));
            List<List<String>> t = new ArrayList<>(tests);
            t.add(scripts(item, "test"));
            List<List<String>> p = new ArrayList<>(pre);
            p.add(scripts(item, "prerequest"));
            if (item.has("item")) {
                List<String> f = new ArrayList<>(folders);
                f.add(name);
                items(item.get("item"), f, ownAuth, t, p);
            } else if (item.has("request")) {
                request(name, folders, item.get("request"), ownAuth, t, p, item.path("protocolProfileBehavior"));
            }
        }
    }

    /**
     * A URL object's address made from its parts, as Postman's own SDK writes it ({@code Url.toString}), where it has no
     * {@code raw}: {@code protocol://host[:port]/path?query#hash}, the host's and the path's segments joined, the query's
     * enabled parameters in order. Postman's converter from OpenAPI (openapi-to-postmanv2) writes every URL so; null
     * where there is no host.
     */
    static String fromParts(JsonNode url) {
        String host = joined(url.path("host"), ".");
        if (host.isEmpty()) {
            return null;
        }
        StringBuilder a = new StringBuilder();
        if (!url.path("protocol").asText("").isEmpty()) {
            a.append(url.path("protocol").asText()).append("://");
        }
        a.append(host);
        if (!url.path("port").asText("").isEmpty()) {
            a.append(':').append(url.path("port").asText());
        }
        String path = joined(url.path("path"), "/");
        if (!path.isEmpty()) {
            a.append(path.startsWith("/") ? "" : "/").append(path);
        }
        List<String> query = new ArrayList<>();
        for (JsonNode q : url.path("query")) {
            if (!q.path("disabled").asBoolean(false) && q.hasNonNull("key")) {
                query.add(q.path("key").asText() + (q.hasNonNull("value") ? "=" + q.path("value").asText() : ""));
            }
        }
        if (!query.isEmpty()) {
            a.append('?').append(String.join("&", query));
        }
        if (!url.path("hash").asText("").isEmpty()) {
            a.append('#').append(url.path("hash").asText());
        }
        return a.toString();
    }

    /** An array of segments joined by {@code by} (a path segment may be an object with a value), or a text as it is. */
    private static String joined(JsonNode parts, String by) {
        if (parts.isTextual()) {
            return parts.asText();
        }
        List<String> out = new ArrayList<>();
        for (JsonNode p : parts) {
            out.add(p.isObject() ? p.path("value").asText("") : p.asText());
        }
        return String.join(by, out);
    }

    /** {@code auth} when it says something of its own, else the one inherited. */
    private static JsonNode own(JsonNode auth, JsonNode inherited) {
        return auth.isMissingNode() || auth.isNull() || "inherit".equals(auth.path("type").asText()) ? inherited : auth;
    }

    private String where(String name, List<String> folders) {
        return "request '" + (folders.isEmpty() ? "" : String.join(" / ", folders) + " / ") + name + "'";
    }

    private void request(String name, List<String> folders, JsonNode request, JsonNode auth, List<List<String>> tests,
                         List<List<String>> pre, JsonNode behaviour) throws OwnServiceException {
        String where = where(name, folders);
        for (List<String> script : pre) {
            PostmanScripts.Rules rules = new PostmanScripts(this::scriptValue).read(script);
            values.putAll(rules.literals);
            rules.literals.keySet().forEach(dynamic::remove);
            rules.unconverted.forEach(l -> draft.skip("pre-request script line '" + l + "' of " + where + " (not a pattern wsbench converts)"));
        }
        String method = request.isTextual() ? "GET" : request.path("method").asText("GET").toUpperCase(Locale.ROOT);
        JsonNode url = request.isTextual() ? request : request.path("url");
        String raw = url.isTextual() ? url.asText() : url.path("raw").asText(null);
        if ((raw == null || raw.isBlank()) && url.isObject()) {
            raw = fromParts(url);
        }
        if (raw == null || raw.isBlank()) {
            draft.skip(where + ": no URL");
            return;
        }
        for (JsonNode v : url.path("variable")) { // path variables: /users/:id with {key: id, value: 5}
            String key = v.path("key").asText(v.path("id").asText(""));
            if (!key.isEmpty()) {
                raw = raw.replaceAll("(?<=/):" + java.util.regex.Pattern.quote(key) + "(?=[/?#]|$)",
                        java.util.regex.Matcher.quoteReplacement(v.path("value").asText("")));
            }
        }
        String address = resolved(raw, where);
        String written = address;
        if (!address.matches("(?is)https?://.*")) { // an address may hold a line break (a body pasted into its query)
            address = "http://" + address; // as Postman sends an address without a scheme
        }
        String authority = Texts.origin(address);
        if (authority.contains("${")) {
            throw new OwnServiceException(source + ": " + where + ": its host comes from a variable a script or the iteration data sets; wsbench needs it known");
        }
        if (target == null) {
            origin = authority;
            try {
                target = draft.target(nameOf(), authority);
            } catch (OwnServiceException hostless) {
                // openapi-to-postmanv2 writes {{baseUrl}} = "/" for a spec that names no server: say which request, as written
                throw new OwnServiceException(source + ": " + where + ": its address " + raw + " ('" + written
                        + "' once its variables are filled) has no host: give the service's with --url http://HOST:PORT");
            }
        }
        if (!draft.sameServer(authority, origin)) {
            draft.skip(where + ": to " + authority + ", another server than the flow's (" + origin + ")");
            return;
        }
        ObjectNode s = target.step(target.steps, name);
        s.put("method", method);
        if (behaviour.path("followRedirects").asText("").equals("false")) {
            s.put("follow", false);
        }
        String path = Texts.pathOf(address).isEmpty() ? "/" : Texts.pathOf(address);
        ObjectNode headers = SuiteDraft.NODES.objectNode();
        if (!request.isTextual()) {
            for (JsonNode h : request.path("header")) {
                if (!h.path("disabled").asBoolean(false) && !h.path("key").asText().isEmpty()) {
                    headers.put(h.path("key").asText(), resolved(h.path("value").asText(""), where + ", header " + h.path("key").asText()));
                }
            }
        }
        path = auth(auth, s, headers, path, where);
        s.put("path", path.startsWith("/") || path.startsWith("?") ? path : "/" + path);
        if (!headers.isEmpty()) {
            s.set("headers", headers);
        }
        if (!request.isTextual()) {
            body(request.path("body"), s, headers, where);
        }
        List<String> checks = new ArrayList<>();
        for (List<String> script : tests) {
            PostmanScripts.Rules rules = new PostmanScripts(this::scriptValue).read(script);
            checks.addAll(rules.checks);
            if (!rules.extract.isEmpty()) {
                ObjectNode x = s.has("extract") ? (ObjectNode) s.get("extract") : s.putObject("extract");
                rules.extract.forEach((k, v) -> {
                    x.put(k, v);
                    dynamic.add(k);
                });
            }
            values.putAll(rules.literals);
            rules.literals.keySet().forEach(dynamic::remove);
            for (String bound : rules.latency) {
                draft.latency(s.get("name").asText(), bound);
            }
            rules.unconverted.forEach(l -> draft.skip("test script line '" + l + "' of " + where + " (not a pattern wsbench converts)"));
        }
        if (!checks.isEmpty()) {
            ArrayNode c = s.putArray("checks");
            checks.stream().distinct().forEach(c::add);
        }
    }

    private String nameOf() {
        return root.path("info").path("name").asText("collection");
    }

    /** The request's auth as headers, Basic auth or a query parameter; the path, with an API key's parameter when it goes there. */
    private String auth(JsonNode auth, ObjectNode step, ObjectNode headers, String path, String where) throws OwnServiceException {
        String type = auth == null || auth.isMissingNode() || auth.isNull() ? "noauth" : auth.path("type").asText("noauth");
        if (List.of("bearer", "basic").contains(type)) {
            // the auth helper's Authorization replaces one written by hand, as Postman sends it
            List<String> written = new ArrayList<>();
            headers.fieldNames().forEachRemaining(h -> {
                if (h.equalsIgnoreCase("Authorization")) {
                    written.add(h);
                }
            });
            headers.remove(written);
        }
        switch (type) {
            case "noauth", "inherit" -> {
                return path;
            }
            case "bearer" -> {
                headers.put("Authorization", "Bearer " + resolved(authValue(auth, "bearer", "token"), where + ", its bearer token"));
                return path;
            }
            case "basic" -> {
                step.put("basicAuth", resolved(authValue(auth, "basic", "username"), where + ", its user") + ":"
                        + resolved(authValue(auth, "basic", "password"), where + ", its password"));
                return path;
            }
            case "apikey" -> {
                String key = resolved(authValue(auth, "apikey", "key"), where + ", its API key's name");
                String value = resolved(authValue(auth, "apikey", "value"), where + ", its API key");
                if ("query".equals(authValue(auth, "apikey", "in"))) {
                    return path + (path.contains("?") ? "&" : "?") + key + "=" + value;
                }
                headers.put(key, value);
                return path;
            }
            default -> {
                // the request itself is kept: said so, as a server that wants the auth will refuse it
                draft.skip(where + ": its " + type + " auth, which is not sent: the request goes without it (wsbench sends bearer,"
                        + " basic and API key auth)");
                return path;
            }
        }
    }

    /** A value of an auth block: v2.1 writes a list of {key, value}, v2.0 an object. */
    private static String authValue(JsonNode auth, String type, String key) {
        JsonNode block = auth.path(type);
        if (block.isArray()) {
            for (JsonNode e : block) {
                if (key.equals(e.path("key").asText())) {
                    return e.path("value").asText("");
                }
            }
            return "";
        }
        return block.path(key).asText("");
    }

    private void body(JsonNode body, ObjectNode step, ObjectNode headers, String where) throws OwnServiceException {
        if (body.isMissingNode() || body.isNull() || body.path("disabled").asBoolean(false)) {
            return;
        }
        switch (body.path("mode").asText("")) {
            case "raw" -> {
                String raw = body.path("raw").asText("");
                if (raw.isEmpty()) {
                    return;
                }
                String language = body.path("options").path("raw").path("language").asText("");
                boolean typed = false;
                for (var it = headers.fieldNames(); it.hasNext(); ) {
                    typed |= it.next().equalsIgnoreCase("Content-Type");
                }
                if (!typed && !language.isEmpty()) {
                    headers.put("Content-Type", switch (language) {
                        case "json" -> "application/json";
                        case "xml" -> "application/xml";
                        case "html" -> "text/html";
                        case "javascript" -> "application/javascript";
                        default -> "text/plain";
                    });
                    step.set("headers", headers);
                }
                step.put("body", resolved(raw, where + ", its body"));
            }
            case "urlencoded" -> {
                ObjectNode form = step.putObject("form");
                for (JsonNode f : body.path("urlencoded")) {
                    if (!f.path("disabled").asBoolean(false)) {
                        form.put(f.path("key").asText(), resolved(f.path("value").asText(""), where + ", form field " + f.path("key").asText()));
                    }
                }
            }
            case "formdata" -> {
                ObjectNode parts = step.putObject("multipart");
                for (JsonNode f : body.path("formdata")) {
                    if (f.path("disabled").asBoolean(false)) {
                        continue;
                    }
                    if ("file".equals(f.path("type").asText())) {
                        draft.skip(where + ": file part '" + f.path("key").asText() + "' (the file is not in the collection)");
                        continue;
                    }
                    parts.put(f.path("key").asText(), resolved(f.path("value").asText(""), where + ", part " + f.path("key").asText()));
                }
                if (parts.isEmpty()) {
                    step.remove("multipart");
                }
            }
            case "graphql" -> {
                ObjectNode q = SuiteDraft.NODES.objectNode();
                q.put("query", body.path("graphql").path("query").asText(""));
                String variables = body.path("graphql").path("variables").asText("");
                if (!variables.isBlank()) {
                    try {
                        q.set("variables", new com.fasterxml.jackson.databind.ObjectMapper().readTree(variables));
                    } catch (java.io.IOException e) {
                        throw new OwnServiceException(source + ": " + where + ": its GraphQL variables are not JSON: " + e.getMessage());
                    }
                }
                headers.put("Content-Type", "application/json");
                step.set("headers", headers);
                step.put("body", resolved(q.toString(), where + ", its body"));
            }
            case "" -> { }
            default -> draft.skip(where + ": a " + body.path("mode").asText() + " body (the file is not in the collection)");
        }
    }

    /** A variable's value as a script reads it: the flow's variable when a script set it, else its known value. */
    private String scriptValue(String name) {
        return dynamic.contains(name) ? Texts.variable(name) : values.get(name);
    }

    /**
     * {@code text} with each {@code {{x}}} made the suite's: a value known at import put in (its own
     * variables resolved), one a script sets a variable, Postman's dynamic ones the flow's built-ins
     * where there is one; a variable never defined is an error naming where it is used.
     */
    String resolved(String text, String where) throws OwnServiceException {
        return resolved(text, where, 0);
    }

    /** The variables used but never defined, each with where it is first used. */
    private final Map<String, String> undefined = new java.util.LinkedHashMap<>();

    private String resolved(String written, String where, int depth) throws OwnServiceException {
        String text = nestedResolved(written);
        Matcher m = VARIABLE.matcher(text);
        StringBuilder out = new StringBuilder();
        int last = 0;
        while (m.find()) {
            out.append(Texts.literal(text.substring(last, m.start())));
            last = m.end();
            String name = m.group(1).trim();
            if (dynamic.contains(name)) {
                out.append(Texts.variable(name));
            } else if (name.startsWith("$")) {
                out.append(builtIn(name, where));
            } else if (values.containsKey(name)) {
                if (depth > 8) {
                    throw new OwnServiceException(source + ": " + where + ": {{" + name + "}} refers to itself");
                }
                out.append(resolved(values.get(name), where, depth + 1));
            } else {
                undefined.putIfAbsent(name, where); // said once the whole collection is read, with every other
                out.append(Texts.literal("{{" + name + "}}"));
            }
        }
        return out.append(Texts.literal(text.substring(last))).toString();
    }

    /**
     * {@code text} with each variable named inside another's name ({@code {{host.{{env}}}}}) put in first, as Postman
     * does, where its value is known at import; otherwise as written.
     */
    private String nestedResolved(String text) {
        String t = text;
        for (int round = 0; round < 8; round++) {
            Matcher inner = NESTED.matcher(t);
            if (!inner.find() || !values.containsKey(inner.group(2).trim())) {
                return t;
            }
            t = t.substring(0, inner.start(2) - 2) + values.get(inner.group(2).trim()) + t.substring(inner.end(2) + 2);
        }
        return t;
    }

    /** A variable inside the name of another: {@code {{host.{{env}}}}}, the inner one its group 2. */
    private static final Pattern NESTED = Pattern.compile("\\{\\{([^{}]*)\\{\\{([^{}]+)}}");

    private String builtIn(String name, String where) {
        return switch (name) {
            case "$guid", "$randomUUID" -> "${uuid}";
            case "$randomInt" -> "${random:0-1000}";
            case "$timestamp" -> "${time:unix}";
            case "$isoTimestamp" -> "${time:iso}";
            case "$randomAlphaNumeric" -> "${text:1}";
            default -> {
                draft.skip("{{" + name + "}} in " + where + " (no wsbench built-in gives it; left out)");
                yield "";
            }
        };
    }
}
