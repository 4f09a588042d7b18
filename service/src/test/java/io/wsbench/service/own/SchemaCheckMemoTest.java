package io.wsbench.service.own;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** A schema check validates an answer once: the same status, type and bytes again are valid again, anything else is validated. */
class SchemaCheckMemoTest {

    private final AtomicInteger validated = new AtomicInteger();
    private final AnswerSchema schema = (status, type, body, length) -> {
        validated.incrementAndGet();
        return new String(body, 0, length, StandardCharsets.UTF_8).contains("bad") ? "bad answer" : null;
    };

    private String check(AnswerCheck c, int status, String type, String body) {
        ParsedAnswer a = new ParsedAnswer();
        byte[] b = (body + "   trailing bytes beyond the answer").getBytes(StandardCharsets.UTF_8);
        a.reset(status, type, Map.of(), b, body.length(), Map.of());
        return c.problem(a);
    }

    @Test
    void aValidAnswerSeenAgainIsNotValidatedAgain() {
        AnswerCheck c = new AnswerCheck.SchemaCheck("schema", schema).instance();
        assertNull(check(c, 200, "text/xml", "<r>1</r>"));
        assertNull(check(c, 200, "text/xml", "<r>1</r>"));
        assertEquals(1, validated.get(), "the same answer: remembered");
        assertNull(check(c, 200, "text/xml", "<r>2</r>"));
        assertNull(check(c, 201, "text/xml", "<r>1</r>"));
        assertNull(check(c, 200, "application/xml", "<r>1</r>"));
        assertEquals(4, validated.get(), "another byte, status or type: validated");
        assertEquals("bad answer", check(c, 200, "text/xml", "<bad/>"));
        assertEquals("bad answer", check(c, 200, "text/xml", "<bad/>"));
        assertEquals(6, validated.get(), "a wrong answer is never remembered");
        AnswerCheck other = new AnswerCheck.SchemaCheck("schema", schema).instance();
        assertNull(check(other, 200, "text/xml", "<r>1</r>"));
        assertEquals(7, validated.get(), "each I/O thread's instance remembers its own");
    }

    @Test
    void aLargeAnswerOrAFullMemoryIsValidatedInFull() {
        AnswerCheck c = new AnswerCheck.SchemaCheck("schema", schema).instance();
        String large = "<r>" + "x".repeat(AnswerCheck.Valid.BYTES) + "</r>";
        check(c, 200, "text/xml", large);
        check(c, 200, "text/xml", large);
        assertEquals(2, validated.get(), "over " + AnswerCheck.Valid.BYTES + " bytes: not kept");
        for (int i = 0; i <= AnswerCheck.Valid.ANSWERS; i++) {
            check(c, 200, "text/xml", "<r>" + i + "</r>");
        }
        int before = validated.get();
        check(c, 200, "text/xml", "<r>" + AnswerCheck.Valid.ANSWERS + "</r>");
        check(c, 200, "text/xml", "<r>0</r>");
        assertEquals(before + 1, validated.get(), "full, it forgot all and kept the newest");
    }
}
