package io.wsbench.service.own;

import com.fasterxml.jackson.databind.JsonNode;
import com.jayway.jsonpath.Configuration;
import com.jayway.jsonpath.JsonPath;
import com.jayway.jsonpath.Option;
import com.jayway.jsonpath.spi.json.JacksonJsonNodeJsonProvider;
import com.jayway.jsonpath.spi.mapper.JacksonMappingProvider;

import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Where a flow's variable is taken from in an answer, as the user writes it: {@code jsonpath:PATH}
 * (the value at the path; an object or array as JSON), {@code xpath:EXPR} (the expression's string
 * value), {@code header:NAME}, {@code regex:PATTERN} (its first group, or the whole match without
 * one), {@code css:SELECTOR} (the first element's text, as shown) or {@code css:SELECTOR@attr} (its
 * attribute; jsoup, on the body parsed as a browser parses HTML) or {@code status}. A parsed extraction is a recipe: {@link #instance()} makes the one an I/O
 * thread uses. Each reads only what it needs: the body is parsed only for JSONPath and XPath, once
 * per answer for all of a step's extractions and checks.
 */
public final class Extraction {

    private enum Kind { JSONPATH, XPATH, HEADER, REGEX, CSS, STATUS }

    private static final Configuration JSON = Configuration.builder()
            .jsonProvider(new JacksonJsonNodeJsonProvider()).mappingProvider(new JacksonMappingProvider())
            .options(Option.SUPPRESS_EXCEPTIONS).build();

    private final String text;
    private final Kind kind;
    private final String argument;
    private final JsonPath json;
    private final Pattern regex;
    private final Map<String, String> prefixes;
    private final DomXPath xpath;
    /** A css: extraction's selector and attribute (null: the element's text). */
    private org.jsoup.select.Evaluator css;
    private String attribute;

    private Extraction(String text, Kind kind, String argument, JsonPath json, Pattern regex, Map<String, String> prefixes)
            throws DomXPath.Invalid {
        this.text = text;
        this.kind = kind;
        this.argument = argument;
        this.json = json;
        this.regex = regex;
        this.prefixes = prefixes;
        this.xpath = kind == Kind.XPATH ? new DomXPath(argument, prefixes, null) : null;
    }

    /** {@code prefixes}: the namespace prefixes an XPath may use (a WSDL's own; the SOAP envelope's always). */
    public static Extraction parse(String text, Map<String, String> prefixes) throws OwnServiceException {
        String t = text.trim();
        int colon = t.indexOf(':');
        String word = (colon < 0 ? t : t.substring(0, colon)).toLowerCase(Locale.ROOT);
        String arg = colon < 0 ? "" : t.substring(colon + 1).trim();
        try {
            return switch (word) {
                case "jsonpath" -> new Extraction(text, Kind.JSONPATH, arg, JsonPath.compile(arg), null, prefixes);
                case "xpath" -> new Extraction(text, Kind.XPATH, arg, null, null, AnswerCheck.XPathCheck.withSoapPrefixes(prefixes));
                case "header" -> {
                    if (arg.isEmpty()) {
                        throw new OwnServiceException("'" + text + "': header: needs the header's name");
                    }
                    yield new Extraction(text, Kind.HEADER, arg.toLowerCase(Locale.ROOT), null, null, prefixes);
                }
                case "regex" -> {
                    Pattern p = Pattern.compile(arg);
                    yield new Extraction(text, Kind.REGEX, arg, null, p, prefixes);
                }
                case "css" -> {
                    String[] sel = TextChecks.Css.selector(text, arg);
                    Extraction e = new Extraction(text, Kind.CSS, arg, null, null, prefixes);
                    e.css = TextChecks.Css.evaluator(text, sel[0]);
                    e.attribute = sel[1];
                    yield e;
                }
                case "status" -> new Extraction(text, Kind.STATUS, "", null, null, prefixes);
                default -> throw new OwnServiceException("'" + text + "': not an extraction"
                        + " (jsonpath:PATH, xpath:EXPR, header:NAME, regex:PATTERN, css:SELECTOR[@attr] or status)");
            };
        } catch (DomXPath.Invalid e) {
            throw new OwnServiceException("'" + text + "': not an XPath 1.0 expression: " + e.getMessage());
        } catch (PatternSyntaxException e) {
            throw new OwnServiceException("'" + text + "': not a regular expression: " + e.getDescription());
        } catch (RuntimeException e) {
            throw new OwnServiceException("'" + text + "': not a JSONPath: " + AnswerCheck.JsonPathCheck.whyNot(e));
        }
    }

    public String text() {
        return text;
    }

    /** The header it reads, in lower case; null when it reads none. */
    public String header() {
        return kind == Kind.HEADER ? argument : null;
    }

    /** A copy with its own XPath state, for one I/O thread (the other kinds share theirs safely). */
    public Extraction instance() {
        if (kind != Kind.XPATH) {
            return this;
        }
        try {
            return new Extraction(text, kind, argument, null, null, prefixes);
        } catch (DomXPath.Invalid e) {
            throw new IllegalStateException("compiled once already", e);
        }
    }

    /** The value found in {@code answer}, or null when there is none. {@code headers}: by lower-case name. */
    public String from(AnswerCheck.Answer answer, Map<String, String> headers) {
        return switch (kind) {
            case STATUS -> Integer.toString(answer.status());
            case CSS -> TextChecks.Css.value(answer.html(), css, attribute);
            case HEADER -> headers.get(argument);
            case REGEX -> {
                Matcher m = regex.matcher(answer.text());
                yield !m.find() ? null : m.groupCount() >= 1 ? m.group(1) : m.group();
            }
            case JSONPATH -> {
                JsonNode doc = answer.json();
                if (doc == null) {
                    yield null;
                }
                Object found = json.read(doc, JSON);
                if (!(found instanceof JsonNode n) || n.isNull() || n.isMissingNode()) {
                    yield null;
                }
                if (n.isArray() && n.size() == 1 && !json.isDefinite()) {
                    n = n.get(0); // a filter's one match is the value, not a list of it
                }
                if (n.isArray() && n.isEmpty()) {
                    yield null;
                }
                yield n.isValueNode() ? n.asText() : n.toString();
            }
            case XPATH -> {
                org.w3c.dom.Document doc = answer.xml();
                if (doc == null) {
                    yield null;
                }
                try {
                    yield xpath.test(doc) ? xpath.string(doc) : null;
                } catch (DomXPath.Invalid e) {
                    yield null;
                }
            }
        };
    }
}
