package io.wsbench.service.har;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Attribute;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where in a recorded answer a value first appears, as an extraction a flow can run on that answer
 * each time: a JSON field ({@code jsonpath:}), a header ({@code header:}), an HTML element's attribute
 * ({@code css:SEL@attr}, as a hidden input's {@code css:input[name=csrf]@value}), or any text
 * ({@code regex:} built around it, its group the value's kind of characters). Each extraction found is
 * run on the recorded answer before it is offered, and offered only when it gives the value back.
 */
final class Correlator {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Answer headers whose values are never a request's: the jar keeps cookies, the rest describe the answer. */
    private static final Set<String> PLAIN_HEADERS = Set.of("set-cookie", "date", "content-type", "content-length", "server",
            "connection", "keep-alive", "vary", "cache-control", "expires", "last-modified", "etag", "transfer-encoding",
            "content-encoding", "x-frame-options", "x-content-type-options", "referrer-policy", "cross-origin-opener-policy");

    private Correlator() {
    }

    /** The extraction that takes {@code value} from {@code answer} (with its headers), or null when it is not there. */
    static String find(String value, HarFile.Entry answer, String pathPrefix) {
        String text = answer.answer();
        if (pathPrefix != null) {
            String path = aroundPath(value, text, pathPrefix);
            if (path != null) {
                return path;
            }
        }
        JsonNode json = json(answer);
        if (json != null) {
            String p = jsonPath(json, value, "$");
            if (p != null) {
                return "jsonpath:" + p;
            }
        }
        for (HarFile.Pair h : answer.answerHeaders()) {
            if (!PLAIN_HEADERS.contains(h.name().toLowerCase(Locale.ROOT)) && h.value().equals(value)) {
                return "header:" + h.name();
            }
        }
        if (text.isEmpty() || !text.contains(value)) {
            return null;
        }
        if (text.contains("<")) {
            String css = css(value, text);
            if (css != null) {
                return css;
            }
        }
        // a short value is found in text by chance (a 7 inside a token): only the places above hold it
        return value.length() >= 6 ? aroundText(value, text) : null;
    }

    private static JsonNode json(HarFile.Entry e) {
        String t = e.answer().trim();
        if (!(e.answerType().contains("json") || t.startsWith("{") || t.startsWith("["))) {
            return null;
        }
        try {
            return JSON.readTree(t);
        } catch (Exception notJson) {
            return null;
        }
    }

    /** The JSONPath of the first leaf (document order) whose text is {@code value}. */
    private static String jsonPath(JsonNode node, String value, String at) {
        if (node.isValueNode()) {
            return !node.isNull() && node.asText().equals(value) ? at : null;
        }
        if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                String p = jsonPath(node.get(i), value, at + "[" + i + "]");
                if (p != null) {
                    return p;
                }
            }
            return null;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> f = it.next();
            String key = f.getKey().matches("[A-Za-z_][A-Za-z0-9_]*") ? "." + f.getKey() : "['" + f.getKey().replace("'", "\\'") + "']";
            String p = jsonPath(f.getValue(), value, at + key);
            if (p != null) {
                return p;
            }
        }
        return null;
    }

    /** An element holding {@code value} in an attribute, named by its name or id: the first such, as a selector finds it. */
    private static String css(String value, String html) {
        Document doc = Jsoup.parse(html);
        for (Element e : doc.getAllElements()) {
            for (Attribute a : e.attributes()) {
                if (!a.getValue().equals(value) || a.getKey().equals("name") || a.getKey().equals("id")) {
                    continue;
                }
                String selector = e.hasAttr("name") ? e.tagName() + "[name=" + quoted(e.attr("name")) + "]"
                        : e.id().isEmpty() ? null : "#" + e.id();
                Element first = selector == null ? null : doc.selectFirst(selector);
                if (first != null && value.equals(first.attr(a.getKey()))) {
                    return "css:" + selector + "@" + a.getKey();
                }
            }
        }
        return null;
    }

    private static String quoted(String name) {
        return name.matches("[A-Za-z_][-A-Za-z0-9_]*") ? name : "\"" + name.replace("\"", "\\\"") + "\"";
    }

    /** A path segment's value after {@code prefix} (the request's path up to it), as a link in the answer holds it. */
    private static String aroundPath(String value, String text, String prefix) {
        int at = text.indexOf(prefix + value);
        if (at < 0) {
            return null;
        }
        int end = at + prefix.length() + value.length();
        String after = end < text.length() ? String.valueOf(text.charAt(end)) : "";
        return verified("regex:" + quote(prefix) + "(" + kind(value) + "+)" + quote(after), text, value);
    }

    /** The value with up to 16 characters of the same line before it, its group the value's kind of characters. */
    private static String aroundText(String value, String text) {
        int at = text.indexOf(value);
        int from = at;
        while (from > 0 && at - from < 16 && text.charAt(from - 1) != '\n') {
            from--;
        }
        String before = text.substring(from, at);
        if (before.isEmpty()) {
            return null; // no context to hold it by
        }
        int end = at + value.length();
        String regex = "regex:" + quote(before) + "(" + kind(value) + "+)";
        String found = verified(regex, text, value);
        return found != null || end >= text.length() ? found : verified(regex + quote(String.valueOf(text.charAt(end))), text, value);
    }

    /** The regex when its first match's group is {@code value}, else null. */
    private static String verified(String regex, String text, String value) {
        Matcher m = Pattern.compile(regex.substring("regex:".length())).matcher(text);
        return m.find() && value.equals(m.group(1)) ? regex : null;
    }

    /** The characters a value of this kind is made of, as a class. */
    private static String kind(String value) {
        if (value.matches("[0-9]+")) {
            return "[0-9]";
        }
        if (value.matches("[A-Za-z0-9]+")) {
            return "[A-Za-z0-9]";
        }
        if (value.matches("[-A-Za-z0-9_.~]+")) {
            return "[-A-Za-z0-9_.~]";
        }
        return "[^\"'<>\\s&]";
    }

    /** Regex-quoted, readably: letters, digits and a few safe characters as they are. */
    private static String quote(String s) {
        StringBuilder out = new StringBuilder();
        for (char c : s.toCharArray()) {
            if (Character.isLetterOrDigit(c) || c == ' ' || c == '_' || c == '-' || c == '/' || c == '=' || c == ':'
                    || c == '"' || c == '\'' || c == '<' || c == '>' || c == ',' || c == ';' || c == '@' || c == '#') {
                out.append(c);
            } else {
                out.append('\\').append(c);
            }
        }
        return out.toString();
    }
}
