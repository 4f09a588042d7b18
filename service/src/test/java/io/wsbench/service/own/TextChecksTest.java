package io.wsbench.service.own;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** regex:, contains:, !contains:, css: and header: checks, each passing and failing, with and without variables. */
class TextChecksTest {

    private static final String PAGE = "<!DOCTYPE html><html><head><title>Select user to change | Django site admin</title></head>"
            + "<body><ul class='messagelist'><li class='success'>The user “alice & bob” was added successfully.</li></ul>"
            + "<table id='result_list'><tr><th><a href='/admin/auth/user/17/change/'>alice</a></th></tr></table>"
            + "<p class='paginator'>1 user</p></body></html>";

    /** What {@code check} says of {@code body} with {@code row}'s variables and {@code headers}: null when it passes. */
    private static String problem(String check, String body, Map<String, String> row, Map<String, String> headers)
            throws OwnServiceException {
        AnswerCheck c = AnswerCheck.parse(check, Map.of(), null).instance();
        ParsedAnswer a = new ParsedAnswer();
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        a.reset(200, "text/html; charset=utf-8", row, bytes, bytes.length, headers);
        return c.problem(a);
    }

    private static String problem(String check, String body) throws OwnServiceException {
        return problem(check, body, Map.of(), Map.of());
    }

    @Test
    void regexPassesWhenItMatchesAnywhereAndAVariableStandsForItself() throws Exception {
        assertNull(problem("regex:The user .* was added", PAGE));
        assertEquals("no match in the answer", problem("regex:was deleted", PAGE));
        assertNull(problem("regex:/admin/auth/user/${id}/change/", PAGE, Map.of("id", "17"), Map.of()));
        assertEquals("no match in the answer", problem("regex:/user/${id}/", PAGE, Map.of("id", "1."), Map.of()),
                "1. is the text 1., not one digit and any character");
        assertNull(problem("regex:user/${id}/", PAGE, Map.of("id", "17"), Map.of()));
        AnswerCheck c = AnswerCheck.parse("regex:${name}", Map.of(), null);
        assertEquals(java.util.Set.of("name"), c.placeholders());
    }

    @Test
    void containsAndNotContainsReadTheTextWithItsVariablesFilled() throws Exception {
        assertNull(problem("contains:was added successfully", PAGE));
        assertEquals("\"was deleted\" is not in the answer", problem("contains:was deleted", PAGE));
        assertNull(problem("contains:“${who}”", PAGE, Map.of("who", "alice & bob"), Map.of()), "non-ASCII and & as written");
        assertNull(problem("!contains:Traceback", PAGE));
        assertEquals("the answer contains \"Django site admin\"", problem("!contains:Django site admin", PAGE));
    }

