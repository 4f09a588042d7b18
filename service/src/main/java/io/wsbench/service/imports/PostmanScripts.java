package io.wsbench.service.imports;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The common patterns of a Postman test script, read line by line and made wsbench rules: a value an
 * answer gives stored in a variable ({@code pm.environment.set('t', pm.response.json().token)}, the
 * {@code collectionVariables}, {@code globals} and {@code variables} forms, the old
 * {@code postman.setEnvironmentVariable}) an extraction; {@code pm.test}'s status, header, body and
 * JSON expectations, and the old {@code tests['…'] = …} forms, checks; a bound on
 * {@code responseTime} a threshold of the suite. A line of none of these is handed back, to be named:
 * scripts are not run.
 */
final class PostmanScripts {

    /** What a script gave: extractions (variable → extraction), checks, latency bounds ({@code max<200ms}), literal sets, and the lines not converted. */
    static final class Rules {
        final Map<String, String> extract = new java.util.LinkedHashMap<>();
        final List<String> checks = new ArrayList<>();
        final List<String> latency = new ArrayList<>();
        final Map<String, String> literals = new java.util.LinkedHashMap<>();
        final List<String> unconverted = new ArrayList<>();
    }

    private static final String Q = "(['\"`])";
    private static final String NAME = "([A-Za-z_$][\\w$]*)";
    /** A JSON root: the answer parsed. */
    private static final String ROOT = "(?:pm\\.response\\.json\\(\\)|JSON\\.parse\\(\\s*(?:responseBody|pm\\.response\\.text\\(\\))\\s*\\))";
    /** A path after a root: .a, [0], ["a"]. */
    private static final String PATH = "((?:\\s*(?:\\.\\s*[A-Za-z_$][\\w$]*|\\[\\s*\\d+\\s*]|\\[\\s*['\"][^'\"]*['\"]\\s*]))*)";
    private static final Pattern ALIAS = Pattern.compile("(?:var|let|const)?\\s*" + NAME + "\\s*=\\s*(.+?)\\s*(?:\\|\\|\\s*\\{\\s*}\\s*)?;?");
    private static final Pattern SET = Pattern.compile("(?:pm\\.(?:environment|collectionVariables|globals|variables)\\.set|postman\\.set(?:Environment|Global)Variable)"
            + "\\(\\s*" + Q + "([^'\"`]+)\\1\\s*,\\s*(.+?)\\s*\\)\\s*;?");
    private static final Pattern TEST_OPEN = Pattern.compile("pm\\.test\\(\\s*" + Q + ".*?\\1\\s*,\\s*(?:function\\s*\\(\\s*\\)|\\(\\s*\\)\\s*=>)\\s*\\{\\s*(.*)");
    /** An arrow function whose body is one expression, as Postman's newer snippets write: pm.test('ok', () => pm.response.to.have.status(200)); */
    private static final Pattern TEST_ARROW = Pattern.compile("pm\\.test\\(\\s*" + Q + ".*?\\1\\s*,\\s*\\(\\s*\\)\\s*=>\\s*([^{\\s].*?)\\s*\\)\\s*;?");
    private static final Pattern OLD_TEST = Pattern.compile("tests\\[\\s*" + Q + ".*?\\1\\s*]\\s*=\\s*(.+?);?");
    private static final Pattern STATUS = Pattern.compile("pm\\.response\\.to\\.have\\.status\\(\\s*(\\d{3})\\s*\\);?");
    private static final Pattern STATUS_NAMED = Pattern.compile("pm\\.response\\.to\\.(?:be\\.ok|be\\.success|not\\.be\\.error)\\s*;?");
    private static final Pattern EXPECT = Pattern.compile("pm\\.expect\\((.+?)\\)(?:\\.to)?(?:\\.be|\\.deep)?\\.(eql|equal|equals|eq|include|includes|contain|contains|below|lessThan|above|greaterThan|oneOf|exist|not\\.be\\.undefined|not\\.be\\.null|not\\.eql|not\\.equal|not\\.include|have\\.property)(?:\\((.*)\\))?\\s*;?");
    private static final Pattern HEADER = Pattern.compile("pm\\.response\\.to\\.have\\.header\\(\\s*" + Q + "([^'\"`]+)\\1\\s*(?:,\\s*" + Q + "([^'\"`]*)\\3\\s*)?\\)\\s*;?");
    private static final Pattern BODY = Pattern.compile("pm\\.response\\.to\\.have\\.body\\(\\s*" + Q + "(.*)\\1\\s*\\)\\s*;?");
    private static final Pattern EXPECT_TRUE = Pattern.compile("pm\\.expect\\((.+)\\)(?:\\.to)?(?:\\.be)?\\.(true|ok)\\s*;?");
    /** Lines that hold no test: braces, comments, a bare declaration, a try or catch, a console line. */
    private static final Pattern STRUCTURE = Pattern.compile("\\}?\\s*\\)?\\s*;?|\\{|//.*|/\\*.*|\\*.*|\\*/|(?:var|let|const)\\s+[\\w$]+"
            + "|\\}?\\s*catch\\s*\\(\\s*\\w+\\s*\\)\\s*\\{?.*|try\\s*\\{?|console\\.\\w+\\(.*\\)");

