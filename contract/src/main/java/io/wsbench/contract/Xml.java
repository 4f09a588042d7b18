package io.wsbench.contract;

/** XML escaping, written once for the client and every server of ours. */
public final class Xml {

    private Xml() {
    }

    /** {@code s} as element text: {@code < > &} escaped, quotes left as they are (the bytes of our answers). */
    public static String text(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 16);
        escape(sb, s, false);
        return sb.toString();
    }

    /** {@code s} fit for element text or an attribute value: quotes escaped too. */
    public static String attribute(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 16);
        escape(sb, s, true);
        return sb.toString();
    }

    /** Appends {@code s} to {@code sb} as element text (or, with {@code quotes}, an attribute value). */
    public static void escape(StringBuilder sb, String s, boolean quotes) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '"' -> sb.append(quotes ? "&quot;" : "\"");
                case '\'' -> sb.append(quotes ? "&apos;" : "'");
                default -> sb.append(c);
            }
        }
    }
}
