package io.wsbench.model.suite;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.List;
import java.util.Map;

/**
 * One step of a flow: an {@code operation} of the target's OpenAPI spec or WSDL, or a plain request
 * ({@code method}, {@code path}, {@code headers}, {@code body}); or a pause, {@code think}
 * ({@code {constant: 100ms}}, {@code {uniform: 100ms-300ms}}, {@code {exponential: 200ms}}).
 * {@code params}: values of the operation's parameters; {@code headers} are added to its request;
 * {@code body} is its body template. {@code data}: a CSV file whose columns become variables when the
 * step runs, taken by {@code dataMode} ({@code cycle}, {@code unique} or {@code perUser}).
 * {@code extract}: variables taken from the answer ({@code jsonpath:}, {@code xpath:},
 * {@code header:NAME}, {@code regex:} (its first group), {@code status}). {@code checks}: as a
 * target's. Any text may hold {@code ${variable}}. {@code basicAuth}: {@code "user:password"} sent as
 * HTTP Basic auth (over the flow's). {@code security}: the WS-Security of this SOAP step, over the
 * target's ({@code plain} for none). {@code form}: a plain request's body as fields sent
 * {@code application/x-www-form-urlencoded}, each value percent-encoded after its variables are filled;
 * {@code multipart}: as {@code multipart/form-data}, a value {@code @PATH} a file part (the file's bytes,
 * its name and type). A step with either is a POST unless its {@code method} says otherwise. {@code follow}: follow
 * redirects (301, 302, 303, 307, 308) within the target's origin, up to 10, as a browser does; over the flow's.
 * <p>
 * A WebSocket step instead: {@code ws: /path} opens the user's WebSocket on the target (its {@code headers}
 * and the user's cookies sent with the upgrade); {@code send:} a text message (variables filled; JSON-escaped
 * in a message that starts with {@code {} or {@code [}), with {@code expect:} the checks its answer, the next
 * message, must pass ({@code any} for none; {@code extract:} reads it too); {@code expect:} alone, the next
 * message; {@code close: true}. {@code timeout}: how long its answer may take (the point's timeout otherwise).
 * <p>
 * Or a choice, {@code oneOf}: branches of steps, one of which each iteration runs, drawn by their {@code weight}
 * (a traffic mix; a branch of no steps sends nothing). {@link FlowSpec} lays its branches' steps out among the others.
 */