    // the shapes read inside a test's condition or expectation
    private static final Pattern CODE_IS = Pattern.compile("(?:responseCode\\.code|pm\\.response\\.code)\\s*===?\\s*(\\d{3})");
    private static final Pattern BODY_HAS = Pattern.compile("responseBody\\.(?:has|includes|indexOf)\\(\\s*" + Q + "(.*)\\1\\s*\\)(?:\\s*(?:!==?|>=?)\\s*-?\\d+)?");
    private static final Pattern HEADER_PRESENT = Pattern.compile("\\(?\\s*(?:postman\\.getResponseHeader|pm\\.response\\.headers\\.(?:get|has))\\(\\s*" + Q + "([^'\"`]+)\\1\\s*\\)\\s*\\)?");
    private static final Pattern KEY_IN = Pattern.compile(Q + "([^'\"`]+)\\1\\s+in\\s+(.+)");
    private static final Pattern TIME_BOUND = Pattern.compile("(?:pm\\.response\\.)?responseTime\\s*(<=?)\\s*(\\d+)");
    private static final Pattern HAS_PROPERTY = Pattern.compile("(.+?)\\.hasOwnProperty\\(\\s*" + Q + "([^'\"`]+)\\2\\s*\\)");
    private static final Pattern EQUALS = Pattern.compile("(.+?)\\s*===?\\s*(.+)");
    private static final Pattern HEADER_GET = Pattern.compile("pm\\.response\\.headers\\.get\\(\\s*" + Q + "([^'\"`]+)\\1\\s*\\)");
    private static final Pattern VARIABLE_GET = Pattern.compile("pm\\.(?:environment|collectionVariables|globals|variables|iterationData)\\.get\\(\\s*" + Q + "([^'\"`]+)\\1\\s*\\)" + "|(?:environment|globals)\\[\\s*" + Q + "([^'\"`]+)\\3\\s*]");
    private static final Pattern QUOTED = Pattern.compile(Q + "(.*)\\1");
    private static final Pattern JSON_READ = Pattern.compile("(" + ROOT + "|" + NAME + ")" + PATH);
    private static final Pattern HEADER_READ = Pattern.compile("pm\\.response\\.headers\\.get\\(\\s*" + Q + "([^'\"`]+)\\1\\s*\\)|postman\\.getResponseHeader\\(\\s*" + Q + "([^'\"`]+)\\3\\s*\\)");

    private final Map<String, String> aliases = new HashMap<>();
    private final Function<String, String> variables;

    /** {@code variables}: the suite's text for a Postman variable's value read in a script ({@code pm.environment.get('x')}). */
    PostmanScripts(Function<String, String> variables) {
        this.variables = variables;
    }

    Rules read(List<String> lines) {
        Rules r = new Rules();
        aliases.clear();
        for (String raw : lines) {
            for (String statement : statements(raw)) {
                line(statement.trim(), r);
            }
        }
        return r;
    }

