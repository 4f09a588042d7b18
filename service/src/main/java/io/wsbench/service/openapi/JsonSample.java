package io.wsbench.service.openapi;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;
import io.swagger.v3.oas.models.media.Schema;
import io.wsbench.service.sample.Bounds;
import io.wsbench.service.sample.Patterns;

import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A JSON value written from an OpenAPI schema: a sample (its example, the first of its enum, or a
 * value of its type and format at each leaf) or a template (a {@code ${name}} placeholder at each
 * leaf: quoted for strings, bare for numbers and booleans, names made unique by their path). A
 * template for data leaves out what the schema does not require and the data has no column for.
 *
 * <p>A reference the parser left unresolved, as it does where a schema refers to itself (a tree's children), is an
 * empty array as an array's items, left out as a property the object does not require, and an empty object otherwise:
 * the text "text" it was written as is no object. A discriminator's property holds the chosen choice's name.
 */
final class JsonSample {

    /** Deep enough for any real body; a schema that refers to itself stops here. */
    private static final int MAX_DEPTH = 12;
    /** Examples as swagger-parser reads them: a date-time inside an object's example is an OffsetDateTime, written as ISO text. */
    private static final ObjectMapper JSON = new ObjectMapper().registerModule(new com.fasterxml.jackson.datatype.jsr310.JavaTimeModule())
            .disable(com.fasterxml.jackson.databind.SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final boolean placeholders;
    /** The data's columns, for a template for data; else null: every leaf is written. */
    private final Set<String> columns;
    private final Set<String> names;
    private final List<String> written = new ArrayList<>();
    private final Set<String> optional = new LinkedHashSet<>();
    /** The spec's component schemas by identity, with their names: what a discriminator without a mapping writes. */
    private final Map<Schema<?>, String> components;

    private JsonSample(boolean placeholders, Set<String> taken, Set<String> columns, Map<Schema<?>, String> components) {
        this.placeholders = placeholders;
        this.columns = columns;
        this.names = new LinkedHashSet<>(taken);
        this.components = components;
    }

    /** A sample value of {@code schema}, pretty-printed. */
    static String sample(Schema<?> schema) {
        return sample(schema, Map.of());
    }

    /** A sample value of {@code schema}, a choice's discriminator named as {@code components} name its schema. */
    static String sample(Schema<?> schema, Map<Schema<?>, String> components) {
        return write(schema, false, Set.of(), null, components).text;
    }

    /** The value with a placeholder per leaf, names unique among themselves and {@code taken} (the parameters'). */
    static Written template(Schema<?> schema, Set<String> taken) {
        return write(schema, true, taken, null, Map.of());
    }

    /**
     * The template for data whose header is {@code columns}: a property the schema does not require
     * is left out when none of its placeholders is a column, as an optional parameter is. Names are
     * those of the whole template, whatever is left out, so they read as {@code --template} lists them.
     */
    static Written template(Schema<?> schema, Set<String> taken, Set<String> columns) {
        return write(schema, true, taken, columns, Map.of());
    }

    /** The text; its placeholders in order; those of them the data may lack (in a property the schema does not require). */
    record Written(String text, List<String> names, Set<String> optional) {
    }

    private static Written write(Schema<?> schema, boolean placeholders, Set<String> taken, Set<String> columns,
                                 Map<Schema<?>, String> components) {
        JsonSample s = new JsonSample(placeholders, taken, columns, components);
        JsonNode root = s.value(schema, "value", "", 0, false, false);
        try {
            String text = JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root == null ? NullNode.getInstance() : root);
            return new Written(text, List.copyOf(s.written), Set.copyOf(s.optional));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The value of {@code schema}; {@code own}: its parent does not require it, {@code under}: nor
     * something above it. Null when it is left out: optional, and none of its placeholders a column.
     */
    private JsonNode value(Schema<?> schema, String name, String path, int depth, boolean own, boolean under) {
        if (schema == null || depth > MAX_DEPTH) {
            return NullNode.getInstance();
        }
        if (unresolved(schema)) {
            return NODES.objectNode(); // a reference to a schema being written (a recursive one's): an object, empty
        }
        Schema<?> s = merged(schema);
        String type = type(s);
        int mark = written.size();
        JsonNode node;
        if ("object".equals(type)) {
            ObjectNode o = NODES.objectNode();
            io.swagger.v3.oas.models.media.Discriminator d = discriminator(schema, s);
            List<String> required = s.getRequired() == null ? List.of() : s.getRequired();
            if (s.getProperties() != null) {
                for (Map.Entry<String, Schema> p : s.getProperties().entrySet()) {
                    if (p.getValue() != null && Boolean.TRUE.equals(merged(p.getValue()).getReadOnly())) {
                        continue; // the server's to write (an id, a status): not sent in a request, required or not
                    }
                    if (p.getValue() != null && unresolved(p.getValue()) && !required.contains(p.getKey())) {
                        continue; // a recursive reference the object does not require: its end
                    }
                    JsonNode v = value(p.getValue(), p.getKey(), path.isEmpty() ? p.getKey() : path + "." + p.getKey(), depth + 1,
                            !required.contains(p.getKey()), own || under);
                    if (v != null) {
                        o.set(p.getKey(), v);
                    }
                }
            }
            for (String r : required) {
                if (!o.has(r) && (s.getProperties() == null || !s.getProperties().containsKey(r))) {
                    o.put(r, placeholders ? "${" + unique(r, path.isEmpty() ? r : path + "." + r) + "}" : "text"); // required, never described
                }
            }
            String tag = placeholders || d == null || d.getPropertyName() == null ? null : tag(d, chosen(schema));
            if (tag != null) {
                o.put(d.getPropertyName(), tag); // which of the choices the object is: the server reads it first
            }
            node = o;
        } else if ("array".equals(type)) {
            ArrayNode a = NODES.arrayNode();
            if (s.getItems() != null && unresolved(s.getItems()) && (s.getMinItems() == null || s.getMinItems() == 0)) {
                return a; // items of a schema being written (a tree's children): none
            }
            a.add(value(s.getItems(), name, path.isEmpty() ? name : path, depth + 1, false, own || under));
            int least = placeholders || s.getMinItems() == null ? 1 : Math.min(s.getMinItems(), 10); // a template's one
            for (int i = 1; i < least; i++) {
                a.add(a.get(0).deepCopy());
            }
            node = a;
        } else if (placeholders) {
            String unique = unique(name, path);
            if (own || under) {
                optional.add(unique);
            }
            String placeholder = "${" + unique + "}";
            node = "string".equals(type) || type == null ? NODES.textNode(placeholder) : NODES.rawValueNode(new RawValue(placeholder));
        } else {
            node = leaf(s, type);
        }
        if (columns != null && own && written.subList(mark, written.size()).stream().noneMatch(columns::contains)) {
            written.subList(mark, written.size()).clear();
            return null;
        }
        return node;
    }

    private String unique(String name, String path) {
        String n = name;
        if (names.contains(n) && !path.isEmpty()) {
            n = path;
        }
        String base = n;
        for (int i = 2; names.contains(n); i++) {
            n = base + i;
        }
        names.add(n);
        written.add(n);
        return n;
    }

    private static JsonNode leaf(Schema<?> s, String type) {
        List<?> allowed = s.getEnum() == null || s.getEnum().isEmpty() ? null : s.getEnum();
        Object example = s.getConst() != null ? s.getConst()
                : fits(s, s.getExample(), allowed, type) ? s.getExample()
                : s.getExamples() != null && !s.getExamples().isEmpty() && fits(s, s.getExamples().get(0), allowed, type) ? s.getExamples().get(0)
                : allowed != null ? allowed.get(0)
                : fits(s, s.getDefault(), null, type) ? s.getDefault() : null;
        if (example instanceof java.time.temporal.TemporalAccessor || example instanceof java.util.Date) {
            // swagger-parser reads a date-time's example as an OffsetDateTime (a date's as a Date): the text is the value
            return NODES.textNode(example instanceof java.util.Date d ? d.toInstant().toString().substring(0, 10) : example.toString());
        }
        if (example != null) {
            return JSON.valueToTree(example);
        }
        return switch (type == null ? "string" : type) {
            // at the minimum where there is one (an id's 1), else 3 and 1.5; then inside every bound
            case "integer" -> NODES.numberNode(number(s, s.getMinimum() != null ? s.getMinimum().max(BigDecimal.ONE) : BigDecimal.valueOf(3),
                    true).toBigInteger());
            case "number" -> NODES.numberNode(number(s, s.getMinimum() != null ? s.getMinimum().max(new BigDecimal("1.5"))
                    : new BigDecimal("1.5"), false));
            case "boolean" -> NODES.booleanNode(true);
            case "null" -> NullNode.getInstance();
            default -> NODES.textNode(string(s, switch (s.getFormat() == null ? "" : s.getFormat()) {
                case "date" -> "2026-01-31";
                case "date-time" -> "2026-01-31T12:00:00Z";
                case "uuid" -> "3f2504e0-4f89-41d3-9a0c-0305e82c3301";
                case "email" -> "ada@example.com";
                case "uri" -> "https://example.com/";
                case "byte" -> "d3NiZW5jaA==";
                default -> "text";
            }));
        };
    }

    /**
     * Whether a schema's example or default may stand as its value: present, one of its enum's values if it has one ("Choose..."
     * is no status), not a null where the type is not null (3.1's {@code default: null} on a string), and a text its
     * pattern and lengths accept (GitHub's artifact digest has the example "sha256:0ecbaa...", which its own
     * {@code ^sha256:[a-f0-9]{64}$} refuses).
     */
    private static boolean fits(Schema<?> s, Object example, List<?> allowed, String type) {
        if (example == null || (example instanceof JsonNode n && n.isNull() && !"null".equals(type))) {
            return false;
        }
        if (example instanceof String text && (s.getPattern() != null || s.getMinLength() != null || s.getMaxLength() != null)
                && !string(s, text).equals(text)) {
            return false;
        }
        return allowed == null || allowed.stream().anyMatch(v -> String.valueOf(v).equals(String.valueOf(example)));
    }

    /** A reference left as it was: the parser resolves every other, and leaves those that refer back to a schema it is in. */
    private static boolean unresolved(Schema<?> s) {
        return s.get$ref() != null && type(s) == null && s.getOneOf() == null && s.getAnyOf() == null;
    }

    /**
     * {@code preferred} inside the schema's bounds: {@code minimum} and {@code maximum}, exclusive as OpenAPI 3.0 says
     * ({@code exclusiveMinimum: true}) or 3.1 and JSON Schema do ({@code exclusiveMinimum: 0}, a bound of its own).
     */
    static BigDecimal number(Schema<?> s, BigDecimal preferred, boolean integer) {
        BigDecimal low = s.getMinimum();
        boolean lowExclusive = Boolean.TRUE.equals(s.getExclusiveMinimum());
        if (s.getExclusiveMinimumValue() != null && (low == null || s.getExclusiveMinimumValue().compareTo(low) >= 0)) {
            low = s.getExclusiveMinimumValue();
            lowExclusive = true;
        }
        BigDecimal high = s.getMaximum();
        boolean highExclusive = Boolean.TRUE.equals(s.getExclusiveMaximum());
        if (s.getExclusiveMaximumValue() != null && (high == null || s.getExclusiveMaximumValue().compareTo(high) <= 0)) {
            high = s.getExclusiveMaximumValue();
            highExclusive = true;
        }
        BigDecimal v = Bounds.within(preferred, low, lowExclusive, high, highExclusive, integer);
        BigDecimal step = s.getMultipleOf();
        if (step != null && step.signum() > 0 && v.remainder(step).signum() != 0) {
            BigDecimal up = v.divide(step, 0, java.math.RoundingMode.CEILING).multiply(step); // the next multiple
            v = Bounds.within(up, low, lowExclusive, high, highExclusive, integer).equals(up) ? up : v;
        }
        return v;
    }

    /**
     * {@code preferred} where the schema's {@code pattern} and lengths accept it, else a string they do: a validating
     * server refuses every request whose sample breaks them (FastAPI: 422, "String should match pattern").
     */
    static String string(Schema<?> s, String preferred) {
        String pattern = s.getPattern();
        Integer min = s.getMinLength();
        Integer max = s.getMaxLength();
        int length = preferred.codePointCount(0, preferred.length());
        boolean lengthOk = (min == null || length >= min) && (max == null || length <= max);
        if (pattern == null) {
            return lengthOk ? preferred : Patterns.resized(preferred, min, max);
        }
        try {
            if (lengthOk && java.util.regex.Pattern.compile(pattern).matcher(preferred).find()) {
                return preferred;
            }
        } catch (java.util.regex.PatternSyntaxException notJava) {
            // an ECMA-262 pattern Java's engine reads otherwise: the automaton's example is checked by its own reading
        }
        String example = Patterns.example(List.of(pattern), false, min, max);
        // no string the automaton holds: the lengths at least (AWS's tokens of 32 or more, whose patterns hold \p{...})
        return example != null ? example : lengthOk ? preferred : Patterns.resized(preferred, min, max);
    }

    /**
     * The discriminator that says which schema an object is: its own, its merged form's, or, for an {@code allOf} that
     * extends a base (a Dog of a Pet; itself or as the choice taken), the base's, which names the extending schema.
     */
    private io.swagger.v3.oas.models.media.Discriminator discriminator(Schema<?> schema, Schema<?> merged) {
        if (schema.getDiscriminator() != null || merged.getDiscriminator() != null) {
            return schema.getDiscriminator() != null ? schema.getDiscriminator() : merged.getDiscriminator();
        }
        Schema<?> taken = chosen(schema);
        for (Schema<?> extending : List.of(schema, taken)) { // the schema, or the choice it takes
            for (Schema<?> part : extending.getAllOf() == null ? List.<Schema>of() : extending.getAllOf()) {
                if (part != null && part.getDiscriminator() != null) {
                    return part.getDiscriminator();
                }
            }
        }
        // the parser merges an allOf into one object and drops its base's discriminator: a component with a discriminator
        // all of whose properties the taken schema has, the discriminator's among them, is the base it extended
        Map<String, Schema> own = taken.getProperties();
        if (own == null || !components.containsKey(taken)) {
            return null;
        }
        return components.keySet().stream()
                .filter(base -> base != taken && base.getDiscriminator() != null && base.getProperties() != null
                        && own.containsKey(base.getDiscriminator().getPropertyName()) && own.keySet().containsAll(base.getProperties().keySet()))
                .map(Schema::getDiscriminator).findFirst().orElse(null);
    }

    /** The schema a sample of {@code schema} takes: its first choice, when it has choices. */
    private static Schema<?> chosen(Schema<?> schema) {
        List<Schema> choices = choices(schema);
        return choices == null ? schema : choices.get(0);
    }

    /** Its oneOf's choices, else its anyOf's; null when it has neither. */
    private static List<Schema> choices(Schema<?> s) {
        return s.getOneOf() != null && !s.getOneOf().isEmpty() ? s.getOneOf()
                : s.getAnyOf() != null && !s.getAnyOf().isEmpty() ? s.getAnyOf() : null;
    }

    /**
     * The discriminator's value for {@code chosen}, the choice a sample takes: the mapping's key whose schema is the
     * choice (by its component name or its title), else the first key; without a mapping, the choice's component
     * name, as OpenAPI says; null when it has none (an inline choice: its property keeps its sample).
     */
    private String tag(io.swagger.v3.oas.models.media.Discriminator d, Schema<?> chosen) {
        String name = components.get(chosen);
        if (d.getMapping() == null || d.getMapping().isEmpty()) {
            return name;
        }
        String title = chosen.getTitle();
        return d.getMapping().entrySet().stream()
                .filter(e -> (name != null && e.getValue().endsWith("/" + name)) || (title != null && e.getValue().endsWith("/" + title)))
                .map(Map.Entry::getKey).findFirst().orElse(d.getMapping().keySet().iterator().next());
    }

    /** allOf's parts merged into one object; oneOf and anyOf take their first choice. */
    private static Schema<?> merged(Schema<?> s) {
        if (s.getAllOf() != null && !s.getAllOf().isEmpty()) {
            Schema<Object> all = new Schema<>();
            Map<String, Schema> properties = new LinkedHashMap<>();
            Set<String> required = new LinkedHashSet<>();
            if (s.getProperties() != null) {
                properties.putAll(s.getProperties());
            }
            if (s.getRequired() != null) {
                required.addAll(s.getRequired());
            }
            for (Schema<?> part : s.getAllOf()) {
                Schema<?> m = merged(part);
                if (m.getProperties() != null) {
                    properties.putAll(m.getProperties());
                    if (m.getRequired() != null) {
                        required.addAll(m.getRequired());
                    }
                } else if (type(m) != null && !"object".equals(type(m))) {
                    return m;
                }
            }
            all.setType("object");
            all.setProperties(properties);
            all.setRequired(new ArrayList<>(required));
            return all;
        }
        List<Schema> choices = choices(s);
        if (choices == null) {
            return s;
        }
        Schema<?> first = merged(choices.get(0));
        if ((type(first) != null && !"object".equals(type(first))) || s.getProperties() == null) {
            return first;
        }
        // an object whose choices say which of its properties are required (readme.io's createDoc), or narrow some of
        // them (GitHub's checks/update: status completed, then conclusion required): the object with the first choice's
        // properties over its own and its required ones too, and without those only the other choices require (with them,
        // the object would be valid under several choices, which a oneOf refuses)
        Schema<Object> object = new Schema<>();
        object.setType("object");
        Set<String> required = new LinkedHashSet<>(s.getRequired() == null ? List.of() : s.getRequired());
        required.addAll(first.getRequired() == null ? List.of() : first.getRequired());
        Map<String, Schema> properties = new LinkedHashMap<>(s.getProperties());
        if (first.getProperties() != null) {
            properties.putAll(first.getProperties());
        }
        for (Schema<?> other : choices.subList(1, choices.size())) {
            for (String r : other.getRequired() == null ? List.<String>of() : other.getRequired()) {
                if (!required.contains(r)) {
                    properties.remove(r);
                }
            }
        }
        object.setProperties(properties);
        object.setRequired(new ArrayList<>(required));
        return object;
    }

    /** The schema's type in 3.0 ({@code type}) or 3.1 ({@code types}, "null" set aside); guessed from its keywords when absent. */
    static String type(Schema<?> s) {
        if (s.getType() != null) {
            return s.getType();
        }
        if (s.getTypes() != null) {
            for (String t : s.getTypes()) {
                if (!"null".equals(t)) {
                    return t;
                }
            }
            if (s.getTypes().contains("null")) {
                return "null"; // 3.1's type: 'null' alone: a JSON null is its only value
            }
        }
        if (s.getProperties() != null || s.getAllOf() != null) {
            return "object";
        }
        return s.getItems() != null ? "array" : null;
    }

    /** "integer", "string/date", "array of object": what a listing says of a parameter. */
    static String typeName(Schema<?> s) {
        Schema<?> m = merged(s);
        String t = type(m);
        if ("array".equals(t)) {
            return "array of " + (m.getItems() == null ? "any" : typeName(m.getItems()));
        }
        return (t == null ? "any" : t) + (m.getFormat() == null ? "" : "/" + m.getFormat())
                + (m.getEnum() == null || m.getEnum().isEmpty() ? "" : " one of " + m.getEnum());
    }
}
