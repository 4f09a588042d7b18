package io.wsbench.service.sample;

import dk.brics.automaton.Automaton;
import dk.brics.automaton.BasicAutomata;
import dk.brics.automaton.BasicOperations;
import dk.brics.automaton.RegExp;

import java.util.List;

/**
 * A value that a schema's string constraints accept: its pattern (XML Schema's {@code xs:pattern}, or a JSON
 * Schema's ECMA-262 {@code pattern}) and its lengths, for the sample requests written from a WSDL or an OpenAPI
 * spec. A validating server refuses "text" where its schema asks for {@code ^[A-Z]{3}-\d{4}$} (FastAPI answers 422 to
 * every request), so a sample must match. The pattern is compiled to a finite automaton (dk.brics.automaton),
 * intersected with the lengths and with a readable alphabet, and its shortest string taken: deterministic, and
 * exact for the regular expressions both dialects share. What the automaton cannot hold (back references,
 * look-arounds, anchors inside, character class subtraction, Unicode categories beyond letters and digits) gives no
 * example, and the caller keeps its own.
 */
public final class Patterns {

    /** Alphabets tried in turn, most readable first: the shortest example of a pattern allowing any character would
     *  otherwise be a control character. */
    private static final List<Automaton> ALPHABETS = List.of(
            new RegExp("[a-zA-Z0-9]*", RegExp.NONE).toAutomaton(),
            new RegExp("[ -~]*", RegExp.NONE).toAutomaton(),
            new RegExp("[ -\ud7ff]*", RegExp.NONE).toAutomaton());

    private Patterns() {
    }

    /**
     * The shortest readable string that matches every one of {@code patterns} (XML Schema's when {@code xsd}, else a
     * JSON Schema's) and has {@code minLength} to {@code maxLength} characters (null: no bound); null when there is
     * none, or a pattern is beyond what an automaton holds.
     */
    public static String example(List<String> patterns, boolean xsd, Integer minLength, Integer maxLength) {
        int min = minLength == null ? 0 : Math.max(0, minLength);
        if (maxLength != null && (maxLength < min || maxLength > 10_000)) {
            return null;
        }
        // a JSON Schema pattern matches anywhere: a string that matches it whole (anchored) matches it too, and its
        // automaton stays small, where .*PATTERN.* grows exponentially when made deterministic (AWS's
        // arn:[^:]*:iam::[^:]*:role/.{1,576} ran for minutes): the whole match first, then the anywhere one
        for (boolean anywhere : xsd ? new boolean[]{false} : new boolean[]{false, true}) {
            Automaton a = null;
            boolean widened = false;
            for (String p : patterns) {
                String translated = xsd ? fromXsd(p) : fromEcma(p, anywhere);
                if (translated == null) {
                    return null;
                }
                String wide = widened(translated);
                widened |= !wide.equals(translated);
                try {
                    Automaton one = new RegExp(wide, RegExp.NONE).toAutomaton(false);
                    a = a == null ? one : a.intersection(one);
                } catch (IllegalArgumentException beyond) {
                    return null;
                }
            }
            String found = shortest(a, min, maxLength);
            if (found != null && (!widened || matchesAll(patterns, xsd, found))) {
                return found;
            }
        }
        return null;
    }

    /** A count range wider than this is read as unbounded above: see {@link #widened(String)}. */
    private static final int WIDEST_RANGE = 16;
    private static final java.util.regex.Pattern RANGE = java.util.regex.Pattern.compile("(?<!\\\\)\\{(\\d+),(\\d+)}");

