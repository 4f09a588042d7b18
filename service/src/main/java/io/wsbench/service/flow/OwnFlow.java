package io.wsbench.service.flow;

import io.wsbench.core.load.FlowPlan;
import io.wsbench.core.load.Generated;
import io.wsbench.core.load.FlowStep;
import io.wsbench.core.load.HttpRequest;
import io.wsbench.core.load.RequestTemplate;
import io.wsbench.core.load.StepData;
import io.wsbench.core.load.ThinkTime;
import io.wsbench.model.suite.Durations;
import io.wsbench.model.suite.FlowSpec;
import io.wsbench.model.suite.Security;
import io.wsbench.model.suite.StepSpec;
import io.wsbench.service.openapi.ApiDescription;
import io.wsbench.service.openapi.RestOperation;
import io.wsbench.service.openapi.RestRequest;
import io.wsbench.service.own.AnswerCheck;
import io.wsbench.service.own.AnswerSchema;
import io.wsbench.service.own.DataRows;
import io.wsbench.service.own.Extraction;
import io.wsbench.service.own.Multipart;
import io.wsbench.service.own.OwnRequest;
import io.wsbench.service.own.OwnServiceException;
import io.wsbench.service.own.Placeholders;
import io.wsbench.service.wsdl.ServiceDescription;
import io.wsbench.service.wsdl.SoapRequest;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * A user's flow made ready to load: each step's request written once with a marker where each of
 * its variables goes and split into a {@link RequestTemplate}; its data read, its extractions and
 * checks parsed; every variable a step uses found in a built-in, an earlier step's extraction or a
 * row, all before any load. Each mistake is one line naming the step.
 */
public final class OwnFlow {

    private final ApiDescription api;
    private final ServiceDescription wsdl;
    private final URI endpoint;
    private final Function<String, Path> files;
    /** The flow's Basic auth ({@code user:password}, variables allowed) and the WS-Security of its SOAP steps. */
    private final String basicAuth;
    private final Security security;
    private final FlowSecurity secured;
    /** Every variable's slot, in the order first met; built-ins first. Read by the steps' rules at load time. */
    private final Map<String, Integer> slots = new LinkedHashMap<>();
    private final Set<String> known = new LinkedHashSet<>();
    private final Set<String> names = new HashSet<>();
    private final List<String> perUser = new ArrayList<>();
    private int fewestPerUserRows = Integer.MAX_VALUE;
    private boolean secures;
    private final WsSteps sockets = new WsSteps(this);
    /** Whether the flow's steps follow redirects unless one says otherwise. */
    private boolean follow;

    private OwnFlow(ApiDescription api, ServiceDescription wsdl, URI endpoint, Function<String, Path> files,
                    String basicAuth, Security security, FlowSecurity secured) {
        this.basicAuth = basicAuth;
        this.security = security;
        this.secured = secured;
        this.api = api;
        this.wsdl = wsdl;
        this.endpoint = endpoint;
        this.files = files;
        FlowPlan.BUILT_IN.forEach(this::slot);
        known.addAll(FlowPlan.BUILT_IN);
    }

    /**
     * The workload of {@code flow} against {@code endpoint}: its operations from {@code api} or
     * {@code wsdl} (either or both null), its data files found by {@code files}.
     */
    public static FlowWorkload of(FlowSpec flow, ApiDescription api, ServiceDescription wsdl, URI endpoint,
                                  Function<String, Path> files) throws OwnServiceException {
        return of(flow, api, wsdl, endpoint, files, Security.PLAIN, null);
    }

