package io.wsbench.agent;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.util.Map;

/**
 * What the controller and the agents say to one another: a few records, written as JSON with a
 * {@code type} field. The type is looked up in a fixed table of this class's own records, so a message
 * never names a class to build, and nothing on either side ever deserializes a Java object: a message of
 * another shape, an unknown type or a field too many is refused as not a wsbench message.
 */
final class Wire {

    /** One message of the conversation. */
    sealed interface Message permits Hello, Ready, Ping, Start, Abort, SecondNews, Result {
    }

    /**
     * The first word on a link, from each side: who it is and the challenge every later message to it
     * must be bound to ({@link Link}).
     *
     * @param port      the port its own cluster port listens on, by which its peers name it
     * @param time      its clock, in milliseconds since the epoch: a hello far from the receiver's clock is refused
     * @param challenge random bytes, new on every link
     */
    record Hello(String cluster, String role, String id, int port, long time, byte[] challenge) implements Message {
    }

    /** The answer to a hello, bound to its challenge: the peer holds the secret and is here now (not a recording). */
    record Ready() implements Message {
    }

    /** Said on an idle link every second, so that a peer that is gone is noticed within seconds. */
    record Ping() implements Message {
    }

    /**
     * A load point's part, from the controller to one agent: which target of which suite (made again on the agent,
     * {@link io.wsbench.runner.Target#rebuild}), its part of the load, and the instant at which every agent starts.
     *
     * @param task        the controller's number for this part: the agent's {@link Result} carries it back
     * @param suiteText   the suite file's text
     * @param suitePath   where the controller read it: data files and descriptions are found beside it
     * @param target      the target's index in the suite
     * @param keys        the directory of the WS-Security keys the servers trust
     * @param partIndex   this agent's part of the point, and how many parts it has: a user's data rows are split the same way
     * @param firstUser   the number of this part's first user in the whole point: a flow's {@code ${vu}} and {@code perUser} row
     * @param startMillis when to start, in milliseconds since the epoch, on every agent's clock
     */
    record Start(long task, String suiteText, String suitePath, int target, String uri, String base, String version, String keys,
                 Part part, int partIndex, int parts, int firstUser, long startMillis) implements Message {
    }

    /** Stops an agent's running part early, with the reason the point gives: another agent left, a server died, Ctrl-C. */
    record Abort(String why) implements Message {
    }

    /**
     * What an agent measured in its part: the measurement in its wire form (histograms compressed) and how
     * late after the announced instant it really started; or, instead, why it refused the part.
     */
    record Result(long task, String host, long skewMicros, byte[] measurement, String refused) implements Message {

        static Result refusing(long task, String host, String why) {
            return new Result(task, host, 0, null, why);
        }
    }

    private static final Map<String, Class<? extends Message>> TYPES = Map.of("hello", Hello.class, "ready", Ready.class,
            "ping", Ping.class, "start", Start.class, "abort", Abort.class, "second", SecondNews.class, "result", Result.class);

    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .build();

    private Wire() {
    }

    static byte[] write(Message m) {
        ObjectNode node = JSON.valueToTree(m);
        node.put("type", typeOf(m));
        try {
            return JSON.writeValueAsBytes(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a " + typeOf(m) + " message could not be written: " + e.getOriginalMessage(), e);
        }
    }

    /**
     * The message in {@code bytes}.
     *
     * @throws NotAMessage in one line, for anything but one of this class's records as {@link #write} writes it
     */
    static Message read(byte[] bytes) {
        JsonNode node;
        try {
            node = JSON.readTree(bytes);
        } catch (IOException e) {
            throw new NotAMessage("not JSON");
        }
        if (!(node instanceof ObjectNode object) || !object.path("type").isTextual()) {
            throw new NotAMessage("no message type");
        }
        String type = object.remove("type").asText();
        Class<? extends Message> kind = TYPES.get(type);
        if (kind == null) {
            throw new NotAMessage("unknown message type '" + (type.length() > 60 ? type.substring(0, 60) + "…" : type) + "'");
        }
        try {
            return JSON.treeToValue(object, kind);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new NotAMessage("a '" + type + "' message of another shape");
        }
    }

    static String typeOf(Message m) {
        return TYPES.entrySet().stream().filter(e -> e.getValue() == m.getClass()).map(Map.Entry::getKey).findFirst().orElseThrow();
    }

    /** Bytes that are not a wsbench message. */
    static final class NotAMessage extends IllegalArgumentException {
        NotAMessage(String why) {
            super("not a wsbench message: " + why);
        }
    }
}
