package io.wsbench.service.imports;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** How the importers write a value where a suite reads text: literals, XPath and patterns. */
final class Texts {

    private Texts() {
    }

    /** {@code s} as a literal of a suite's text: a {@code ${} in it is written {@code $${}, so it is sent as it was. */
    static String literal(String s) {
        return s.replace("${", "$${");
    }

    /** A variable's use in a suite's text. */
    static String variable(String name) {
        return "${" + name + "}";
    }

    private static final Pattern DECLARE = Pattern.compile("\\s*declare\\s+namespace\\s+[A-Za-z_][\\w.-]*\\s*=\\s*(['\"])[^'\"]*\\1\\s*;");
    private static final Pattern DEFAULT_NS = Pattern.compile("\\s*declare\\s+default\\s+element\\s+namespace\\s+(['\"])[^'\"]*\\1\\s*;");
    /** A qualified name in a path: a prefix, one colon, a local name (not an axis {@code child::} or a function call). */
    private static final Pattern QNAME = Pattern.compile("(?<![\\w:.'\"-])([A-Za-z_][\\w.-]*):(?!:)([A-Za-z_*][\\w.-]*)(?!\\s*\\()");

    /**
     * An XPath as SoapUI and JMeter write it ({@code declare namespace ns='…'; //ns:AddResult}, or a bare
     * {@code //sam:login/username} whose prefix the answer declares) made one that holds whatever the
     * answer's prefixes: each {@code p:name} step becomes {@code *[local-name()='name']} ({@code @p:a}
     * likewise), the declarations dropped. Names in quotes are left alone.
     */
    static String localNames(String xpath) {
        String p = xpath;
        Matcher d;
        while ((d = DECLARE.matcher(p)).lookingAt() || (d = DEFAULT_NS.matcher(p)).lookingAt()) {
            p = p.substring(d.end());
        }
        p = p.trim();
        StringBuilder out = new StringBuilder();
        char quote = 0;
        int start = 0;
        for (int i = 0; i <= p.length(); i++) {
            char c = i < p.length() ? p.charAt(i) : 0;
            if (quote == 0 && (c == '\'' || c == '"' || i == p.length())) {
                out.append(replaceNames(p.substring(start, i)));
                start = i;
                quote = c;
            } else if (quote != 0 && c == quote) {
                out.append(p, start, i + 1);
                start = i + 1;
                quote = 0;
            }
        }
        if (start < p.length()) {
            out.append(p.substring(start));
        }
        return out.toString();
    }

    private static String replaceNames(String unquoted) {
        Matcher m = QNAME.matcher(unquoted);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String local = m.group(2);
            m.appendReplacement(out, Matcher.quoteReplacement(local.equals("*") ? "*" : "*[local-name()='" + local + "']"));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** {@code s} as an XPath string literal: in single quotes, or double when it holds one, or a concat() when it holds both. */
    static String xpathString(String s) {
        if (!s.contains("'")) {
            return "'" + s + "'";
        }
        if (!s.contains("\"")) {
            return "\"" + s + "\"";
        }
        return "concat('" + s.replace("'", "', \"'\", '") + "')";
    }

    /** A literal text as a regular expression that matches it, the suite's {@code ${variables}} in it kept as variables. */
    static String regexLiteral(String text) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < text.length()) {
            if (text.startsWith("$${", i)) {
                out.append("\\$\\{");
                i += 3;
            } else if (text.startsWith("${", i) && text.indexOf('}', i) > i + 2) {
                int end = text.indexOf('}', i);
                out.append(text, i, end + 1);
                i = end + 1;
            } else {
                char c = text.charAt(i++);
                out.append("\\.[]{}()<>*+-=!?^$|".indexOf(c) >= 0 ? "\\" + c : String.valueOf(c));
            }
        }
        return out.toString();
    }

    /**
     * scheme://authority of an address as a file writes it, its variables kept: all before its path, query or fragment;
     * "" for one with no scheme (an endpoint empty once its properties are put in, sent to --url's origin).
     */
    static String origin(String url) {
        if (!url.contains("://")) {
            return "";
        }
        int scheme = url.indexOf("://") + 3;
        int end = scheme;
        while (end < url.length() && "/?#".indexOf(url.charAt(end)) < 0) {
            end++;
        }
        return url.substring(0, end);
    }

    /** The path and query of an address as a file writes it (after its {@link #origin}). */
    static String pathOf(String url) {
        return url.substring(origin(url).length());
    }

    /** Whether {@code url} is an http:// or https:// address whose server is known now (no variable in its origin). */
    static boolean knownServer(String url) {
        return url.matches("(?i)https?://[^$/?#\\s]+([/?#].*)?");
    }

    /** A whole number as a file writes it (a decimal rounded); {@code otherwise} when it is absent or no number. */
    static long number(String text, long otherwise) {
        double d = decimal(text, otherwise);
        return Math.round(d);
    }

    /** As {@link #number(String, long)}, 0 when it is absent or no number. */
    static long number(String text) {
        return number(text, 0);
    }

    /** A number as a file writes it; {@code otherwise} when it is absent or no number. */
    static double decimal(String text, double otherwise) {
        try {
            return text == null || text.isBlank() ? otherwise : Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }

    static String encode(String s) {
        return java.net.URLEncoder.encode(s, java.nio.charset.StandardCharsets.UTF_8);
    }

    /** A JSON value as a suite's jsonpath check compares it: a number or true/false bare, any other text quoted. */
    static String jsonValue(String v) {
        String t = v.trim();
        if (t.matches("-?\\d+(\\.\\d+)?([eE][+-]?\\d+)?|true|false|null") || t.startsWith("${") && t.endsWith("}")) {
            return t;
        }
        return "'" + t + "'";
    }
}
