package io.wsbench.core.load;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a WebSocket step of a flow does ({@link FlowStep#ws}), on the user's own WebSocket connection
 * ({@link WsLink}): {@code OPEN} it on {@code path} of the target, an HTTP upgrade carrying the user's
 * cookies and {@code headers}; {@code SEND} a text {@code message} and, when it {@code expects}, read the
 * next message as its answer; {@code EXPECT} the next message alone; {@code CLOSE} it (a close frame,
 * answered by the server's). {@code timeoutNanos}: how long its answer may take (0: the point's timeout).
 */
public record WsStep(Kind kind, RequestTemplate.Text path, Map<String, RequestTemplate.Text> headers,
                     RequestTemplate.Text message, boolean expects, long timeoutNanos) {

    public enum Kind { OPEN, SEND, EXPECT, CLOSE }

    public WsStep {
        headers = headers == null ? Map.of() : Map.copyOf(headers);
        if (kind == Kind.OPEN && path == null || kind == Kind.SEND && message == null) {
            throw new IllegalArgumentException("a WebSocket " + kind + " needs its " + (kind == Kind.OPEN ? "path" : "message"));
        }
        expects |= kind == Kind.EXPECT;
    }

    public static WsStep open(RequestTemplate.Text path, Map<String, RequestTemplate.Text> headers, long timeoutNanos) {
        return new WsStep(Kind.OPEN, path, headers, null, false, timeoutNanos);
    }

    public static WsStep send(RequestTemplate.Text message, boolean expects, long timeoutNanos) {
        return new WsStep(Kind.SEND, null, null, message, expects, timeoutNanos);
    }

    public static WsStep expect(long timeoutNanos) {
        return new WsStep(Kind.EXPECT, null, null, null, true, timeoutNanos);
    }

    public static WsStep close(long timeoutNanos) {
        return new WsStep(Kind.CLOSE, null, null, null, false, timeoutNanos);
    }

    /** The variables its path, headers and message read, by slot. */
    Set<Integer> variables() {
        Set<Integer> all = new TreeSet<>();
        if (path != null) {
            all.addAll(path.variables());
        }
        headers.values().forEach(h -> all.addAll(h.variables()));
        if (message != null) {
            all.addAll(message.variables());
        }
        return all;
    }
}