    /** A UTF-8 answer is searched as bytes, not decoded: found at its first and last byte, never past its length. */
    @Test
    void containsFindsTheWordsBytesWithinTheAnswersLength() throws Exception {
        assertNull(problem("contains:<!DOCTYPE", PAGE), "at the first byte");
        assertNull(problem("contains:</html>", PAGE), "ending at the last byte");
        assertNull(problem("contains:“alice", PAGE), "a word of three-byte characters");
        assertEquals("\"</html>!\" is not in the answer", problem("contains:</html>!", PAGE), "one byte past the end");
        assertEquals("\"x\" is not in the answer", problem("contains:x", ""), "an empty answer");
        byte[] bytes = "ok, and then old bytes".getBytes(StandardCharsets.UTF_8);
        ParsedAnswer a = new ParsedAnswer();
        a.reset(200, "application/json", Map.of(), bytes, 2, Map.of());
        assertEquals("\"old\" is not in the answer", AnswerCheck.parse("contains:old", Map.of(), null).problem(a),
                "what lies past the answer's length in a reused buffer is not the answer");
        assertEquals(-1, io.wsbench.core.load.Bytes.indexOf(bytes, 0, 2, "ok,".getBytes(StandardCharsets.UTF_8)));
        assertEquals(0, io.wsbench.core.load.Bytes.indexOf(bytes, 0, 2, "ok".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void cssSelectsComparesTextAndAttributes() throws Exception {
        assertNull(problem("css:ul.messagelist li.success", PAGE));
        assertEquals("nothing selected by li.error", problem("css:li.error", PAGE));
        assertNull(problem("css:p.paginator == 1 user", PAGE));
        assertEquals("p.paginator is \"1 user\", not == \"2 users\"", problem("css:p.paginator == '2 users'", PAGE));
        assertNull(problem("css:#result_list a@href == /admin/auth/user/${id}/change/", PAGE, Map.of("id", "17"), Map.of()));
        assertEquals("#result_list a@href is \"/admin/auth/user/17/change/\", not == \"/admin/auth/user/18/change/\"",
                problem("css:#result_list a@href == /admin/auth/user/${id}/change/", PAGE, Map.of("id", "18"), Map.of()));
        assertNull(problem("css:title != Log in | Django site admin", PAGE));
        assertEquals("no data-id on what a selects", problem("css:a@data-id", PAGE));
    }

    @Test
    void headerComparesTheAnswersHeaderByItsNameWithoutCase() throws Exception {
        Map<String, String> headers = Map.of("content-type", "text/html; charset=utf-8", "x-frame-options", "DENY");
        AnswerCheck c = AnswerCheck.parse("header:X-Frame-Options == DENY", Map.of(), null);
        assertEquals("x-frame-options", c.header(), "the step keeps the header it reads");
        assertNull(problem("header:X-Frame-Options == DENY", PAGE, Map.of(), headers));
        assertEquals("x-frame-options is \"DENY\", not == \"SAMEORIGIN\"", problem("header:x-frame-options == SAMEORIGIN", PAGE, Map.of(), headers));
        assertNull(problem("header:Content-Type", PAGE, Map.of(), headers));
        assertEquals("no location header", problem("header:Location", PAGE, Map.of(), headers));
        assertNull(problem("header:Location != /admin/login/?next=${next}", PAGE, Map.of("next", "/admin/"),
                Map.of("location", "/admin/")));
    }

    @Test
    void aCheckThatDoesNotParseIsOneLineBeforeAnyLoad() {
        String regex = assertThrows(OwnServiceException.class, () -> AnswerCheck.parse("regex:(unclosed", Map.of(), null)).getMessage();
        assertTrue(regex.startsWith("check 'regex:(unclosed': not a regular expression"), regex);
        String css = assertThrows(OwnServiceException.class, () -> AnswerCheck.parse("css:div[", Map.of(), null)).getMessage();
        assertTrue(css.startsWith("check 'css:div[': not a CSS selector"), css);
        String header = assertThrows(OwnServiceException.class, () -> AnswerCheck.parse("header: == x", Map.of(), null)).getMessage();
        assertTrue(header.contains("header: needs a header's name"), header);
        String other = assertThrows(OwnServiceException.class, () -> AnswerCheck.parse("has:text", Map.of(), null)).getMessage();
        assertTrue(other.contains("regex:PATTERN, contains:TEXT, !contains:TEXT, css:SELECTOR[@attr] [== VALUE] or header:NAME"), other);
        for (String m : new String[]{regex, css, header, other}) {
            assertEquals(1, m.lines().count(), m);
        }
        // nothing to look for would pass (or fail) every answer whatever it held: refused
        assertEquals("check 'contains:': contains: needs the text to look for",
                assertThrows(OwnServiceException.class, () -> AnswerCheck.parse("contains:", Map.of(), null)).getMessage());
        assertEquals("check '!regex:  ': !regex: needs the pattern to look for",
                assertThrows(OwnServiceException.class, () -> AnswerCheck.parse("!regex:  ", Map.of(), null)).getMessage());
        // Jayway reads past the end of a path left open and throws StringIndexOutOfBoundsException: said in a user's words
        assertEquals("check 'jsonpath:$..[': not a JSONPath: it ends too soon (a bracket, quote or filter left open)",
                assertThrows(OwnServiceException.class, () -> AnswerCheck.parse("jsonpath:$..[", Map.of(), null)).getMessage());
    }
}
