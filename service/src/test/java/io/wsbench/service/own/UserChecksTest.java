package io.wsbench.service.own;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A user's checks on answers from servers someone else wrote: {@code xpath:} as users write it, on the answer node-soap
 * gives (its result in a default namespace; XPath 1.0's comparisons, functions and prefixes, a row's values as numbers
 * or strings, a mistake found before any load), and text checks that read an answer in the charset it says it is in.
 */
class UserChecksTest {

    private static final String ANSWER = "<?xml version=\"1.0\" encoding=\"utf-8\"?><soap:Envelope"
            + " xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\" xmlns:tns=\"http://example.org/calc\"><soap:Body>"
            + "<AddResponse xmlns=\"http://example.org/calc\"><AddResult>3</AddResult><Note>three apples</Note></AddResponse>"
            + "</soap:Body></soap:Envelope>";
    private static final Map<String, String> PREFIXES = Map.of("tns", "http://example.org/calc");

    private static String problem(String check, Map<String, String> row) throws OwnServiceException {
        AnswerCheck c = AnswerCheck.parse(check, PREFIXES, null).instance();
        ParsedAnswer a = new ParsedAnswer();
        byte[] body = ANSWER.getBytes(StandardCharsets.UTF_8);
        a.reset(200, "text/xml", row, body, body.length);
        return c.problem(a);
    }

    @Test
    void comparisonsFunctionsAndPrefixesReadAsXPathOnePointOh() throws Exception {
        assertNull(problem("xpath://tns:AddResult = ${sum}", Map.of("sum", "3")));
        assertNull(problem("xpath://tns:AddResult = ${sum}", Map.of("sum", "3.0")), "a number compares as one");
        assertEquals("false: xpath://tns:AddResult = ${sum}", problem("xpath://tns:AddResult = ${sum}", Map.of("sum", "4")));
        assertNull(problem("xpath://tns:Note = '${note}'", Map.of("note", "three apples")), "quoted: a string");
        assertNull(problem("xpath:contains(//tns:Note, 'apple') and count(//tns:AddResult) = 1", Map.of()));
        assertNull(problem("xpath://*[local-name()='AddResult'] > 2", Map.of()));
        assertNull(problem("xpath:/soap:Envelope/soap:Body", Map.of()), "the envelope's prefixes are known");
        assertNull(problem("xpath:not(//AddResult)", Map.of()), "no prefix: no namespace, which the result is not in");
        assertNull(problem("xpath:not(//nosuch:AddResult)", Map.of()), "an unknown prefix names no namespace");
        assertEquals("false: xpath://tns:Missing", problem("xpath://tns:Missing", Map.of()));
    }

    @Test
    void anAnswerThatIsNoXmlFailsItsXPathCheckWithoutAWordOnStderr() throws Exception {
        AnswerCheck c = AnswerCheck.parse("xpath://tns:AddResult = 3", PREFIXES, null).instance();
        ParsedAnswer a = new ParsedAnswer();
        byte[] json = "{\"AddResult\": 3}".getBytes(StandardCharsets.UTF_8);
        java.io.PrintStream err = System.err;
        java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(printed, true, StandardCharsets.UTF_8));
        String problem;
        try {
            a.reset(200, "application/json", Map.of(), json, json.length);
            problem = c.problem(a);
        } finally {
            System.setErr(err);
        }
        assertTrue(problem != null && !problem.isEmpty(), "a JSON answer does not pass an xpath check: " + problem);
        assertEquals("", printed.toString(StandardCharsets.UTF_8), "the parser printed \"[Fatal Error] ...\" for every such answer");
    }

    @Test
    void aMistakeIsFoundBeforeAnyLoad() {
        OwnServiceException syntax = assertThrows(OwnServiceException.class, () -> AnswerCheck.parse("xpath://[", PREFIXES, null));
        assertTrue(syntax.getMessage().startsWith("check 'xpath://[': not an XPath 1.0 expression: "), syntax.getMessage());
        OwnServiceException function = assertThrows(OwnServiceException.class,
                () -> AnswerCheck.parse("xpath:matches(//tns:Note, 'a.*') = 'X'", PREFIXES, null));
        assertTrue(function.getMessage().contains("matches"), "XPath 2's functions are not 1.0's: " + function.getMessage());
        for (String extra : new String[]{"xpath:upper-case(//tns:Note) = 'X'", "xpath:document('/etc/hostname')"}) {
            OwnServiceException e = assertThrows(OwnServiceException.class, () -> AnswerCheck.parse(extra, PREFIXES, null), extra);
            assertTrue(e.getMessage().contains("not an XPath 1.0 expression"), "1.0's functions only, no file read: " + e.getMessage());
        }
    }

    @Test
    void textChecksReadTheAnswerInItsOwnCharset() throws Exception {
        byte[] latin1 = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><r><name>Zoë Müller</name></r>"
                .getBytes(StandardCharsets.ISO_8859_1);
        ParsedAnswer a = new ParsedAnswer();
        for (String type : new String[]{"text/xml; charset=ISO-8859-1", "text/xml;charset=\"iso-8859-1\"; q=1"}) {
            a.reset(200, type, Map.of(), latin1, latin1.length);
            assertNull(AnswerCheck.parse("contains:Müller", Map.of(), null).instance().problem(a), type);
            assertNull(AnswerCheck.parse("xpath://name = 'Zoë Müller'", Map.of(), null).instance().problem(a), type);
        }
        byte[] utf8 = "<r><name>Zoë Müller</name></r>".getBytes(StandardCharsets.UTF_8);
        for (String type : new String[]{"text/xml", "text/xml; charset=no-such-charset"}) {
            a.reset(200, type, Map.of(), utf8, utf8.length);
            assertNull(AnswerCheck.parse("contains:Müller", Map.of(), null).instance().problem(a), "UTF-8 unless told: " + type);
        }
    }

    @Test
    void anExtractionReadsTheStringOfWhatItFinds() throws Exception {
        ParsedAnswer a = new ParsedAnswer();
        byte[] body = ANSWER.getBytes(StandardCharsets.UTF_8);
        a.reset(200, "text/xml", Map.of(), body, body.length);
        assertEquals("3", Extraction.parse("xpath://tns:AddResult", PREFIXES).instance().from(a, Map.of()));
        assertNull(Extraction.parse("xpath://tns:Missing", PREFIXES).instance().from(a, Map.of()));
    }
}
