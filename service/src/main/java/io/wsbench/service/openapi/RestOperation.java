package io.wsbench.service.openapi;

import io.swagger.v3.oas.models.media.Schema;

import java.net.URI;
import java.util.List;
import java.util.Map;

/**
 * One operation of an OpenAPI spec: its method and path, the server it is sent to, its parameters,
 * the JSON body it takes and the answers it may give (status or range, to media type and schema).
 */
public record RestOperation(String id, String method, String path, URI server, List<Param> parameters, Body body,
                            Map<String, Answer> answers, String summary) {

    /**
     * A parameter: {@code in} is path, query, header or cookie; path parameters are always required. {@code style} and
     * {@code explode} say how an array's or an object's value is written (OpenAPI 3's defaults: form and exploded in a
     * query or a cookie, simple elsewhere).
     */
    public record Param(String name, String in, boolean required, Schema<?> schema, String style, boolean explode) {

        public Param(String name, String in, boolean required, Schema<?> schema) {
            this(name, in, required, schema, "query".equals(in) || "cookie".equals(in) ? "form" : "simple",
                    "query".equals(in) || "cookie".equals(in));
        }

        public String describe() {
            return name + " (" + in + (required ? "" : ", optional") + (schema == null ? "" : ", " + JsonSample.typeName(schema)) + ")";
        }
    }

    /**
     * The request body: its media type and schema; {@code names}, the spec's component schemas by identity (a choice
     * resolved in place is the component's own object), whose name a discriminator without a mapping takes as its value.
     */
    public record Body(String mediaType, Schema<?> schema, boolean required, Map<Schema<?>, String> names) {
    }

    /**
     * An answer the spec describes: the media type wsbench asks for (its JSON one, or else its first;
     * null for an answer with no body), and every media range of its content, in the spec's order.
     */
    public record Answer(String mediaType, List<String> ranges) {
    }

    /**
     * The key of the answer the spec describes for {@code status}: that code, else its range
     * ("2XX"), else "default"; null when it describes none of them.
     */
    public String answerKey(int status) {
        for (String key : new String[]{String.valueOf(status), (status / 100) + "XX", (status / 100) + "xx", "default"}) {
            if (answers.containsKey(key)) {
                return key;
            }
        }
        return null;
    }

    /** The answer the spec describes for {@code status} (see {@link #answerKey}), or null. */
    public Answer answer(int status) {
        String key = answerKey(status);
        return key == null ? null : answers.get(key);
    }
}