    /**
     * As {@link #of(FlowSpec, ApiDescription, ServiceDescription, URI, Function)}, its SOAP steps
     * secured by {@code security} ({@link Security#PLAIN} or null for none; a step may name
     * its own) with clients from {@code secured} (null where none can be had).
     */
    public static FlowWorkload of(FlowSpec flow, ApiDescription api, ServiceDescription wsdl, URI endpoint,
                                  Function<String, Path> files, Security security, FlowSecurity secured) throws OwnServiceException {
        OwnFlow f = new OwnFlow(api, wsdl, endpoint, files, flow.basicAuth(), security == null ? Security.PLAIN : security, secured);
        f.follow = flow.follow();
        List<FlowStep> setup = f.steps(flow.setup(), "setup");
        List<FlowStep> steps = f.steps(flow.steps(), "steps");
        List<FlowStep> teardown = f.steps(flow.teardown(), "teardown");
        if (steps.stream().allMatch(FlowStep::pause)) {
            throw new OwnServiceException("the flow's steps send no request: add one that does");
        }
        List<FlowPlan.Choice> choices = new ArrayList<>();
        for (FlowSpec.Choice c : flow.choices()) {
            int[] ends = new int[c.sizes().size()];
            for (int i = 0, end = c.from(); i < ends.length; i++) {
                end += c.sizes().get(i);
                ends[i] = end;
            }
            choices.add(new FlowPlan.Choice(c.from(), ends, c.weights().stream().mapToDouble(Double::doubleValue).toArray()));
        }
        FlowPlan plan = new FlowPlan(setup, steps, teardown, List.copyOf(f.slots.keySet()), flow.cookies(),
                FlowPlan.OnError.valueOf(flow.onError().toUpperCase(Locale.ROOT)), 0, choices);
        return new FlowWorkload(plan, f.fewestPerUserRows == Integer.MAX_VALUE ? 0 : f.fewestPerUserRows,
                String.join(", ", f.perUser), f.secures ? secured : null);
    }

    private int slot(String name) {
        return slots.computeIfAbsent(name, n -> slots.size());
    }

    private List<FlowStep> steps(List<StepSpec> specs, String phase) throws OwnServiceException {
        List<FlowStep> out = new ArrayList<>();
        for (StepSpec s : specs) {
            String name = s.name();
            for (int n = 2; !names.add(name); n++) {
                name = s.name() + " #" + n;
            }
            try {
                out.add(s.pause() ? FlowStep.pause(name, think(s.think())) : s.socket() ? sockets.step(s, name) : step(s, name));
            } catch (OwnServiceException e) {
                throw new OwnServiceException(phase + " step " + name + ": " + e.getMessage());
            }
        }
        return out;
    }

    private FlowStep step(StepSpec s, String name) throws OwnServiceException {
        StepData data = data(s);
        Map<String, String> headers = new LinkedHashMap<>(s.headers());
        List<RequestTemplate.Derived> derived = new ArrayList<>();
        String auth = basicAuth(s);
        if (auth != null) {
            RequestTemplate.Derived basic = basic(auth);
            headers.put("Authorization", "Basic " + RequestTemplate.marker(basic.slot()));
            derived.add(basic);
        }
        OwnRequest request = null;
        byte[] wire;
        Map<String, String> prefixes = Map.of();
        AnswerSchema schema = null;
        boolean soap = false;
        if (s.operation() != null) {
            request = operation(s, headers);
            Map<String, String> row = new LinkedHashMap<>();
            for (String p : request.placeholders()) {
                if (s.params().containsKey(p)) {
                    row.put(p, marked(s.params().get(p), "param " + p));
                    continue;
                }
                String declared = request instanceof RestRequest rest && !known.contains(p) ? rest.declared(p) : null;
                if (declared != null) {
                    throw new OwnServiceException(declared + " is required and nothing gives it: give it in the step's "
                            + (declared.startsWith("header ") ? "headers ({ " + p + ": VALUE }) or its params ({ " + p + ": VALUE })"
                            : "params ({ " + p + ": VALUE }) or as a variable " + p + " of an earlier step or row"));
                }
                row.put(p, marker(p, "the request's ${" + p + "}"));
            }
            // a REST step's headers are in its request already, filling the spec's header parameters
            wire = request instanceof RestRequest ? request.wire(endpoint, row, true) : withHeaders(request.wire(endpoint, row, true), headers);
            prefixes = request.prefixes();
            // read (a second read of the spec) only for a step whose checks ask for it
            schema = s.checks().stream().anyMatch(c -> c.trim().equals("schema")) ? request.answerSchema() : null;
            soap = request.soap();
        } else {
            wire = plain(s, headers);
        }
        RequestTemplate template = RequestTemplate.of(wire, derived);
        Rules rules = rules(s.extract(), s.checks(), prefixes, schema, soap);
        return secured(s, soap, FlowStep.request(name, template, rules.answers(), data, rules.checksRead())
                .following(s.follow() != null ? s.follow() : follow));
    }

