package io.wsbench.service.sample;

import org.apache.xmlbeans.impl.regex.RegularExpression;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every example is checked by another engine than the one that made it: XmlBeans's XML Schema regex, Java's. */
class PatternsTest {

    /** What XML Schema's own regex (XmlBeans's engine, as validation reads a pattern) says of {@code value}. */
    private static boolean xsdMatches(String pattern, String value) {
        return new RegularExpression(pattern, "X").matches(value);
    }

    @Test
    void xmlSchemaPatternsAsRealSchemasWriteThem() {
        List<String> patterns = List.of(
                "[\\da-fA-F]{8}-[\\da-fA-F]{4}-[\\da-fA-F]{4}-[\\da-fA-F]{4}-[\\da-fA-F]{12}", // WCF's guid
                "\\i\\c*",                        // an XML name
                "[A-Z]{2}\\d{2}[A-Z0-9]{1,30}",   // an IBAN's shape
                "\\p{Lu}\\p{Ll}+",                // a capitalised word
                "\\d{5}(-\\d{4})?",               // a US ZIP code
                "[^@\\s]+@[^@\\s]+\\.[a-z]{2,}",  // an e-mail's shape
                "a&b<c>");                        // brics's operators, literal in XML Schema
        for (String p : patterns) {
            String v = Patterns.example(List.of(p), true, null, null);
            assertNotNull(v, p);
            assertTrue(xsdMatches(p, v), p + " -> " + v);
        }
        assertEquals("00000000-0000-0000-0000-000000000000", Patterns.example(List.of(patterns.get(0)), true, null, null));
    }

    @Test
    void jsonSchemaPatternsMatchAnywhereUnlessAnchored() {
        for (String p : List.of("^[A-Z]{3}-\\d{4}$", "^X\\d{2}$", "(?:ab)+c", "\\d", "^[a-z]+(?:-[a-z]+)*$")) {
            String v = Patterns.example(List.of(p), false, null, null);
            assertNotNull(v, p);
            assertTrue(Pattern.compile(p).matcher(v).find(), p + " -> " + v);
        }
        assertEquals("AAA-0000", Patterns.example(List.of("^[A-Z]{3}-\\d{4}$"), false, null, null));
        // each top-level alternative anchored on its own (GitHub's public SSH key), a | inside a group or class is no branch
        for (String p : List.of("^ssh-(rsa|dss|ed25519) |^ecdsa-sha2-nistp(256|384|521) ", "^a$|^b$", "x|^y", "^[|a]$|^(c|d)e$",
                "^v\\|w$")) {
            String v = Patterns.example(List.of(p), false, null, null);
            assertNotNull(v, p);
            assertTrue(Pattern.compile(p).matcher(v).find(), p + " -> " + v);
        }
        assertEquals(List.of("^a$", "^(b|c)$", "[|]", "\\|"), Patterns.alternatives("^a$|^(b|c)$|[|]|\\|"));
        // AWS's ARNs: as .*PATTERN.*, made deterministic, these ran for minutes; matched whole, at once
        for (String p : List.of("arn:[^:]*:iam::[^:]*:(role|user)/.{1,576}", "[^:]*:[^:]*:[^:]*:[^:]*:[^:]*:analyzer/.{1,255}",
                "arn:[^:]*:cloudtrail:[^:]*:[^:]*:trail/.{1,576}", "s3://([a-z0-9][a-z0-9-.]{1,61}[a-z0-9])/?((.{1,1024})/)?",
                "^(a|b)*a(a|b){3,40}$")) {
            String v = Patterns.example(List.of(p), false, 1, 2048);
            assertNotNull(v, p);
            assertTrue(Pattern.compile(p).matcher(v).find(), p + " -> " + v);
        }
    }

    @Test
    void lengthsAreHeldWithThePattern() {
        String v = Patterns.example(List.of("^[A-Z]+$"), false, 2, 2);
        assertEquals("AA", v);
        String w = Patterns.example(List.of("[a-z]*"), true, 5, 8);
        assertTrue(w.length() >= 5 && w.length() <= 8 && xsdMatches("[a-z]*", w), w);
        assertNull(Patterns.example(List.of("[a-z]{3}"), true, 4, null), "no string of 3 letters is 4 long");
    }

    @Test
    void whatAnAutomatonCannotHoldGivesNoExample() {
        assertNull(Patterns.example(List.of("(?=a)a"), false, null, null), "a look-ahead");
        assertNull(Patterns.example(List.of("(a)\\1"), false, null, null), "a back reference");
        assertNull(Patterns.example(List.of("[a-z-[aeiou]]+"), true, null, null), "a class subtraction");
        assertNull(Patterns.example(List.of("a^b"), false, null, null), "an anchor inside");
        assertNull(Patterns.example(List.of("\\p{IsGreek}+"), true, null, null), "a Unicode block");
    }

    @Test
    void aSampleTooShortIsRepeatedAndOneTooLongCut() {
        assertEquals("texttextte", Patterns.resized("text", 10, null).substring(0, 10));
        assertTrue(Patterns.resized("text", 10, null).length() >= 10);
        assertEquals("te", Patterns.resized("text", null, 2));
        assertEquals("texttext", Patterns.resized("text", 5, 8));
        assertEquals("xxx", Patterns.resized("", 3, 5), "an empty example grows too");
    }

    @Test
    void numbersMoveInsideTheirBounds() {
        BigDecimal three = BigDecimal.valueOf(3);
        assertEquals(three, Bounds.within(three, BigDecimal.ZERO, true, BigDecimal.valueOf(50), false, true));
        assertEquals(BigDecimal.valueOf(6), Bounds.within(three, BigDecimal.valueOf(5), true, BigDecimal.valueOf(9), true, true));
        assertEquals(new BigDecimal("101"), Bounds.within(new BigDecimal("1.5"), new BigDecimal("100"), true, null, false, false));
        assertEquals(new BigDecimal("0.5"), Bounds.within(new BigDecimal("1.5"), BigDecimal.ZERO, true, BigDecimal.ONE, true, false));
        assertEquals(BigDecimal.valueOf(-1), Bounds.within(three, null, false, BigDecimal.ZERO, true, true));
        assertEquals(three, Bounds.within(three, BigDecimal.valueOf(5), false, BigDecimal.valueOf(4), false, true), "an empty range");
    }
}
