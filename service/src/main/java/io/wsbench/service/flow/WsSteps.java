package io.wsbench.service.flow;

import io.wsbench.core.load.FlowStep;
import io.wsbench.core.load.RequestTemplate;
import io.wsbench.core.load.WsStep;
import io.wsbench.model.suite.Durations;
import io.wsbench.model.suite.StepSpec;
import io.wsbench.service.own.OwnServiceException;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A flow's WebSocket steps made ready to load: the opening step's path and headers, or a message,
 * with their variables marked (each known before it is used), what a step expects parsed as a
 * step's checks and extractions; a step that needs the WebSocket before a {@code ws:} step opens it
 * refused. Each mistake is one line, named by the flow with its step.
 */
final class WsSteps {

    private final OwnFlow flow;
    /** Whether an earlier step (in setup, steps, teardown order) opens the WebSocket. */
    private boolean opened;

    WsSteps(OwnFlow flow) {
        this.flow = flow;
    }

    FlowStep step(StepSpec s, String name) throws OwnServiceException {
        StepSpec.WebSocket w = s.webSocket();
        long timeout;
        try {
            timeout = w.timeout() == null ? 0 : Durations.parse(w.timeout()).toNanos();
        } catch (IllegalArgumentException e) {
            throw new OwnServiceException("timeout: " + e.getMessage());
        }
        io.wsbench.core.load.StepData data = flow.data(s); // its columns are known to its message
        if (w.ws() == null && !opened) {
            throw new OwnServiceException("no WebSocket is open here: a 'ws: /path' step before it opens one");
        }
        WsStep ws;
        if (w.ws() != null) {
            if (!w.ws().startsWith("/")) {
                throw new OwnServiceException("ws: " + w.ws() + " is a path on the flow's target, from '/' (its scheme and"
                        + " host are the target's)");
            }
            Map<String, RequestTemplate.Text> headers = new LinkedHashMap<>();
            for (Map.Entry<String, String> h : s.headers().entrySet()) {
                headers.put(h.getKey(), RequestTemplate.text(flow.marked(h.getValue(), "header " + h.getKey()),
                        RequestTemplate.Escape.HEADER));
            }
            ws = WsStep.open(RequestTemplate.text(flow.marked(w.ws(), "ws"), RequestTemplate.Escape.URL), headers, timeout);
            opened = true;
        } else if (w.send() != null) {
            String text = w.send().strip();
            ws = WsStep.send(RequestTemplate.text(flow.marked(w.send(), "send"), text.startsWith("{") || text.startsWith("[")
                    ? RequestTemplate.Escape.JSON : RequestTemplate.Escape.RAW), w.expect() != null, timeout);
        } else if (w.expect() != null) {
            ws = WsStep.expect(timeout);
        } else {
            ws = WsStep.close(timeout);
        }
        if (!ws.expects()) {
            if (!s.extract().isEmpty()) {
                throw new OwnServiceException("extract reads the message a step expects: add 'expect' to a 'send', or an"
                        + " 'expect' step");
            }
            return FlowStep.webSocket(name, ws, null, data, Set.of());
        }
        List<String> checks = w.expect().stream().filter(c -> !c.strip().equals("any")).toList();
        OwnFlow.Rules rules = flow.rules(s.extract(), checks, Map.of(), null, false);
        return FlowStep.webSocket(name, ws, rules.answers(), data, rules.checksRead());
    }
}
