package io.wsbench.model.suite;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.yaml.snakeyaml.error.MarkedYAMLException;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads suite YAML. Every mistake becomes a {@link SuiteException} of one line,
 * {@code file:line:column: what is wrong}.
 */
public final class SuiteReader {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

    private SuiteReader() {
    }

    public static Suite read(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new SuiteException(file + ": no such suite file");
        } catch (CharacterCodingException e) {
            throw new SuiteException(file + ": not UTF-8 text (a suite is a YAML file)");
        } catch (IOException e) {
            throw new SuiteException(file + ": cannot read: " + e.getMessage());
        }
        return parse(text, file);
    }

    public static Suite parse(String text, Path file) {
        try {
            Suite s = YAML.readValue(text, Suite.class);
            if (s == null) {
                throw new SuiteException(file + ":1:1: the suite is empty");
            }
            return s.from(file);
        } catch (JsonProcessingException e) {
            throw new SuiteException(file + ":" + where(e) + ": " + explain(e));
        }
    }

    /**
     * A flow file ({@code wsbench load --flow}): one target as a suite writes it, with its
     * {@code flow}; every mistake one line naming file, line and column.
     */
    public static TargetSpec readFlow(Path file) {
        try {
            TargetSpec t = YAML.readValue(Files.readString(file), TargetSpec.class);
            if (t == null || t.flow() == null) {
                throw new SuiteException(file + ":1:1: a flow file is a target with a 'flow' (its steps)");
            }
            return t;
        } catch (NoSuchFileException e) {
            throw new SuiteException(file + ": no such flow file");
        } catch (CharacterCodingException e) {
            throw new SuiteException(file + ": not UTF-8 text (a flow file is YAML)");
        } catch (JsonProcessingException e) {
            throw new SuiteException(file + ":" + where(e) + ": " + explain(e));
        } catch (IOException e) {
            throw new SuiteException(file + ": cannot read: " + e.getMessage());
        }
    }

    /**
     * Names the place of a value given by its JSON pointer (e.g. "/targets/2/stack"), for errors
     * found after parsing, such as a stack that does not exist.
     */
    public static SuiteException at(Suite suite, String pointer, String message) {
        Path file = suite.source();
        if (file == null) {
            return new SuiteException(message);
        }
        try (JsonParser p = YAML.getFactory().createParser(Files.readString(file))) {
            JsonLocation best = null;
            while (p.nextToken() != null) {
                String path = p.getParsingContext().pathAsPointer().toString();
                if (p.currentToken() != JsonToken.FIELD_NAME && pointer.equals(path)) {
                    best = p.currentTokenLocation();
                    break;
                }
                if (best == null && pointer.startsWith(path) && !path.isEmpty()) {
                    best = p.currentTokenLocation();
                }
            }
            return new SuiteException(file + ":" + (best == null ? "1:1" : where(best)) + ": " + message);
        } catch (IOException e) {
            return new SuiteException(file + ": " + message);
        }
    }

    /**
     * Where the YAML went wrong: for a syntax error, where its problem lies (an unclosed '[' is found at the end of the
     * file), else where Jackson stopped.
     */
    private static String where(JsonProcessingException e) {
        MarkedYAMLException y = yaml(e);
        if (y != null && y.getProblemMark() != null) {
            return (y.getProblemMark().getLine() + 1) + ":" + (y.getProblemMark().getColumn() + 1);
        }
        return where(e.getLocation());
    }

    /** The YAML parser's own error under {@code e}, or null. */
    private static MarkedYAMLException yaml(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof MarkedYAMLException m) {
                return m;
            }
        }
        return null;
    }

    private static String where(JsonLocation loc) {
        return loc == null ? "1:1" : Math.max(1, loc.getLineNr()) + ":" + Math.max(1, loc.getColumnNr());
    }

    /** Jackson's word for what it found, in its "from X value" (MismatchedInputException's message). */
    private static final Pattern FOUND = Pattern.compile("from (Array|Object|Integer|Floating-point|String|Boolean|Null)"
            + "(?: value)?(?: \\('([^']*)'\\)| \"([^\"]*)\")?");

    /**
     * A value of the wrong kind in a user's words: where it is (its keys from the top), what goes there and what was
     * found ("load[0].users: a whole number goes here, not the text 'abc'"), instead of Jackson's ("Cannot deserialize
     * value of type Integer from String "abc""), which names Java's types. Null where Jackson's message is not one
     * of those.
     */
    static String mismatch(MismatchedInputException e) {
        String m = e.getOriginalMessage();
        if (m != null && m.startsWith("No content to map due to end-of-input")) {
            return "the file is empty";
        }
        Class<?> type = e.getTargetType();
        if (type != null && type.isEnum()) {
            return null; // Jackson's own message lists the values a suite may write
        }
        Matcher found = FOUND.matcher(m == null ? "" : m);
        if (type == null || !found.find()) {
            return null;
        }
        String value = found.group(2) != null ? found.group(2) : found.group(3);
        String what = switch (found.group(1)) {
            case "Array" -> "a list";
            case "Object" -> "a mapping of keys";
            case "Integer", "Floating-point" -> "a number";
            case "Boolean" -> "true or false";
            case "Null" -> "nothing (null)";
            default -> value == null ? "text" : "the text '" + value + "'";
        };
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) {
                path.append(path.length() == 0 ? "" : ".").append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                path.append('[').append(r.getIndex()).append(']');
            }
        }
        String goes = wanted(type);
        if (path.length() == 0) {
            return (type == TargetSpec.class ? "a flow file is " + goes + " (label:, flow: ...)"
                    : "a suite is " + goes + " (name:, targets:, load: ...)") + " at its top level, not " + what;
        }
        return path + ": " + goes + " goes here, not " + what;
    }

    /** What a value of this Java type is in a suite's words. */
    private static String wanted(Class<?> type) {
        if (Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "a list";
        }
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
            return "a whole number";
        }
        if (Number.class.isAssignableFrom(type) || type == double.class || type == float.class) {
            return "a number";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (type == String.class) {
            return "text";
        }
        return "a mapping of keys";
    }

    private static String explain(JsonProcessingException e) {
        if (e instanceof UnrecognizedPropertyException u) {
            return "unknown key '" + u.getPropertyName() + "' (known: " + u.getKnownPropertyIds() + ")";
        }
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        if (root instanceof IllegalArgumentException && root != e) {
            return root.getMessage();
        }
        MarkedYAMLException y = yaml(e);
        if (y != null && y.getProblem() != null) {
            // SnakeYAML says what it was doing first ("while parsing a flow node"), then what it found: the problem is the news
            boolean elsewhere = y.getContext() != null && y.getContextMark() != null && y.getProblemMark() != null
                    && y.getContextMark().getIndex() != y.getProblemMark().getIndex();
            return "YAML: " + y.getProblem() + (!elsewhere ? ""
                    : " (" + y.getContext() + " that began at " + (y.getContextMark().getLine() + 1) + ":"
                    + (y.getContextMark().getColumn() + 1) + ")");
        }
        if (e instanceof MismatchedInputException mismatch) {
            String said = mismatch(mismatch);
            if (said != null) {
                return said;
            }
        }
        String m = e.getOriginalMessage();
        if (e instanceof JsonMappingException && m != null) {
            m = m.replaceAll("`[a-zA-Z.]*\\.([A-Za-z]+)`", "$1").replaceAll("\\(class [^)]*\\)", "");
        }
        int nl = m == null ? -1 : m.indexOf('\n');
        return (nl > 0 ? m.substring(0, nl) : String.valueOf(m)).trim();
    }
}