    /**
     * The pattern with each wide count range ({@code .{1,1024}}) open above ({@code .{1,}}). brics minimizes every part of
     * an automaton as it builds it, and a wide range followed by what the repeated part also matches is exponential
     * made deterministic ({@code s3://[a-z0-9.-]{3,63}/?((.{1,1024})/)?}, AWS omics's, never finished). The open range
     * holds every string the range does; the shortest string mostly repeats as few times as it may, and is checked
     * against the pattern as written ({@link #matchesAll}).
     */
    static String widened(String translated) {
        java.util.regex.Matcher m = RANGE.matcher(translated);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            long low = Long.parseLong(m.group(1));
            long high = Long.parseLong(m.group(2));
            m.appendReplacement(out, high - low > WIDEST_RANGE ? "{" + low + ",}" : java.util.regex.Matcher.quoteReplacement(m.group()));
        }
        return m.appendTail(out).toString();
    }

    /** Whether {@code s} matches every pattern as Java's engine reads it (a pattern it cannot read is taken on trust). */
    private static boolean matchesAll(List<String> patterns, boolean xsd, String s) {
        for (String p : patterns) {
            try {
                java.util.regex.Matcher m = java.util.regex.Pattern.compile(p).matcher(s);
                if (!(xsd ? m.matches() : m.find())) {
                    return false;
                }
            } catch (java.util.regex.PatternSyntaxException otherDialect) {
                // \i, \c and class subtraction are XML Schema's alone: no second opinion
            }
        }
        return true;
    }

    /**
     * The shortest readable string of {@code a} with {@code min} to {@code max} characters (null: unbounded): the
     * shortest of all first, which mostly fits, and only when it does not, the automaton intersected with the lengths
     * (a product as large as the pattern's states times the lengths).
     */
    private static String shortest(Automaton a, int min, Integer max) {
        for (Automaton alphabet : ALPHABETS) {
            Automaton readable = a.intersection(alphabet);
            String s = readable.getShortestExample(true);
            if (s == null) {
                continue;
            }
            int length = s.codePointCount(0, s.length());
            if (length >= min && (max == null || length <= max)) {
                return s;
            }
            Automaton lengths = max == null ? BasicOperations.repeat(BasicAutomata.makeAnyChar(), min)
                    : BasicOperations.repeat(BasicAutomata.makeAnyChar(), min, max);
            s = readable.intersection(lengths).getShortestExample(true);
            if (s != null) {
                return s;
            }
        }
        return null;
    }

    /**
     * {@code text} repeated or cut to a length within [{@code min}, {@code max}] (either null: unbounded); an empty text
     * (a spec's {@code example: ""}) grows as "x"s, where repeating it never reached the length (Mastercard's spec hung).
     */
    public static String resized(String text, Integer min, Integer max) {
        String unit = text.isEmpty() ? "x" : text;
        StringBuilder b = new StringBuilder(text);
        while (min != null && b.length() < min) {
            b.append(unit);
        }
        int length = Math.min(b.length(), max == null ? b.length() : max);
        return b.substring(0, Math.max(length, min == null ? 0 : Math.min(min, b.length())));
    }

    /**
     * A JSON Schema's pattern, which matches anywhere unless anchored ({@code anywhere}: as such, each unanchored end
     * open to anything), or matched whole ({@code anywhere} false: a string that matches it whole matches it too).
     */
    static String fromEcma(String p, boolean anywhere) {
        // each top-level alternative anchored on its own: in ^ssh-rsa |^ecdsa-sha2 the second ^ is the second branch's,
        // and in a|b the .* that an unanchored pattern allows after it belongs to both branches, not to b alone
        List<String> branches = new java.util.ArrayList<>();
        for (String alternative : alternatives(p)) {
            String core = alternative;
            if (core.startsWith("^")) {
                core = core.substring(1);
            } else if (anywhere) {
                core = ".*" + core; // unanchored: anything may come before the match (the shortest example has nothing)
            }
            if (core.endsWith("$") && !core.endsWith("\\$")) {
                core = core.substring(0, core.length() - 1);
            } else if (anywhere) {
                core = core + ".*";
            }
            branches.add(core);
        }
        String core = branches.size() == 1 ? branches.get(0) : "(" + String.join(")|(", branches) + ")";
        return translate(core.replace("(?:", "("), false);
    }

    /** A pattern's top-level alternatives: split at each | outside a group, a class and an escape. */
    static List<String> alternatives(String p) {
        List<String> out = new java.util.ArrayList<>();
        int depth = 0;
        boolean inClass = false;
        int from = 0;
        for (int i = 0; i < p.length(); i++) {
            char c = p.charAt(i);
            if (c == '\\') {
                i++; // the escaped character, whatever it is
            } else if (inClass) {
                inClass = c != ']';
            } else if (c == '[') {
                inClass = true;
            } else if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (c == '|' && depth == 0) {
                out.add(p.substring(from, i));
                from = i + 1;
            }
        }
        out.add(p.substring(from));
        return out;
    }

    /** An XML Schema pattern: matched against the whole value, with {@code \i} and {@code \c} for XML's names. */
    static String fromXsd(String p) {
        return translate(p, true); // a class subtraction, [a-z-[aeiou]], is a class within a class: none
    }

    /**
     * The pattern in dk.brics.automaton's syntax (with no extension on: {@code & ~ # @ < > "} are literal there only when
     * quoted, so they are escaped): the class escapes spelled out, a dialect's own escapes as their characters; null for
     * what an automaton cannot hold.
     */
    private static String translate(String p, boolean xsd) {
        StringBuilder out = new StringBuilder();
        boolean inClass = false;
        for (int i = 0; i < p.length(); i++) {
            char c = p.charAt(i);
            if (c == '\\') {
                if (++i >= p.length()) {
                    return null;
                }
                char e = p.charAt(i);
                if (e == 'p' && i + 1 < p.length() && p.charAt(i + 1) == '{') {
                    int end = p.indexOf('}', i);
                    String range = end < 0 ? null : category(p.substring(i + 2, end));
                    if (range == null) {
                        return null;
                    }
                    out.append(inClass ? range : "[" + range + "]");
                    i = end;
                    continue;
                }
                String spelled = classEscape(e, xsd, inClass);
                if (spelled == null) {
                    return null;
                }
                out.append(spelled);
                continue;
            }
            if (!inClass && c == '(' && i + 1 < p.length() && p.charAt(i + 1) == '?') {
                return null; // a look-around or a named group
            }
            if (c == '[') {
                if (inClass) {
                    return null; // a nested class (subtraction, or a POSIX class)
                }
                inClass = true;
                out.append(c);
                if (i + 1 < p.length() && p.charAt(i + 1) == '^') {
                    out.append('^');
                    i++;
                }
                continue;
            }
            if (c == ']' && inClass) {
                inClass = false;
                out.append(c);
                continue;
            }
            if (!inClass && (c == '^' || c == '$')) {
                return null; // an anchor inside the pattern
            }
            if ("&~#@<>\"".indexOf(c) >= 0) {
                out.append('\\').append(c);
                continue;
            }
            out.append(c);
        }
        return inClass ? null : out.toString();
    }

    /** A Unicode category's ASCII part, as a class's range: letters and digits only; null for any other. */
    private static String category(String name) {
        return switch (name) {
            case "L", "IsL" -> "a-zA-Z";
            case "Lu", "IsLu" -> "A-Z";
            case "Ll", "IsLl" -> "a-z";
            case "N", "Nd", "IsN", "IsNd" -> "0-9";
            default -> null;
        };
    }

    /** An escape's meaning in brics's syntax, inside a character class or outside one; null when it has none there. */
    private static String classEscape(char e, boolean xsd, boolean inClass) {
        String range = switch (e) {
            case 'd' -> "0-9";
            case 'w' -> "a-zA-Z0-9_";
            case 's' -> " \t\n\r";
            case 'i' -> xsd ? "_:A-Za-z" : null;
            case 'c' -> xsd ? "\\-._:A-Za-z0-9" : null;
            default -> null;
        };
        if (range != null) {
            return inClass ? range : "[" + range + "]";
        }
        String negated = switch (e) {
            case 'D', 'I' -> "a-zA-Z";   // a character that is not a digit (not a name's first: a digit would do too)
            case 'W', 'C' -> " ";        // not a word's (a name's) character
            case 'S' -> "a-zA-Z0-9";
            default -> null;
        };
        if (negated != null) {
            return inClass ? null : "[" + negated + "]"; // inside a class its complement cannot be spelled as a range
        }
        return switch (e) {
            case 'n' -> "\n";
            case 'r' -> "\r";
            case 't' -> "\t";
            case 'p', 'P', 'b', 'B', 'k' -> null; // Unicode categories, word boundaries, back references
            default -> Character.isDigit(e) ? null : "\\" + e; // \1: a back reference; else the character itself
        };
    }
}