    /** A line's statements: split at each ';' outside quotes, parentheses and brackets (a callback's body stays whole). */
    static List<String> statements(String line) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        char quote = 0;
        int start = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == '\\') {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '\'' || c == '"' || c == '`') {
                quote = c;
            } else if (c == '(' || c == '[') {
                depth++;
            } else if (c == ')' || c == ']') {
                depth--;
            } else if (c == ';' && depth <= 0) {
                out.add(line.substring(start, i));
                start = i + 1;
            }
        }
        out.add(line.substring(start));
        return out;
    }

    private void line(String l, Rules r) {
        if (l.isEmpty() || STRUCTURE.matcher(l).matches()) {
            return;
        }
        if (l.matches("try\\s*\\{.+")) {
            line(l.replaceFirst("try\\s*\\{", "").replaceFirst("}\\s*$", "").trim(), r);
            return;
        }
        Matcher m;
        if ((m = TEST_ARROW.matcher(l)).matches()) {
            line(m.group(2), r);
            return;
        }
        if ((m = TEST_OPEN.matcher(l)).matches()) {
            String rest = m.group(2).trim();
            if (!rest.isEmpty()) {
                line(rest.replaceAll("\\}\\s*\\)\\s*;?$", "").trim(), r);
            }
            return;
        }
        if ((m = SET.matcher(l)).matches()) {
            String value = m.group(3);
            String json = jsonPath(value);
            String header = header(value);
            if (json != null) {
                r.extract.put(m.group(2), "jsonpath:" + json);
            } else if (header != null) {
                r.extract.put(m.group(2), "header:" + header);
            } else if (value.matches("(['\"`])[^'\"`]*\\1")) {
                r.literals.put(m.group(2), value.substring(1, value.length() - 1));
            } else {
                r.unconverted.add(l);
            }
            return;
        }
        if ((m = STATUS.matcher(l)).matches()) {
            r.checks.add("status: " + m.group(1));
            return;
        }
        if ((m = STATUS_NAMED.matcher(l)).matches()) {
            r.checks.add(l.contains("be.ok") ? "status: 200" : "status: 2xx");
            return;
        }
        if ((m = HEADER.matcher(l)).matches()) {
            r.checks.add("header:" + m.group(2) + (m.group(4) == null ? "" : " == " + Texts.literal(m.group(4))));
            return;
        }
        if ((m = BODY.matcher(l)).matches()) {
            r.checks.add("regex:\\A" + Texts.regexLiteral(Texts.literal(m.group(2))) + "\\z");
            return;
        }
        if ((m = OLD_TEST.matcher(l)).matches()) {
            if (!condition(m.group(2).trim(), r)) {
                r.unconverted.add(l);
            }
            return;
        }
        if ((m = EXPECT_TRUE.matcher(l)).matches()) {
            if (!condition(m.group(1).trim(), r)) {
                r.unconverted.add(l);
            }
            return;
        }
        if ((m = EXPECT.matcher(l)).matches()) {
            if (!expectation(number(m.group(1).trim()), m.group(2), m.group(3) == null ? null : number(m.group(3).trim()), r)) {
                r.unconverted.add(l);
            }
            return;
        }
        if ((m = ALIAS.matcher(l)).matches() && jsonPath(m.group(2)) != null) {
            aliases.put(m.group(1), jsonPath(m.group(2)));
            return;
        }
        r.unconverted.add(l);
    }

    /** An old {@code tests[…] = CONDITION}: a status, a body that holds a text, a JSON value, a time bound. */
    private boolean condition(String c, Rules r) {
        Matcher m;
        if ((m = CODE_IS.matcher(c)).matches()) {
            r.checks.add("status: " + m.group(1));
            return true;
        }
        if ((m = BODY_HAS.matcher(c)).matches() && !Texts.literal(m.group(2)).isBlank()) {
            r.checks.add("contains:" + Texts.literal(m.group(2)));
            return true;
        }
        if ((m = HEADER_PRESENT.matcher(c)).matches()) {
            r.checks.add("header:" + m.group(2));
            return true;
        }
        if ((m = KEY_IN.matcher(c)).matches()) {
            String base = jsonPath(m.group(3).trim());
            if (base != null) {
                r.checks.add("jsonpath:" + base + "['" + m.group(2) + "']");
                return true;
            }
            return false;
        }
        if ((m = TIME_BOUND.matcher(c)).matches()) {
            r.latency.add("max" + m.group(1) + m.group(2) + "ms");
            return true;
        }
        if ((m = HAS_PROPERTY.matcher(c)).matches()) {
            String base = jsonPath(m.group(1));
            if (base != null) {
                r.checks.add("jsonpath:" + base + "." + m.group(3));
                return true;
            }
            return false;
        }
        if ((m = EQUALS.matcher(c)).matches()) {
            String path = jsonPath(m.group(1).trim());
            String value = value(m.group(2).trim());
            if (path != null && value != null) {
                r.checks.add("jsonpath:" + path + " == " + value);
                return true;
            }
        }
        String path = jsonPath(c.replaceFirst("^!!", ""));
        if (path != null) {
            r.checks.add("jsonpath:" + path);
            return true;
        }
        return false;
    }

    /** chai's {@code property}'s arguments: a quoted key, and a value after a comma or none. */
    private static final Pattern PROPERTY = Pattern.compile(Q + "([^'\"`]+)\\1\\s*(?:,\\s*(.+))?");
    private static final Pattern TO_NUMBER = Pattern.compile("(?:Number|parseInt|parseFloat)\\((.+)\\)");

    /** {@code Number(x)} (or parseInt, parseFloat) as {@code x}: wsbench compares numbers by value already. */
    private static String number(String expression) {
        Matcher m = TO_NUMBER.matcher(expression);
        return m.matches() ? m.group(1).trim() : expression;
    }

    private boolean expectation(String subject, String verb, String argument, Rules r) {
        if (subject.matches("pm\\.response\\.(?:code|status)") || subject.equals("responseCode.code")) {
            if (argument != null && argument.matches("\\d{3}") && List.of("eql", "equal", "equals", "eq").contains(verb)) {
                r.checks.add("status: " + argument);
                return true;
            }
            if ("oneOf".equals(verb) && argument != null && argument.matches("\\[\\s*\\d{3}(\\s*,\\s*\\d{3})*\\s*]")) {
                r.checks.add("status: " + argument.replaceAll("[\\[\\]\\s]", ""));
                return true;
            }
            return false;
        }
        if (subject.matches("pm\\.response\\.responseTime|responseTime") && argument != null && argument.matches("\\d+")
                && List.of("below", "lessThan").contains(verb)) {
            r.latency.add("max<" + argument + "ms");
            return true;
        }
        if (subject.matches("pm\\.response\\.text\\(\\)|responseBody") && argument != null && verb.matches("include|includes|contain|contains|not\\.include")) {
            String text = unquoted(argument);
            if (text == null || text.isBlank()) {
                return false;
            }
            r.checks.add((verb.startsWith("not") ? "!contains:" : "contains:") + text);
            return true;
        }
        Matcher h = HEADER_GET.matcher(subject);
        if (h.matches() && argument != null && List.of("eql", "equal", "equals", "eq").contains(verb)) {
            String v = unquoted(argument);
            if (v != null) {
                r.checks.add("header:" + h.group(2) + " == " + v);
                return true;
            }
            return false;
        }
        String path = jsonPath(subject);
        if (path == null) {
            return false;
        }
        switch (verb) {
            case "have.property" -> {
                // chai's property('k') or property('k', value): the key under the subject, present or equal
                Matcher k = PROPERTY.matcher(argument == null ? "" : argument);
                String value = k.matches() && k.group(3) != null ? value(k.group(3).trim()) : null;
                if (!k.matches() || k.group(3) != null && value == null) {
                    return false;
                }
                String at = path + (k.group(2).matches("[A-Za-z_$][\\w$]*") ? "." + k.group(2) : "['" + k.group(2).replace("'", "\\'") + "']");
                r.checks.add("jsonpath:" + at + (value == null ? "" : " == " + value));
                return true;
            }
            case "exist", "not.be.undefined", "not.be.null" -> {
                r.checks.add("jsonpath:" + path);
                return true;
            }
            case "eql", "equal", "equals", "eq", "not.eql", "not.equal" -> {
                String value = argument == null ? null : value(argument);
                if (value == null) {
                    return false;
                }
                r.checks.add("jsonpath:" + path + (verb.startsWith("not") ? " != " : " == ") + value);
                return true;
            }
            case "below", "lessThan", "above", "greaterThan" -> {
                if (argument == null || !argument.matches("-?\\d+(\\.\\d+)?")) {
                    return false;
                }
                r.checks.add("jsonpath:" + path + (verb.equals("below") || verb.equals("lessThan") ? " < " : " > ") + argument);
                return true;
            }
            default -> {
                return false;
            }
        }
    }

    /** A literal or a variable read as the suite's text for a jsonpath comparison; null when it is neither. */
    private String value(String v) {
        if (v.matches("-?\\d+(\\.\\d+)?|true|false|null")) {
            return v;
        }
        String text = unquoted(v);
        if (text != null) {
            return "'" + text + "'";
        }
        Matcher get = VARIABLE_GET.matcher(v);
        if (get.matches()) {
            String name = get.group(2) != null ? get.group(2) : get.group(4);
            String value = variables.apply(name);
            return value == null ? null : value.startsWith("${") ? value : Texts.jsonValue(value);
        }
        return null;
    }

    private static String unquoted(String v) {
        Matcher q = QUOTED.matcher(v.trim());
        return q.matches() ? Texts.literal(q.group(2)) : null;
    }

    /** The JSONPath of a JavaScript expression that reads the answer's JSON (through an alias or not); null when it does not. */
    String jsonPath(String expression) {
        Matcher m = JSON_READ.matcher(expression.trim());
        if (!m.matches()) {
            return null;
        }
        String root;
        if (m.group(2) != null) {
            root = aliases.get(m.group(2));
            if (root == null) {
                return null;
            }
        } else {
            root = "$";
        }
        String path = m.group(3).replaceAll("\\s+", "").replaceAll("\\[\"([^\"]*)\"]", "['$1']");
        return root + path;
    }

    private static String header(String expression) {
        Matcher m = HEADER_READ.matcher(expression.trim());
        return m.matches() ? (m.group(2) != null ? m.group(2) : m.group(4)) : null;
    }
}
