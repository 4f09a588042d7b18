package io.wsbench.service.own;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ExtractionTest {

    private static String from(String extraction, int status, String body, Map<String, String> headers) throws OwnServiceException {
        ParsedAnswer a = new ParsedAnswer();
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        a.reset(status, "application/json", Map.of(), bytes, bytes.length);
        return Extraction.parse(extraction, Map.of("q", "urn:quotes")).instance().from(a, headers);
    }

    @Test
    void jsonPathGivesAValueAsTextAnObjectAsJsonAndNothingWhenAbsentOrNull() throws Exception {
        String order = "{\"id\": 42, \"token\": \"ab c\", \"lines\": [{\"sku\": \"x\", \"n\": 2}], \"gone\": null}";
        assertEquals("42", from("jsonpath:$.id", 201, order, Map.of()));
        assertEquals("ab c", from("jsonpath: $.token", 200, order, Map.of()));
        assertEquals("{\"sku\":\"x\",\"n\":2}", from("jsonpath:$.lines[0]", 200, order, Map.of()));
        assertEquals("2", from("jsonpath:$.lines[?(@.sku == 'x')].n", 200, order, Map.of()), "a filter's one match is the value");
        assertNull(from("jsonpath:$.missing", 200, order, Map.of()));
        assertNull(from("jsonpath:$.gone", 200, order, Map.of()));
        assertNull(from("jsonpath:$.id", 200, "<not-json/>", Map.of()));
    }

    @Test
    void xpathHeaderRegexAndStatusReadOnlyWhatTheyName() throws Exception {
        String envelope = "<soap:Envelope xmlns:soap='http://schemas.xmlsoap.org/soap/envelope/'><soap:Body>"
                + "<q:LoginResponse xmlns:q='urn:quotes'><q:session>s-17</q:session></q:LoginResponse></soap:Body></soap:Envelope>";
        assertEquals("s-17", from("xpath://soap:Body/q:LoginResponse/q:session", 200, envelope, Map.of()));
        assertEquals("s-17", from("xpath://*[local-name()='session']", 200, envelope, Map.of()));
        assertNull(from("xpath://q:nothing", 200, envelope, Map.of()), "no node: nothing found, not an empty value");
        assertEquals("abc", from("header:X-Session", 200, "", Map.of("x-session", "abc")), "header names are matched in lower case");
        assertNull(from("header:X-Other", 200, "", Map.of("x-session", "abc")));
        assertEquals("77", from("regex:order (\\d+) placed", 200, "your order 77 placed", Map.of()));
        assertEquals("order 77", from("regex:order \\d+", 200, "your order 77 placed", Map.of()), "no group: the whole match");
        assertEquals("503", from("status", 503, "", Map.of()));
    }

    @Test
    void cssGivesTheFirstSelectedElementsTextOrAttributeFromHtml() throws Exception {
        String page = "<html><body><form><input type='hidden' name='csrfmiddlewaretoken' value='Xy9+/='>"
                + "<h1 class='title'>  Change   user </h1><a href='/admin/auth/user/17/change/'>alice</a></form></body></html>";
        assertEquals("Xy9+/=", from("css:input[name=csrfmiddlewaretoken]@value", 200, page, Map.of()));
        assertEquals("Change user", from("css:h1.title", 200, page, Map.of()), "the text as shown, whitespace normalized");
        assertEquals("/admin/auth/user/17/change/", from("css:a:contains(alice)@href", 200, page, Map.of()));
        assertNull(from("css:input[name=other]@value", 200, page, Map.of()), "nothing selected: nothing found");
        assertNull(from("css:h1@data-id", 200, page, Map.of()), "no such attribute: nothing found, not an empty value");
    }

    @Test
    void anExtractionThatDoesNotParseSaysWhyInOneLine() {
        String json = assertThrows(OwnServiceException.class, () -> Extraction.parse("jsonpath:$[?(", Map.of())).getMessage();
        assertTrue(json.startsWith("'jsonpath:$[?(': not a JSONPath"), json);
        String xpath = assertThrows(OwnServiceException.class, () -> Extraction.parse("xpath://a[", Map.of())).getMessage();
        assertTrue(xpath.startsWith("'xpath://a[': not an XPath 1.0 expression"), xpath);
        String regex = assertThrows(OwnServiceException.class, () -> Extraction.parse("regex:(a", Map.of())).getMessage();
        assertTrue(regex.startsWith("'regex:(a': not a regular expression"), regex);
        String other = assertThrows(OwnServiceException.class, () -> Extraction.parse("xquery:.id", Map.of())).getMessage();
        assertTrue(other.contains("not an extraction (jsonpath:PATH, xpath:EXPR, header:NAME, regex:PATTERN, css:SELECTOR[@attr]"
                + " or status)"), other);
        String css = assertThrows(OwnServiceException.class, () -> Extraction.parse("css:input[name=", Map.of())).getMessage();
        assertTrue(css.startsWith("'css:input[name=': not a CSS selector"), css);
        for (String m : new String[]{json, xpath, regex, other, css}) {
            assertEquals(1, m.lines().count(), m);
        }
    }
}
