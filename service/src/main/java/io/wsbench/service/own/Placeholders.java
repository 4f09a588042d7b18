package io.wsbench.service.own;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * A text with {@code ${name}} placeholders, split once so that filling it for a row is a walk over
 * its pieces. {@code $${} writes a literal {@code ${}.
 */
public final class Placeholders {

    private final List<String> literals = new ArrayList<>();
    private final List<String> names = new ArrayList<>();

    private Placeholders(String text) {
        StringBuilder literal = new StringBuilder();
        int i = 0;
        while (i < text.length()) {
            if (text.startsWith("$${", i)) {
                literal.append("${");
                i += 3;
            } else if (text.startsWith("${", i) && text.indexOf('}', i + 2) > i + 2) {
                int end = text.indexOf('}', i + 2);
                literals.add(literal.toString());
                literal.setLength(0);
                names.add(text.substring(i + 2, end).trim());
                i = end + 1;
            } else {
                literal.append(text.charAt(i++));
            }
        }
        literals.add(literal.toString());
    }

    public static Placeholders of(String text) {
        return new Placeholders(text);
    }

    /** The names used, in order of first use. */
    public Set<String> names() {
        return new LinkedHashSet<>(names);
    }

    /** The text with each placeholder replaced by its row value passed through {@code escape}. */
    public String fill(Map<String, String> row, UnaryOperator<String> escape) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < names.size(); i++) {
            out.append(literals.get(i));
            String v = row.get(names.get(i));
            out.append(escape.apply(v == null ? "" : v));
        }
        return out.append(literals.get(names.size())).toString();
    }

    /** XML character escaping, for values placed in element text or attribute values. */
    public static String xml(String s) {
        return io.wsbench.contract.Xml.attribute(s);
    }
}
