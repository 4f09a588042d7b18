package io.wsbench.service.own;

import org.jsoup.nodes.Element;
import org.jsoup.select.Evaluator;
import org.jsoup.select.QueryParser;
import org.jsoup.select.Selector;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The checks that read an answer as text, HTML or headers, whatever its kind: {@code regex:PATTERN}
 * (passes when it matches somewhere in the body; {@code !regex:PATTERN} when it matches nowhere), {@code contains:TEXT} and {@code !contains:TEXT},
 * {@code css:SELECTOR} (jsoup, on the body parsed as a browser parses HTML: passes when it selects
 * something; {@code css:SEL == VALUE} compares the first match's text, {@code css:SEL@attr == VALUE}
 * its attribute; {@code !=} too) and {@code header:NAME == VALUE} (or {@code !=}, or {@code header:NAME}
 * alone: present). {@code ${variables}} may stand in any of them; in a pattern a value stands for
 * itself, never as a pattern.
 */
final class TextChecks {

    private TextChecks() {
    }

    /** The check {@code text} names when it is one of these, else null. */
    static AnswerCheck parse(String text) throws OwnServiceException {
        try {
            return parseCheck(text);
        } catch (OwnServiceException e) {
            // the selector's and the header's refusals are shared with the extractions: here they name a check
            throw e.getMessage().startsWith("check ") ? e : new OwnServiceException("check " + e.getMessage());
        }
    }

    private static AnswerCheck parseCheck(String text) throws OwnServiceException {
        String t = text.trim();
        for (String kind : new String[]{"regex:", "!regex:", "contains:", "!contains:"}) {
            if (t.startsWith(kind) && t.substring(kind.length()).isBlank()) {
                // nothing to look for: every answer would pass (or, negated, fail) whatever it held
                throw new OwnServiceException("check '" + text + "': " + kind + " needs the " + (kind.contains("regex") ? "pattern" : "text")
                        + " to look for");
            }
        }
        if (t.startsWith("regex:")) {
            return Regex.of(text, t.substring(6).trim(), false);
        }
        if (t.startsWith("!regex:")) {
            return Regex.of(text, t.substring(7).trim(), true);
        }
        if (t.startsWith("contains:")) {
            return new Contains(text, Placeholders.of(t.substring(9).trim()), false);
        }
        if (t.startsWith("!contains:")) {
            return new Contains(text, Placeholders.of(t.substring(10).trim()), true);
        }
        if (t.startsWith("css:")) {
            return Css.of(text, t.substring(4).trim());
        }
        if (t.startsWith("header:")) {
            return Header.of(text, t.substring(7).trim());
        }
        return null;
    }

    /** A comparison at the end of a check: {@code SUBJECT == VALUE} or {@code SUBJECT != VALUE}; none: {@code [SUBJECT, null, null]}. */
    private static String[] comparison(String written) {
        for (String op : new String[]{" == ", " != "}) {
            int at = written.indexOf(op);
            if (at > 0) {
                return new String[]{written.substring(0, at).trim(), op.trim(), AnswerCheck.JsonPathCheck.unquote(written.substring(at + op.length()).trim())};
            }
        }
        return new String[]{written.trim(), null, null};
    }

    /** Null when {@code got} compares to {@code want} as {@code operator} says, else what is wrong. */
    private static String compared(String what, String got, String operator, String want) {
        boolean equal = got.equals(want);
        if ("==".equals(operator) ? equal : !equal) {
            return null;
        }
        return what + " is \"" + abbreviated(got) + "\", not " + operator + " \"" + abbreviated(want) + "\"";
    }

    private static String abbreviated(String s) {
        String line = s.replaceAll("\\s+", " ");
        return line.length() <= 80 ? line : line.substring(0, 77) + "...";
    }

    // ---- regex

    static final class Regex implements AnswerCheck {
        private final String text;
        private final Placeholders written;
        /** Whether the check passes when the pattern matches nowhere ({@code !regex:}). */
        private final boolean negated;
        /** The pattern compiled once when it has no variable; else the last one filled, and what it was filled as. */
        private Pattern pattern;
        private String filled;

        private Regex(String text, Placeholders written, boolean negated, Pattern pattern) {
            this.text = text;
            this.written = written;
            this.negated = negated;
            this.pattern = pattern;
        }

        static Regex of(String text, String written, boolean negated) throws OwnServiceException {
            Placeholders p = Placeholders.of(written);
            try {
                // a variable's value stands for itself: its syntax is checked with a plain stand-in
                Pattern compiled = Pattern.compile(p.fill(Map.of(), v -> Pattern.quote("x")));
                return new Regex(text, p, negated, p.names().isEmpty() ? compiled : null);
            } catch (PatternSyntaxException e) {
                throw new OwnServiceException("check '" + text + "': not a regular expression: " + e.getDescription()
                        + " near index " + e.getIndex());
            }
        }

        @Override
        public String text() {
            return text;
        }

        @Override
        public Set<String> placeholders() {
            return written.names();
        }

