package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The launcher's class-data-sharing training must really run a load, or the archive misses its classes. */
class CdsTrainingTest {

    @Test
    void theTrainingLoadsALocalServerAndValidatesEveryAnswer() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = CdsTraining.train(new PrintStream(out, true, StandardCharsets.UTF_8));
        assertEquals(0, code);
        String text = out.toString(StandardCharsets.UTF_8);
        // the two points' JSON, then the stacks listing
        java.util.List<JsonNode> points = new java.util.ArrayList<>();
        try (com.fasterxml.jackson.core.JsonParser json = new ObjectMapper().createParser(text)) {
            while (points.size() < 2 && json.nextToken() == com.fasterxml.jackson.core.JsonToken.START_OBJECT) {
                points.add(json.readValueAsTree());
            }
        }
        assertEquals(2, points.size(), "a load over HTTP/1.1, then one over h2c: " + text);
        for (JsonNode point : points) {
            assertEquals(4000, point.get("requests").asLong());
            assertEquals(4000, point.get("validated").asLong(), "every answer checked against --expect");
            long errors = 0;
            for (JsonNode count : point.get("errors")) {
                errors += count.asLong();
            }
            assertEquals(0, errors);
        }
        assertTrue(points.get(1).at("/generator/http2").isObject(), "the second over HTTP/2: " + points.get(1));
        assertTrue(text.contains("direct"), "the stacks listing ran too");
    }
}
