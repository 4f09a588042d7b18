package io.wsbench.model.suite;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a stack's options, {@code KEY: VALUE}: one value each, except {@code jvmOptions}, which
 * may be a list. Options travel as text (to a server as -Dwsbench.KEY, into run.json), so the list
 * becomes its words joined by spaces, and a word holding a space is refused here, at its place.
 */
final class StackOptionsReader extends StdDeserializer<Map<String, String>> {

    /** The one option that takes a list. */
    static final String JVM_OPTIONS = "jvmOptions";

    StackOptionsReader() {
        super(Map.class);
    }

    @Override
    public Map<String, String> deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        if (p.currentToken() != JsonToken.START_OBJECT) {
            return ctxt.reportInputMismatch(this, "%s", "stack options are KEY: VALUE pairs, e.g. { version: 3.6.10 }");
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (String key = p.nextFieldName(); key != null; key = p.nextFieldName()) {
            p.nextToken();
            out.put(key, value(p, ctxt, key));
        }
        return out;
    }

    private String value(JsonParser p, DeserializationContext ctxt, String key) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.START_ARRAY) {
            if (!JVM_OPTIONS.equals(key)) {
                return ctxt.reportInputMismatch(this, "%s", "only " + JVM_OPTIONS + " takes a list: give '" + key + "' one value");
            }
            List<String> words = new ArrayList<>();
            while (p.nextToken() != JsonToken.END_ARRAY) {
                String word = p.currentToken().isScalarValue() ? p.getValueAsString() : null;
                if (word == null || word.isBlank() || word.chars().anyMatch(Character::isWhitespace)) {
                    return ctxt.reportInputMismatch(this, "%s", "a JVM option is one word, without spaces: '"
                            + (word == null ? p.getText() : word) + "'");
                }
                words.add(word);
            }
            return String.join(" ", words);
        }
        if (!t.isScalarValue()) {
            return ctxt.reportInputMismatch(this, "%s", "the stack option '" + key + "' takes one value, not a map");
        }
        return p.getValueAsString();
    }
}