        @Override
        public String problem(Answer answer) {
            Pattern p = pattern;
            if (!written.names().isEmpty()) {
                String now = written.fill(answer.row(), Pattern::quote);
                if (!now.equals(filled)) {
                    filled = now;
                    pattern = Pattern.compile(now);
                }
                p = pattern;
            }
            Matcher m = p.matcher(answer.text());
            if (negated) {
                return m.find() ? "matches the answer at " + m.start() + ": '" + m.group() + "'" : null;
            }
            return m.find() ? null : "no match in the answer";
        }

        @Override
        public AnswerCheck instance() {
            return written.names().isEmpty() ? this : new Regex(text, written, negated, null);
        }
    }

    // ---- contains, !contains

    record Contains(String text, Placeholders expected, boolean negated) implements AnswerCheck {
        @Override
        public Set<String> placeholders() {
            return expected.names();
        }

        @Override
        public String problem(Answer answer) {
            String want = expected.fill(answer.row(), v -> v);
            // in a UTF-8 answer, its UTF-8 bytes are found as the text in the text, and no answer is decoded to find them
            boolean found = answer.charset().equals(java.nio.charset.StandardCharsets.UTF_8)
                    ? io.wsbench.core.load.Bytes.indexOf(answer.body(), 0, answer.length(), want.getBytes(java.nio.charset.StandardCharsets.UTF_8)) >= 0
                    : answer.text().contains(want);
            return found != negated ? null : negated ? "the answer contains \"" + abbreviated(want) + "\""
                    : "\"" + abbreviated(want) + "\" is not in the answer";
        }

        @Override
        public AnswerCheck instance() {
            return this;
        }
    }

    // ---- css

    record Css(String text, String selector, Evaluator evaluator, String attribute, String operator, Placeholders expected)
            implements AnswerCheck {

        private static final Pattern ATTRIBUTE = Pattern.compile("^(.*[^\\s@])@([A-Za-z_:][-A-Za-z0-9_:.]*)$");

        static Css of(String text, String written) throws OwnServiceException {
            String[] c = comparison(written);
            String[] sel = selector(text, c[0]);
            return new Css(text, sel[0], evaluator(text, sel[0]), sel[1], c[1], c[2] == null ? null : Placeholders.of(c[2]));
        }

        /** {@code SEL} or {@code SEL@attr}: the selector and the attribute (null: the element's text). */
        static String[] selector(String text, String written) throws OwnServiceException {
            if (written.isEmpty()) {
                throw new OwnServiceException("'" + text + "': css: needs a selector (css:SELECTOR, css:SELECTOR@attribute)");
            }
            Matcher m = ATTRIBUTE.matcher(written);
            return m.matches() ? new String[]{m.group(1).trim(), m.group(2)} : new String[]{written, null};
        }

        static Evaluator evaluator(String text, String selector) throws OwnServiceException {
            try {
                return QueryParser.parse(selector);
            } catch (Selector.SelectorParseException | IllegalArgumentException e) {
                throw new OwnServiceException("'" + text + "': not a CSS selector: " + String.valueOf(e.getMessage()).lines()
                        .findFirst().orElse(""));
            }
        }

        /** The first element's text (whitespace normalized, as shown) or attribute; null when nothing is selected. */
        static String value(org.jsoup.nodes.Document doc, Evaluator evaluator, String attribute) {
            Element e = doc == null ? null : doc.selectFirst(evaluator);
            if (e == null) {
                return null;
            }
            if (attribute == null) {
                return e.text();
            }
            return e.hasAttr(attribute) ? e.attr(attribute) : null;
        }

        @Override
        public Set<String> placeholders() {
            return expected == null ? Set.of() : expected.names();
        }

        @Override
        public String problem(Answer answer) {
            String got = value(answer.html(), evaluator, attribute);
            if (got == null) {
                return attribute == null ? "nothing selected by " + selector : "no " + attribute + " on what " + selector + " selects";
            }
            return operator == null ? null : compared(selector + (attribute == null ? "" : "@" + attribute), got, operator,
                    expected.fill(answer.row(), v -> v));
        }

        @Override
        public AnswerCheck instance() {
            return this; // an evaluator keeps no state between documents
        }
    }

    // ---- header

    record Header(String text, String name, String operator, Placeholders expected) implements AnswerCheck {
        static Header of(String text, String written) throws OwnServiceException {
            String[] c = comparison(written);
            if (c[0].isEmpty() || !c[0].matches("[!#$%&'*+.^_`|~0-9A-Za-z-]+")) {
                throw new OwnServiceException("'" + text + "': header: needs a header's name (header:NAME == VALUE, or header:NAME)");
            }
            return new Header(text, c[0].toLowerCase(Locale.ROOT), c[1], c[2] == null ? null : Placeholders.of(c[2]));
        }

        @Override
        public Set<String> placeholders() {
            return expected == null ? Set.of() : expected.names();
        }

        @Override
        public String header() {
            return name;
        }

        @Override
        public String problem(Answer answer) {
            String got = answer.header(name);
            if (got == null) {
                return "no " + name + " header";
            }
            return operator == null ? null : compared(name, got, operator, expected.fill(answer.row(), v -> v));
        }

        @Override
        public AnswerCheck instance() {
            return this;
        }
    }
}
