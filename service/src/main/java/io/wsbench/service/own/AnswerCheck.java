package io.wsbench.service.own;

import com.fasterxml.jackson.databind.JsonNode;
import com.jayway.jsonpath.Configuration;
import com.jayway.jsonpath.JsonPath;
import com.jayway.jsonpath.Option;
import com.jayway.jsonpath.spi.json.JacksonJsonNodeJsonProvider;
import com.jayway.jsonpath.spi.mapper.JacksonMappingProvider;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One check the user asks of every answer, written as on the command line:
 * {@code xpath:EXPR} (XPath 1.0, true when the expression is; {@code //x = ${col}} compares with the
 * row's value), {@code jsonpath:PATH OP VALUE} ({@code ==, !=, <, <=, >, >=}; or {@code PATH} alone: it
 * is present and not null or false), {@code status: 201} (or {@code 2xx}, or a list) and {@code schema};
 * and on any answer, {@code regex:}, {@code contains:}, {@code !contains:}, {@code css:} and
 * {@code header:} ({@link TextChecks}).
 * A parsed check is a recipe: {@link #instance()} makes the one an I/O thread uses.
 */
public sealed interface AnswerCheck permits AnswerCheck.XPathCheck, AnswerCheck.JsonPathCheck, AnswerCheck.StatusCheck,
        AnswerCheck.SchemaCheck, TextChecks.Regex, TextChecks.Contains, TextChecks.Css, TextChecks.Header {

    /** As the user wrote it. */
    String text();

    /** The row columns it reads. */
    Set<String> placeholders();

    /** Null when the answer passes, else what is wrong, in one line. */
    String problem(Answer answer);

    /** A copy holding its own parsing state, for one I/O thread. */
    AnswerCheck instance();

    /** The answer's header it reads, in lower case; null when it reads none. */
    default String header() {
        return null;
    }

    /** What the checks of one answer look at; parsed at most once each, when a check first asks. */
    interface Answer {
        int status();

        /** The Content-Type header's value, "" when absent. */
        String contentType();

        Map<String, String> row();

        /** The body as a DOM document, or null when it is not XML. */
        org.w3c.dom.Document xml();

        /** The body as JSON, or null when it is not JSON. */
        JsonNode json();

        byte[] body();

        int length();

        /** The charset its text is read in. */
        default java.nio.charset.Charset charset() {
            return java.nio.charset.StandardCharsets.UTF_8;
        }

        /** The body as text (UTF-8), decoded once on first ask. */
        default String text() {
            return new String(body(), 0, length(), java.nio.charset.StandardCharsets.UTF_8);
        }

        /** The body as HTML (jsoup, as a browser parses it, whatever it is), parsed once on first ask. */
        default org.jsoup.nodes.Document html() {
            return org.jsoup.Jsoup.parse(text());
        }

        /** The last value of the header of that lower-case name, or null: only the headers a step's checks read are kept. */
        default String header(String name) {
            return null;
        }
    }

    static AnswerCheck parse(String text, OwnRequest request) throws OwnServiceException {
        // the answer's schema is read (a second read of the spec) only for a check that asks for it
        return parse(text, request.prefixes(), text.trim().equals("schema") ? request.answerSchema() : null);
    }

    /** A check of answers whose XPath may use {@code prefixes} and whose {@code schema} (null: none) the description gives. */
    static AnswerCheck parse(String text, Map<String, String> prefixes, AnswerSchema schema) throws OwnServiceException {
        String t = text.trim();
        if (t.startsWith("xpath:")) {
            return XPathCheck.of(text, t.substring(6).trim(), prefixes);
        }
        if (t.startsWith("jsonpath:")) {
            return JsonPathCheck.of(text, t.substring(9).trim());
        }
        if (t.startsWith("status:")) {
            return StatusCheck.of(text, t.substring(7).trim());
        }
        if (t.equals("schema")) {
            if (schema == null) {
                throw new OwnServiceException("check 'schema': the description has no schema for this operation's answer");
            }
            return new SchemaCheck(text, schema);
        }
        AnswerCheck other = TextChecks.parse(text);
        if (other != null) {
            return other;
        }
        throw new OwnServiceException("check '" + text + "': not a check (xpath:EXPR, jsonpath:PATH [OP VALUE], status: CODE,"
                + " schema, regex:PATTERN, !regex:PATTERN, contains:TEXT, !contains:TEXT, css:SELECTOR[@attr] [== VALUE] or header:NAME [== VALUE])");
    }

    // ---- xpath

    final class XPathCheck implements AnswerCheck {
        private static final Pattern PLACEHOLDER = Pattern.compile("(['\"]?)\\$\\{([^}]+)}(['\"]?)");

        private final String text;
        private final String expression;
        private final Map<String, String> prefixes;
        /** XPath variable name to row column, and whether the placeholder sat in quotes (a string, never a number). */
        private final Map<String, String> columns;
        private final Set<String> quoted;
        private final DomXPath compiled;
        private final Map<String, String> row = new HashMap<>();

        private XPathCheck(String text, String expression, Map<String, String> prefixes, Map<String, String> columns,
                           Set<String> quoted) throws DomXPath.Invalid {
            this.text = text;
            this.expression = expression;
            this.prefixes = prefixes;
            this.columns = columns;
            this.quoted = quoted;
            this.compiled = new DomXPath(expression, prefixes, this::variable);
        }

        static XPathCheck of(String text, String written, Map<String, String> prefixes) throws OwnServiceException {
            Map<String, String> columns = new LinkedHashMap<>();
            Set<String> quoted = new java.util.HashSet<>();
            Matcher m = PLACEHOLDER.matcher(written);
            StringBuilder expression = new StringBuilder();
            while (m.find()) {
                String variable = "wsbench_" + columns.size();
                columns.put(variable, m.group(2).trim());
                boolean inQuotes = !m.group(1).isEmpty() && m.group(1).equals(m.group(3));
                if (inQuotes) {
                    quoted.add(variable);
                    m.appendReplacement(expression, Matcher.quoteReplacement("$" + variable));
                } else {
                    m.appendReplacement(expression, Matcher.quoteReplacement(m.group(1) + "$" + variable + m.group(3)));
                }
            }
            m.appendTail(expression);
            try {
                return new XPathCheck(text, expression.toString(), withSoapPrefixes(prefixes), columns, quoted);
            } catch (DomXPath.Invalid e) {
                throw new OwnServiceException("check '" + text + "': not an XPath 1.0 expression: " + e.getMessage());
            }
        }

        @Override
        public String text() {
            return text;
        }

        @Override
        public Set<String> placeholders() {
            return Set.copyOf(columns.values());
        }

        @Override
        public String problem(Answer answer) {
            org.w3c.dom.Document doc = answer.xml();
            if (doc == null) {
                return "not XML";
            }
            row.clear();
            row.putAll(answer.row());
            try {
                return compiled.test(doc) ? null : "false: " + text;
            } catch (DomXPath.Invalid e) {
                return "cannot evaluate " + text + ": " + e.getMessage();
            }
        }

        @Override
        public AnswerCheck instance() {
            try {
                return new XPathCheck(text, expression, prefixes, columns, quoted);
            } catch (DomXPath.Invalid e) {
                throw new IllegalStateException("compiled once already", e);
            }
        }

        /** A row value as XPath compares it: a number where it reads as one (so 5.0 = 5), else a string. */
        private Object variable(String name) {
            String column = columns.get(name);
            String v = column == null ? null : row.get(column);
            if (v == null) {
                return "";
            }
            if (!quoted.contains(name)) {
                try {
                    return Double.valueOf(new BigDecimal(v.trim()).doubleValue());
                } catch (NumberFormatException notANumber) {
                    return v;
                }
            }
            return v;
        }

        static Map<String, String> withSoapPrefixes(Map<String, String> prefixes) {
            // the envelope's prefixes win: in a WSDL, soap and soap12 name the binding extensions, never found in an answer
            Map<String, String> all = new LinkedHashMap<>(prefixes);
            all.put("soap", "http://schemas.xmlsoap.org/soap/envelope/");
            all.put("soapenv", "http://schemas.xmlsoap.org/soap/envelope/");
            all.put("soap12", "http://www.w3.org/2003/05/soap-envelope");
            return all;
        }
    }

    // ---- jsonpath

    final class JsonPathCheck implements AnswerCheck {
        private static final com.fasterxml.jackson.databind.ObjectMapper VALUES = new com.fasterxml.jackson.databind.ObjectMapper();
        private static final Configuration JSON = Configuration.builder()
                .jsonProvider(new JacksonJsonNodeJsonProvider()).mappingProvider(new JacksonMappingProvider())
                .options(Option.SUPPRESS_EXCEPTIONS).build();
        private static final List<String> OPERATORS = List.of("==", "!=", "<=", ">=", "<", ">");

        private final String text;
        private final JsonPath path;
        private final String operator;
        private final Placeholders expected;

        private JsonPathCheck(String text, JsonPath path, String operator, Placeholders expected) {
            this.text = text;
            this.path = path;
            this.operator = operator;
            this.expected = expected;
        }

        static JsonPathCheck of(String text, String written) throws OwnServiceException {
            String pathText = written;
            String operator = null;
            String value = null;
            int at = operatorAt(written);
            if (at >= 0) {
                for (String op : OPERATORS) {
                    if (written.startsWith(op, at)) {
                        operator = op;
                        break;
                    }
                }
                pathText = written.substring(0, at).trim();
                value = unquote(written.substring(at + operator.length()).trim());
            }
            try {
                return new JsonPathCheck(text, JsonPath.compile(pathText), operator,
                        value == null ? null : Placeholders.of(value));
            } catch (RuntimeException e) {
                throw new OwnServiceException("check '" + text + "': not a JSONPath: " + whyNot(e));
            }
        }

        /**
         * Why Jayway refused a path, in one line: its own InvalidPathException says it; on a path that ends inside a
         * bracket or a filter ({@code $..[}) it reads past the end and throws a StringIndexOutOfBoundsException instead,
         * whose message says nothing to a user.
         */
        static String whyNot(RuntimeException e) {
            for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
                if (t instanceof IndexOutOfBoundsException) { // Jayway wraps it in its InvalidPathException, message and all
                    return "it ends too soon (a bracket, quote or filter left open)";
                }
            }
            return String.valueOf(e.getMessage()).lines().findFirst().orElse("");
        }

        /** Where the comparison operator starts: the first one outside brackets and quotes, with a space before it. */
        private static int operatorAt(String s) {
            int depth = 0;
            char quote = 0;
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (quote != 0) {
                    quote = c == quote ? 0 : quote;
                } else if (c == '\'' || c == '"') {
                    quote = c;
                } else if (c == '[' || c == '(') {
                    depth++;
                } else if (c == ']' || c == ')') {
                    depth--;
                } else if (depth == 0 && i > 0 && s.charAt(i - 1) == ' ') {
                    for (String op : OPERATORS) {
                        if (s.startsWith(op, i)) {
                            return i;
                        }
                    }
                }
            }
            return -1;
        }

        /** A value written in quotes ('…' or "…") without them; any other as written. */
        static String unquote(String v) {
            if (v.length() >= 2 && (v.charAt(0) == '\'' || v.charAt(0) == '"') && v.charAt(v.length() - 1) == v.charAt(0)) {
                return v.substring(1, v.length() - 1);
            }
            return v;
        }

        @Override
        public String text() {
            return text;
        }

        @Override
        public Set<String> placeholders() {
            return expected == null ? Set.of() : expected.names();
        }

        @Override
        public String problem(Answer answer) {
            JsonNode doc = answer.json();
            if (doc == null) {
                return "not JSON";
            }
            // a function (length(), sum(), min()...) answers a plain number, not a node
            Object read = path.read(doc, JSON);
            JsonNode found = read == null || read instanceof JsonNode ? (JsonNode) read : VALUES.valueToTree(read);
            if (found != null && found.isArray() && !path.isDefinite()) {
                found = found.size() == 1 ? found.get(0) : found.size() == 0 ? null : found;
            }
            if (operator == null) {
                return found == null || found.isNull() || (found.isBoolean() && !found.asBoolean())
                        ? "absent: " + path.getPath() : null;
            }
            if (found == null || found.isMissingNode()) {
                return "absent: " + path.getPath();
            }
            String want = expected.fill(answer.row(), v -> v);
            String got = found.isValueNode() ? found.asText() : found.toString();
            int cmp = compare(got, want);
            boolean ok = switch (operator) {
                case "==" -> cmp == 0;
                case "!=" -> cmp != 0;
                case "<" -> cmp < 0;
                case "<=" -> cmp <= 0;
                case ">" -> cmp > 0;
                default -> cmp >= 0;
            };
            return ok ? null : path.getPath() + " is " + got + ", not " + operator + " " + want;
        }

        /** Numbers by value (5.0 == 5), anything else as text. */
        private static int compare(String got, String want) {
            try {
                return new BigDecimal(got.trim()).compareTo(new BigDecimal(want.trim()));
            } catch (NumberFormatException notNumbers) {
                return Objects.equals(got, want) ? 0 : got.compareTo(want);
            }
        }

        @Override
        public AnswerCheck instance() {
            return this; // a compiled JsonPath is immutable
        }
    }

    // ---- status

    /**
     * {@code status: 201}, {@code 2xx} or a list; {@code status: !404,500} accepts every status but those ({@code refused});
     * {@code status: ${code}} the row's (a data set that expects a 404 for some rows, as openapi-generator's JMeter plans
     * do): then {@code filled} is non-null and the codes are read from each answer's row, parsed again only when the
     * row's value differs from the last one's ({@code last}, one per I/O thread: {@link #instance}).
     */
    record StatusCheck(String text, List<String> accepted, boolean refused, Placeholders filled, Last last) implements AnswerCheck {

        /** The codes an I/O thread's last answer filled in, and their check (null where they were no HTTP status). */
        static final class Last {
            private String now;
            private StatusCheck check;
        }

        static StatusCheck of(String text, String written) throws OwnServiceException {
            Placeholders p = Placeholders.of(written);
            if (!p.names().isEmpty()) {
                codes(text, p.fill(Map.of(), v -> "200")); // its form, with a stand-in for each value: a row's is read as it comes
                return new StatusCheck(text, List.of(), false, p, new Last());
            }
            return codes(text, written);
        }

        /** The check of the codes {@code written} names, no placeholder read in it. */
        private static StatusCheck codes(String text, String written) throws OwnServiceException {
            boolean refused = written.startsWith("!");
            List<String> codes = new ArrayList<>();
            for (String c : (refused ? written.substring(1) : written).trim().split("[,\\s]+")) {
                if (!c.matches("[1-5]([0-9]{2}|xx|XX)")) {
                    throw new OwnServiceException("check '" + text + "': not an HTTP status (201, 2xx, a list: 200,201, or all but: !404,500)");
                }
                codes.add(c.toLowerCase(java.util.Locale.ROOT));
            }
            return new StatusCheck(text, List.copyOf(codes), refused, null, null);
        }

        boolean accepts(int status) {
            String s = String.valueOf(status);
            return refused != accepted.stream().anyMatch(c -> c.equals(s) || (c.endsWith("xx") && c.charAt(0) == s.charAt(0)));
        }

        @Override
        public Set<String> placeholders() {
            return filled == null ? Set.of() : filled.names();
        }

        @Override
        public String problem(Answer answer) {
            if (filled != null) {
                String now = filled.fill(answer.row(), v -> v);
                if (!now.equals(last.now)) {
                    last.now = now;
                    try {
                        last.check = codes(text, now);
                    } catch (OwnServiceException e) {
                        last.check = null;
                    }
                }
                return last.check == null ? "the row's status '" + now + "' is not an HTTP status" : last.check.problem(answer);
            }
            return accepts(answer.status()) ? null : "status " + answer.status() + (refused ? ", one of " + String.join(", ", accepted)
                    : ", not " + String.join(" or ", accepted));
        }

        @Override
        public AnswerCheck instance() {
            return filled == null ? this : new StatusCheck(text, accepted, refused, filled, new Last());
        }
    }

    // ---- schema

    /**
     * The answer's body against its schema. Validity is a function of the answer's status, type and bytes alone, so an
     * I/O thread's instance remembers the answers it found valid ({@link Valid}) and one that comes again, byte for
     * byte, is valid again: the answers of a data set's rows come back as they were, and XmlBeans parsing and
     * validating each one cost the generator about 90 µs against spyne's hello, as much as many servers spend.
     */
    record SchemaCheck(String text, AnswerSchema schema, Valid valid) implements AnswerCheck {
        SchemaCheck(String text, AnswerSchema schema) {
            this(text, schema, null);
        }

        @Override
        public Set<String> placeholders() {
            return Set.of();
        }

        @Override
        public String problem(Answer answer) {
            // the answer as the memory finds it, hashed once: looked up, and kept when it proves valid
            Valid.Seen seen = valid == null ? null : Valid.probe(answer.status(), answer.contentType(), answer.body(), answer.length());
            if (seen != null && valid.knows(seen)) {
                return null;
            }
            String problem = schema.problem(answer.status(), answer.contentType(), answer.body(), answer.length());
            if (problem == null && seen != null) {
                valid.remember(seen);
            }
            return problem;
        }

        @Override
        public AnswerCheck instance() {
            return new SchemaCheck(text, schema, new Valid());
        }
    }

    /**
     * The answers one I/O thread's schema check found valid: up to {@link #ANSWERS} of at most {@link #BYTES} bytes
     * each, forgotten all at once when full (a data set of more distinct answers than that is checked in full, as
     * before). An answer is found by its status, its type and its bytes, all compared.
     */
    final class Valid {
        static final int ANSWERS = 256;
        static final int BYTES = 16 * 1024;

        private final java.util.Map<Seen, Boolean> seen = new java.util.HashMap<>();

        /** A remembered answer, or a probe of one not copied. */
        record Seen(int status, String type, byte[] body, int length, int hash) {
            @Override
            public boolean equals(Object o) {
                return o instanceof Seen s && s.status == status && s.length == length && s.hash == hash && java.util.Objects.equals(s.type, type)
                        && java.util.Arrays.equals(s.body, 0, s.length, body, 0, length);
            }

            @Override
            public int hashCode() {
                return hash;
            }
        }

        private static int hash(int status, String type, byte[] body, int length) {
            int h = 31 * status + (type == null ? 0 : type.hashCode());
            for (int i = 0; i < length; i++) {
                h = 31 * h + body[i];
            }
            return h;
        }

        /** The answer as a key over its bytes, not copied; null for one over {@link #BYTES}, never remembered. */
        static Seen probe(int status, String type, byte[] body, int length) {
            return length > BYTES ? null : new Seen(status, type, body, length, hash(status, type, body, length));
        }

        boolean knows(Seen probe) {
            return seen.containsKey(probe);
        }

        /** Keeps {@code probe}'s answer, its bytes copied (the probe's are the I/O thread's buffer). */
        void remember(Seen probe) {
            if (seen.size() >= ANSWERS) {
                seen.clear();
            }
            seen.put(new Seen(probe.status(), probe.type(), java.util.Arrays.copyOf(probe.body(), probe.length()), probe.length(),
                    probe.hash()), Boolean.TRUE);
        }
    }
}
