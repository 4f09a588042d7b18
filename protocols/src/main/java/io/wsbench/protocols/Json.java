package io.wsbench.protocols;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.wsbench.core.load.Validator;
import io.wsbench.core.load.Verdict;

import java.io.IOException;

/** {@code returnformat=json}: the answer as a JSON string. */
public final class Json extends NamedProtocol {

    private static final JsonFactory FACTORY = new JsonFactory();

    public Json() {
        super("json", "JSON: HTTP GET answered by a JSON string (application/json)");
    }

    @Override
    public Validator validator(Operation op) {
        return Answers.mentioning("json", (body, length) -> {
            try (JsonParser p = FACTORY.createParser(body, 0, length)) {
                boolean right = p.nextToken() == JsonToken.VALUE_STRING && op.expectedText().equals(p.getText())
                        && p.nextToken() == null;
                return right ? Verdict.OK : Verdict.VALIDATION;
            } catch (IOException e) {
                return Verdict.VALIDATION;
            }
        });
    }
}