public record StepSpec(String name, String operation, String method, String path, Map<String, String> headers, String body,
                       Map<String, String> params, String data, String dataMode, Map<String, String> extract,
                       List<String> checks, Map<String, String> think, String basicAuth, Security security,
                       Map<String, String> form, Map<String, String> multipart, Boolean follow, WebSocket webSocket,
                       List<Branch> oneOf) {

    /** A step as a flow file writes it, every key on the step: a WebSocket step's keys become its {@link WebSocket}. */
    @JsonCreator
    public static StepSpec fromKeys(@JsonProperty("name") String name,
                                    @JsonProperty("operation") String operation,
                                    @JsonProperty("method") String method,
                                    @JsonProperty("path") String path,
                                    @JsonProperty("headers") Map<String, String> headers,
                                    @JsonProperty("body") String body,
                                    @JsonProperty("params") Map<String, String> params,
                                    @JsonProperty("data") String data,
                                    @JsonProperty("dataMode") String dataMode,
                                    @JsonProperty("extract") Map<String, String> extract,
                                    @JsonProperty("checks") List<String> checks,
                                    @JsonProperty("think") Map<String, String> think,
                                    @JsonProperty("basicAuth") String basicAuth,
                                    @JsonProperty("security") Security security,
                                    @JsonProperty("form") Map<String, String> form,
                                    @JsonProperty("multipart") Map<String, String> multipart,
                                    @JsonProperty("follow") Boolean follow,
                                    @JsonProperty("ws") String ws,
                                    @JsonProperty("send") String send,
                                    @JsonProperty("expect") @JsonFormat(with = JsonFormat.Feature.ACCEPT_SINGLE_VALUE_AS_ARRAY)
                                    List<String> expect,
                                    @JsonProperty("close") Boolean close,
                                    @JsonProperty("timeout") String timeout,
                                    @JsonProperty("oneOf") List<Branch> oneOf) {
        boolean socket = ws != null || send != null || expect != null || Boolean.TRUE.equals(close);
        if (!socket && (timeout != null || close != null)) {
            throw new IllegalArgumentException("'" + (timeout != null ? "timeout" : "close") + "' goes on a WebSocket step"
                    + " ('ws', 'send', 'expect' or 'close')");
        }
        return new StepSpec(name, operation, method, path, headers, body, params, data, dataMode, extract, checks, think,
                basicAuth, security, form, multipart, follow, socket ? new WebSocket(ws, send, expect, close, timeout) : null, oneOf);
    }

    /** A branch of a {@code oneOf} step: its {@code steps} (none: the iteration sends nothing there), drawn by {@code weight} (1 if not given). */
    public record Branch(@JsonProperty("weight") Double weight, @JsonProperty("steps") List<StepSpec> steps) {
        public Branch {
            weight = weight == null ? 1.0 : weight;
            if (!(weight > 0) || weight.isInfinite()) {
                throw new IllegalArgumentException("a oneOf branch's weight is a number above 0, not " + weight);
            }
            steps = steps == null ? List.of() : List.copyOf(steps);
            if (steps.stream().anyMatch(StepSpec::choice)) {
                throw new IllegalArgumentException("a oneOf branch holds steps, not another oneOf: write its branches in the outer one");
            }
        }
    }

    /**
     * A WebSocket step: {@code ws} opens the user's WebSocket at that path, {@code send} sends a text message,
     * {@code expect} checks the next message, {@code close: true} closes it; {@code timeout}, how long its answer
     * may take.
     */
    public record WebSocket(String ws, String send, List<String> expect, Boolean close, String timeout) {
        public WebSocket {
            if ((ws != null ? 1 : 0) + (send != null ? 1 : 0) + (Boolean.TRUE.equals(close) ? 1 : 0) > 1
                    || expect != null && (ws != null || close != null)) {
                throw new IllegalArgumentException("a WebSocket step is one of 'ws: /path' (open), 'send' (with its 'expect'),"
                        + " 'expect' alone or 'close: true'");
            }
        }
    }

    /** A request step (or a think), as tests and the HAR recorder write one: no WebSocket. */
    public StepSpec(String name, String operation, String method, String path, Map<String, String> headers, String body,
                    Map<String, String> params, String data, String dataMode, Map<String, String> extract,
                    List<String> checks, Map<String, String> think, String basicAuth, Security security,
                    Map<String, String> form, Map<String, String> multipart, Boolean follow) {
        this(name, operation, method, path, headers, body, params, data, dataMode, extract, checks, think, basicAuth, security,
                form, multipart, follow, null, null);
    }

    public StepSpec {
        headers = headers == null ? Map.of() : headers;
        params = params == null ? Map.of() : params;
        extract = extract == null ? Map.of() : extract;
        checks = checks == null ? List.of() : List.copyOf(checks);
        boolean request = operation != null || method != null || path != null;
        if (oneOf != null) {
            if (request || think != null || webSocket != null || body != null || !params.isEmpty() || !headers.isEmpty() || data != null
                    || !extract.isEmpty() || !checks.isEmpty() || basicAuth != null || security != null || form != null
                    || multipart != null || follow != null) {
                throw new IllegalArgumentException("a 'oneOf' step is its branches alone (and a name): put requests in its branches");
            }
            if (oneOf.size() < 2) {
                throw new IllegalArgumentException("a 'oneOf' step has two branches or more, each '{weight: N, steps: [...]}'");
            }
            oneOf = List.copyOf(oneOf);
            name = name == null ? "oneOf" : name;
        }
        if (webSocket != null) {
            if (request || think != null) {
                throw new IllegalArgumentException("a WebSocket step ('ws', 'send', 'expect', 'close') is not also a request or a"
                        + " think: make it a step of its own");
            }
            if (body != null || form != null || multipart != null || !params.isEmpty() || basicAuth != null || security != null
                    || follow != null || !checks.isEmpty() || webSocket.ws() == null && !headers.isEmpty()) {
                throw new IllegalArgumentException("a WebSocket step takes 'headers' (with 'ws'), 'data', 'extract' and 'timeout';"
                        + " its checks are its 'expect'");
            }
            name = name != null ? name : webSocket.ws() != null ? "ws " + webSocket.ws()
                    : webSocket.send() != null ? "send " + shortened(webSocket.send()) : webSocket.expect() != null ? "expect" : "close";
        }
        if (think != null && (request || !extract.isEmpty() || data != null || basicAuth != null || security != null
                || follow != null)) {
            throw new IllegalArgumentException("a 'think' step is a pause alone: no request, data, extract, basicAuth, security"
                    + " or follow");
        }
        if (think == null && !request && webSocket == null && oneOf == null) {
            throw new IllegalArgumentException("a step is an 'operation', a plain request ('method' and 'path'), a 'think'"
                    + " or a WebSocket step ('ws', 'send', 'expect', 'close')");
        }
        if (operation != null && (method != null || path != null)) {
            throw new IllegalArgumentException("step " + operation + ": an 'operation' or a 'method' and 'path', not both");
        }
        if ((form != null ? 1 : 0) + (multipart != null ? 1 : 0) + (body != null ? 1 : 0) > 1) {
            throw new IllegalArgumentException("a step's body is one of 'body', 'form' and 'multipart', not two");
        }
        if ((form != null || multipart != null) && (operation != null || think != null)) {
            throw new IllegalArgumentException("'form' and 'multipart' go on a plain request (method and path), not on an"
                    + " operation or a think");
        }
        if ((form != null || multipart != null) && method == null) {
            method = "POST";
        }
        if (dataMode != null && data == null) {
            throw new IllegalArgumentException("'dataMode' goes with 'data'");
        }
        if (name == null) {
            name = think != null ? "think" : operation != null ? operation : (method == null ? "GET" : method) + " " + path;
        }
    }

    private static String shortened(String text) {
        String line = text.strip().replaceAll("\\s+", " ");
        return line.length() <= 40 ? line : line.substring(0, 39) + "…";
    }

    /** Whether it is a WebSocket step. */
    public boolean socket() {
        return webSocket != null;
    }

    /** Whether it is a choice among branches ({@code oneOf}), laid out by {@link FlowSpec}. */
    public boolean choice() {
        return oneOf != null;
    }

    /** Whether it is a pause rather than a request. */
    public boolean pause() {
        return think != null;
    }
}
