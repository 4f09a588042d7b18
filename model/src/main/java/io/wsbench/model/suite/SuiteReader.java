package io.wsbench.model.suite;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.yaml.snakeyaml.error.MarkedYAMLException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

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
        String m = e.getOriginalMessage();
        if (e instanceof JsonMappingException && m != null) {
            m = m.replaceAll("`[a-zA-Z.]*\\.([A-Za-z]+)`", "$1").replaceAll("\\(class [^)]*\\)", "");
        }
        int nl = m == null ? -1 : m.indexOf('\n');
        return (nl > 0 ? m.substring(0, nl) : String.valueOf(m)).trim();
    }
}