    /** What a step's answer must pass and gives: its reader per I/O thread, and the variables its checks read. */
    record Rules(java.util.function.Supplier<io.wsbench.core.load.StepAnswer> answers, Set<Integer> checksRead) {
    }

    /** A step's extractions and checks parsed, each variable they read known before it; {@code soap}: a SOAP Fault fails it. */
    Rules rules(Map<String, String> extract, List<String> checkTexts, Map<String, String> prefixes, AnswerSchema schema,
                boolean soap) throws OwnServiceException {
        List<StepRules.Extract> extracts = new ArrayList<>();
        Set<String> given = new LinkedHashSet<>();
        for (Map.Entry<String, String> e : extract.entrySet()) {
            if (FlowPlan.BUILT_IN.contains(e.getKey())) {
                throw new OwnServiceException("extract " + e.getKey() + ": a built-in variable's name " + FlowPlan.BUILT_IN);
            }
            try {
                extracts.add(new StepRules.Extract(e.getKey(), slot(e.getKey()), Extraction.parse(e.getValue(), prefixes)));
            } catch (OwnServiceException bad) {
                throw new OwnServiceException("extract " + e.getKey() + ": " + bad.getMessage());
            }
            given.add(e.getKey());
        }
        known.addAll(given); // a step's checks may read what it extracts
        List<AnswerCheck> checks = new ArrayList<>();
        java.util.Set<Integer> checksRead = new java.util.HashSet<>();
        for (String c : checkTexts) {
            AnswerCheck check = AnswerCheck.parse(c, prefixes, schema);
            for (String v : check.placeholders()) {
                unknown(v, "check '" + c + "'");
                checksRead.add(slot(v));
            }
            checks.add(check);
        }
        List<StepRules.Extract> x = List.copyOf(extracts);
        List<AnswerCheck> ch = List.copyOf(checks);
        return new Rules(() -> new StepRules(x, ch, soap, slots), Set.copyOf(checksRead));
    }

    /** The step's Basic auth: its own, else the flow's unless it sends its own Authorization header; null for none. */
    private String basicAuth(StepSpec s) throws OwnServiceException {
        boolean authorization = s.headers().keySet().stream().anyMatch(h -> h.equalsIgnoreCase("Authorization"));
        if (s.basicAuth() != null && authorization) {
            throw new OwnServiceException("basicAuth and an Authorization header: give one or the other");
        }
        if (s.basicAuth() != null) {
            return s.basicAuth().isEmpty() ? null : s.basicAuth(); // "": none, though the flow has one
        }
        return authorization || basicAuth == null || basicAuth.isEmpty() ? null : basicAuth;
    }

    /**
     * Basic auth's value as a slot derived from the variables it names: the base64 of
     * {@code user:password} filled, written into the header as each request is.
     */
    private RequestTemplate.Derived basic(String text) throws OwnServiceException {
        Placeholders p = Placeholders.of(text);
        Map<String, Integer> reads = new LinkedHashMap<>();
        for (String v : p.names()) {
            unknown(v, "basicAuth");
            reads.put(v, slot(v));
        }
        java.util.Base64.Encoder base64 = java.util.Base64.getEncoder();
        return new RequestTemplate.Derived(slot("basicAuth:" + text), Set.copyOf(reads.values()), values -> {
            Map<String, String> row = new java.util.HashMap<>();
            reads.forEach((n, i) -> row.put(n, values[i]));
            return base64.encodeToString(p.fill(row, UnaryOperator.identity()).getBytes(StandardCharsets.UTF_8));
        });
    }

    /** The step with its request sealed and its answer opened by WS-Security when the target or the step asks for it. */
    private FlowStep secured(StepSpec s, boolean soap, FlowStep step) throws OwnServiceException {
        Security configuration = s.security() != null ? s.security() : security;
        if (!configuration.secured()) {
            return step;
        }
        if (!soap) {
            if (s.security() == null) {
                return step; // the target's security is for its SOAP steps; a REST or plain step is sent as written
            }
            throw new OwnServiceException("security " + configuration + " applies to a SOAP step (an operation of the target's wsdl)");
        }
        if (secured == null) {
            throw new OwnServiceException("security " + configuration + ": no WS-Security client here");
        }
        try {
            secures = true;
            return step.secured(secured.clients(configuration));
        } catch (IllegalArgumentException e) {
            throw new OwnServiceException("security: " + e.getMessage());
        }
    }

