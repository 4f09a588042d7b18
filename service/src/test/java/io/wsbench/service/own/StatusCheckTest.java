package io.wsbench.service.own;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** status: codes, classes, lists, all-but, and a code the row gives (openapi-generator's JMeter plans check ${httpStatusCode}). */
class StatusCheckTest {

    private static String problem(String check, int status, Map<String, String> row) throws OwnServiceException {
        AnswerCheck c = AnswerCheck.parse(check, Map.of(), null).instance();
        ParsedAnswer a = new ParsedAnswer();
        a.reset(status, "application/json", row, new byte[0], 0, Map.of());
        return c.problem(a);
    }

    @Test
    void fixedCodesClassesAndAllBut() throws Exception {
        assertNull(problem("status: 201", 201, Map.of()));
        assertEquals("status 200, not 201", problem("status: 201", 200, Map.of()));
        assertNull(problem("status: 2xx", 204, Map.of()));
        assertNull(problem("status: 200,404", 404, Map.of()));
        assertEquals("status 500, one of 404, 500", problem("status: !404,500", 500, Map.of()));
    }

    @Test
    void aCodeTheRowGivesIsReadForEachAnswer() throws Exception {
        assertEquals(Set.of("httpStatusCode"), AnswerCheck.parse("status: ${httpStatusCode}", Map.of(), null).placeholders());
        assertNull(problem("status: ${httpStatusCode}", 200, Map.of("httpStatusCode", "200")));
        assertEquals("status 200, not 404", problem("status: ${httpStatusCode}", 200, Map.of("httpStatusCode", "404")));
        assertNull(problem("status: ${a},${b}", 201, Map.of("a", "200", "b", "201")));
        assertEquals("the row's status 'abc' is not an HTTP status", problem("status: ${httpStatusCode}", 200, Map.of("httpStatusCode", "abc")));
        assertEquals("the row's status '${x}' is not an HTTP status", problem("status: ${c}", 200, Map.of("c", "${x}")),
                "a value that holds a placeholder is read as the text it is");
        // one I/O thread's instance, rows taking turns: each answer judged by its own row's code
        AnswerCheck one = AnswerCheck.parse("status: ${code}", Map.of(), null).instance();
        for (String[] row : new String[][]{{"200", "200"}, {"404", "200"}, {"404", "404"}, {"x", "404"}, {"200", "200"}}) {
            ParsedAnswer a = new ParsedAnswer();
            a.reset(Integer.parseInt(row[1]), "application/json", Map.of("code", row[0]), new byte[0], 0, Map.of());
            String said = one.problem(a);
            assertEquals(row[0].equals(row[1]) ? null : row[0].equals("x") ? "the row's status 'x' is not an HTTP status"
                    : "status " + row[1] + ", not " + row[0], said, String.join(",", row));
        }
        assertThrows(OwnServiceException.class, () -> AnswerCheck.parse("status: 2${c}9", Map.of(), null),
                "its form is checked with a stand-in value: 22009 is no status");
    }
}
