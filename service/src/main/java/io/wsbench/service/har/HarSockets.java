package io.wsbench.service.har;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * A recorded WebSocket's messages made the steps that follow its {@code ws:} step: each text message
 * the browser sent a {@code send:} (its values correlated as a request body's are), with the message
 * received next as its answer ({@code expect: any}: a recording shows what came, not what must); a
 * message received with none sent before it an {@code expect: any} of its own (a server's push); the
 * recorded gaps between messages as think times; then a {@code close}. A binary message the browser
 * sent is left out and said so: steps send text.
 */
final class HarSockets {

    private static final ObjectMapper JSON = new ObjectMapper();

    private HarSockets() {
    }

    /**
     * The steps of {@code e}'s messages. {@code correlated}: a sent text with its values made variables;
     * {@code think}: the gaps of 50 ms or more kept; {@code comments}: where what was left out is said.
     */
    static List<ObjectNode> steps(HarFile.Entry e, boolean think, UnaryOperator<String> correlated, List<String> comments) {
        List<ObjectNode> out = new ArrayList<>();
        List<HarFile.Message> messages = e.messages();
        double last = Double.NaN;
        int sent = 0;
        int received = 0;
        for (int k = 0; k < messages.size(); k++) {
            HarFile.Message m = messages.get(k);
            if (m.sent() && m.opcode() != 1) {
                comments.add("a binary message it sent at " + Math.round(m.atMillis() - e.startedMillis()) + " ms is left out:"
                        + " steps send text");
                continue;
            }
            if (think && !Double.isNaN(last) && m.atMillis() - last >= 50) {
                ObjectNode pause = JSON.createObjectNode();
                pause.putObject("think").put("constant", Math.round(m.atMillis() - last) + "ms");
                out.add(pause);
            }
            ObjectNode step = JSON.createObjectNode();
            last = m.atMillis();
            if (m.sent()) {
                step.put("send", correlated.apply(m.data()));
                sent++;
                if (k + 1 < messages.size() && !messages.get(k + 1).sent()) {
                    step.put("expect", "any");
                    last = messages.get(++k).atMillis();
                    received++;
                }
            } else {
                step.put("expect", "any");
                received++;
            }
            out.add(step);
        }
        ObjectNode close = JSON.createObjectNode();
        close.put("close", true);
        out.add(close);
        comments.add("its " + sent + " messages sent and " + received + " received follow it, then its close");
        return out;
    }
}