    /** The rows whose columns become variables from this step on; null for none. */
    StepData data(StepSpec s) throws OwnServiceException {
        if (s.data() == null) {
            return null;
        }
        StepData.Mode mode = switch (s.dataMode() == null ? "cycle" : s.dataMode()) {
            case "cycle" -> StepData.Mode.CYCLE;
            case "unique" -> StepData.Mode.UNIQUE;
            case "perUser" -> StepData.Mode.PER_USER;
            default -> throw new OwnServiceException("dataMode '" + s.dataMode() + "' is cycle, unique or perUser");
        };
        DataRows rows = DataRows.read(files.apply(s.data()));
        int[] columns = new int[rows.columns().size()];
        for (int i = 0; i < columns.length; i++) {
            String column = rows.columns().get(i);
            if (FlowPlan.BUILT_IN.contains(column)) {
                throw new OwnServiceException(rows.source() + ": column " + column + " is a built-in variable's name");
            }
            columns[i] = slot(column);
        }
        List<String[]> values = new ArrayList<>(rows.size());
        for (int r = 0; r < rows.size(); r++) {
            values.add(rows.values(r));
        }
        known.addAll(rows.columns());
        if (mode == StepData.Mode.PER_USER) {
            fewestPerUserRows = Math.min(fewestPerUserRows, rows.size());
            perUser.add(s.name() + " (" + rows.size() + " rows in " + rows.source() + ")");
        }
        return new StepData(columns, values, mode);
    }

    /** The step's operation; a REST one with {@code headers} (the step's, and its Basic auth) filling the spec's header parameters. */
    private OwnRequest operation(StepSpec s, Map<String, String> headers) throws OwnServiceException {
        // what the step can fill: its params and the variables known by then; an optional field of
        // the written request that none of them names is left out, as a data set's missing column is
        Set<String> columns = new LinkedHashSet<>(s.params().keySet());
        columns.addAll(known);
        if (api != null) {
            RestOperation op = api.operation(s.operation());
            Map<String, String> marked = new LinkedHashMap<>();
            for (Map.Entry<String, String> h : headers.entrySet()) {
                boolean twice = op.parameters().stream().anyMatch(p -> "header".equals(p.in()) && p.name().equalsIgnoreCase(h.getKey())
                        && s.params().keySet().stream().anyMatch(h.getKey()::equalsIgnoreCase));
                if (twice) {
                    throw new OwnServiceException("header " + h.getKey() + " is given in both its headers and its params: give it once");
                }
                // markers stand for the variables; a literal ${ the user wrote ($${) stays literal
                marked.put(h.getKey(), marked(h.getValue(), "header " + h.getKey()).replace("${", "$${"));
            }
            return RestRequest.of(api, op, s.body(), "its body", columns, marked);
        }
        if (wsdl != null) {
            return SoapRequest.of(wsdl, wsdl.operation(s.operation(), null), s.body(), "its body", columns);
        }
        throw new OwnServiceException("operation " + s.operation() + " needs the target's 'openapi' or 'wsdl'");
    }

    /** A plain request: method, path, headers and body, each with its variables marked. */
    private byte[] plain(StepSpec s, Map<String, String> stepHeaders) throws OwnServiceException {
        String method = s.method() == null ? "GET" : s.method().toUpperCase(Locale.ROOT);
        String path = s.path() == null ? "/" : s.path();
        String base = endpoint.toString();
        while (base.endsWith("/")) {
            base = base.substring(0, base.length() - 1);
        }
        URI uri;
        try {
            // "" is the target's address itself (a SOAP endpoint's own path); "?…" its query
            uri = URI.create(base + (path.isEmpty() || path.startsWith("/") || path.startsWith("?") ? "" : "/") + uriSafe(marked(path, "path")));
        } catch (IllegalArgumentException e) {
            throw new OwnServiceException("path " + path + " is not a path: " + e.getMessage());
        }
        Map<String, String> headers = new LinkedHashMap<>();
        for (Map.Entry<String, String> h : stepHeaders.entrySet()) {
            headers.put(h.getKey(), marked(h.getValue(), "header " + h.getKey()));
        }
        byte[] body = null;
        if (s.form() != null) {
            body = form(s.form()).getBytes(StandardCharsets.UTF_8);
            contentType(headers, "application/x-www-form-urlencoded");
        } else if (s.multipart() != null) {
            String boundary = "wsbench-" + Integer.toHexString(s.multipart().hashCode()) + "-boundary";
            body = multipart(s.multipart(), boundary);
            contentType(headers, "multipart/form-data; boundary=" + boundary);
        } else if (s.body() != null) {
            String text = s.body().trim();
            if (headers.keySet().stream().noneMatch(k -> k.equalsIgnoreCase("Content-Type"))) {
                headers.put("Content-Type", text.startsWith("{") || text.startsWith("[") ? "application/json"
                        : text.startsWith("<") ? "text/xml; charset=utf-8" : "application/x-www-form-urlencoded");
            }
            body = marked(s.body(), "body").getBytes(StandardCharsets.UTF_8);
        }
        return HttpRequest.wire(method, uri, headers, body == null ? new byte[0] : body, true);
    }

    /**
     * {@code path} with every character a URI may not hold percent-encoded (UTF-8), as browsers, Postman and SoapUI send
     * them: a space, a quote, braces, brackets, a '%' that begins no escape. What a URI holds (its reserved and unreserved
     * characters, escapes already made) is kept, and so are the markers, letters and digits only. SoapUI's
     * {@code address=1600 Amphitheatre Parkway} and OData's {@code $filter=('address eq '')} were refused as "Illegal character".
     */
    static String uriSafe(String path) {
        return io.wsbench.core.load.RequestTemplate.percentEncoded(path, OwnFlow::inUri);
    }

    /** Whether a URI holds the byte at {@code i} as it is: an ASCII letter or digit, a reserved or unreserved mark, an escape's '%'. */
    private static boolean inUri(byte[] b, int i) {
        int c = b[i] & 0xff;
        return c < 0x80 && (Character.isLetterOrDigit(c) || "-._~:/?#@!$&'()*+,;=".indexOf(c) >= 0
                || c == '%' && i + 2 < b.length && hex(b[i + 1]) && hex(b[i + 2]));
    }

    private static boolean hex(byte b) {
        return Character.digit(b, 16) >= 0;
    }

    private static void contentType(Map<String, String> headers, String type) {
        if (headers.keySet().stream().noneMatch(k -> k.equalsIgnoreCase("Content-Type"))) {
            headers.put("Content-Type", type);
        }
    }

    /**
     * A form's fields as {@code application/x-www-form-urlencoded}: names and the written parts of values
     * percent-encoded here, each variable's value as each request is written (the template's FORM slots).
     * A marker is letters and digits only, so encoding the marked text leaves it whole.
     */
    private String form(Map<String, String> fields) throws OwnServiceException {
        List<String> pairs = new ArrayList<>();
        for (Map.Entry<String, String> f : fields.entrySet()) {
            String value = f.getValue() == null ? "" : f.getValue();
            pairs.add(java.net.URLEncoder.encode(f.getKey(), StandardCharsets.UTF_8) + "="
                    + java.net.URLEncoder.encode(marked(value, "form field " + f.getKey()), StandardCharsets.UTF_8));
        }
        return String.join("&", pairs);
    }

    /** A {@code multipart/form-data} body: a part per field, a value {@code @PATH} the file's bytes, named and typed. */
    private byte[] multipart(Map<String, String> fields, String boundary) throws OwnServiceException {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (Map.Entry<String, String> f : fields.entrySet()) {
            String value = f.getValue() == null ? "" : f.getValue();
            String head;
            byte[] content;
            if (value.startsWith("@")) {
                Path file = files.apply(value.substring(1));
                try {
                    content = java.nio.file.Files.readAllBytes(file);
                    String type = java.net.URLConnection.getFileNameMap().getContentTypeFor(file.getFileName().toString());
                    head = Multipart.head(boundary, f.getKey(), file.getFileName().toString(), type == null ? "application/octet-stream" : type);
                } catch (java.io.IOException e) {
                    throw new OwnServiceException("multipart field " + f.getKey() + ": cannot read " + file + ": " + e.getMessage());
                }
            } else {
                head = Multipart.head(boundary, f.getKey(), null, null);
                content = marked(value, "multipart field " + f.getKey()).getBytes(StandardCharsets.UTF_8);
            }
            out.writeBytes(head.getBytes(StandardCharsets.UTF_8));
            out.writeBytes(content);
            out.writeBytes(Multipart.AFTER_PART.getBytes(StandardCharsets.UTF_8));
        }
        out.writeBytes(Multipart.end(boundary).getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    /** {@code text} with each {@code ${name}} replaced by its variable's marker; {@code where} names it in a refusal. */
    String marked(String text, String where) throws OwnServiceException {
        Placeholders p = Placeholders.of(text);
        Map<String, String> markers = new LinkedHashMap<>();
        for (String v : p.names()) {
            markers.put(v, marker(v, where));
        }
        return p.fill(markers, UnaryOperator.identity());
    }

    private String marker(String variable, String where) throws OwnServiceException {
        unknown(variable, where);
        return RequestTemplate.marker(slot(variable));
    }

    private void unknown(String variable, String where) throws OwnServiceException {
        Generated made;
        try {
            made = Generated.of(variable); // one made afresh each iteration: a slot of its own, written right
        } catch (IllegalArgumentException e) {
            throw new OwnServiceException(where + " uses " + e.getMessage());
        }
        if (made != null) {
            slot(variable);
            return;
        }
        if (!known.contains(variable)) {
            throw new OwnServiceException(where + " uses ${" + variable + "}, which no earlier step or row gives"
                    + " (known here: " + String.join(", ", known) + ")");
        }
    }

    /** The wire request with {@code headers} added at the end of its head. */
    private byte[] withHeaders(byte[] wire, Map<String, String> headers) throws OwnServiceException {
        if (headers.isEmpty()) {
            return wire;
        }
        StringBuilder lines = new StringBuilder();
        for (Map.Entry<String, String> h : headers.entrySet()) {
            lines.append(h.getKey()).append(": ").append(marked(h.getValue(), "header " + h.getKey())).append("\r\n");
        }
        String all = new String(wire, StandardCharsets.ISO_8859_1);
        int end = all.indexOf("\r\n\r\n");
        byte[] added = lines.toString().getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[wire.length + added.length];
        System.arraycopy(wire, 0, out, 0, end + 2);
        System.arraycopy(added, 0, out, end + 2, added.length);
        System.arraycopy(wire, end + 2, out, end + 2 + added.length, wire.length - end - 2);
        return out;
    }

    /** {@code {constant: 100ms}}, {@code {uniform: 100ms-300ms}} or {@code {exponential: 200ms}} (the mean). */
    static ThinkTime think(Map<String, String> think) throws OwnServiceException {
        if (think.size() != 1) {
            throw new OwnServiceException("think is one of {constant: 100ms}, {uniform: 100ms-300ms}, {exponential: 200ms}");
        }
        Map.Entry<String, String> e = think.entrySet().iterator().next();
        try {
            return switch (e.getKey()) {
                case "constant" -> new ThinkTime(ThinkTime.Kind.CONSTANT, Durations.parse(e.getValue()).toNanos(), 0);
                case "exponential" -> new ThinkTime(ThinkTime.Kind.EXPONENTIAL, Durations.parse(e.getValue()).toNanos(), 0);
                case "uniform" -> {
                    String[] ends = e.getValue().split("\\s*(-|\\.\\.)\\s*");
                    if (ends.length != 2) {
                        throw new IllegalArgumentException("uniform is two durations, like 100ms-300ms");
                    }
                    Duration lo = Durations.parse(ends[0]);
                    Duration hi = Durations.parse(ends[1]);
                    yield new ThinkTime(ThinkTime.Kind.UNIFORM, lo.toNanos(), hi.toNanos());
                }
                default -> throw new IllegalArgumentException("think is constant, uniform or exponential, not " + e.getKey());
            };
        } catch (IllegalArgumentException bad) {
            throw new OwnServiceException("think: " + bad.getMessage());
        }
    }
}
