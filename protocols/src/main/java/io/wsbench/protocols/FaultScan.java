package io.wsbench.protocols;

/**
 * Whether a SOAP answer's Body holds a Fault, read from its bytes without a parser: the start tags in document order,
 * the first one named Body, then the one after it (local names, as the StAX reading it replaces compared them).
 * A user's own operation's answer is asked this on every answer; the JDK's StAX reader, made anew for each, cost the
 * generator 12% of its I/O thread against spyne's hello (Xerces's XMLStreamReaderImpl is set up per document). Text
 * that is not plainly UTF-8 or ASCII (a BOM of UTF-16 or 32, a zero byte) is left to a parser: {@link #UNKNOWN}.
 */
public final class FaultScan {

    /** The Body's first element is a Fault. */
    public static final int FAULT = 1;
    /** The Body's first element is another, or there is no Body: no Fault. */
    public static final int NONE = 0;
    /** Not read here: ask a parser. */
    public static final int UNKNOWN = -1;

    private static final byte[] BODY = {'B', 'o', 'd', 'y'};
    private static final byte[] FAULT_NAME = {'F', 'a', 'u', 'l', 't'};

    private FaultScan() {
    }

    /** Whether a SOAP answer's Body holds a Fault: read from its bytes, or by {@code stax} where they are not plainly UTF-8. */
    public static boolean fault(XmlAnswers stax, byte[] body, int length) {
        int scanned = scan(body, length);
        return scanned == UNKNOWN ? parsed(stax, body, length) : scanned == FAULT;
    }

    /** The same question asked of a StAX reader, up to the Body's first element. */
    static boolean parsed(XmlAnswers stax, byte[] body, int length) {
        try {
            javax.xml.stream.XMLStreamReader r = stax.open(body, length);
            boolean inBody = false;
            while (XmlAnswers.nextElement(r)) {
                if (inBody) {
                    return "Fault".equals(r.getLocalName());
                }
                inBody = "Body".equals(r.getLocalName());
            }
        } catch (Exception notXml) {
            // an answer that is not XML holds no Fault; the checks judge it
        }
        return false;
    }

    /** {@link #FAULT}, {@link #NONE} or {@link #UNKNOWN} for the answer's first {@code length} bytes. */
    public static int scan(byte[] b, int length) {
        if (length >= 2 && ((b[0] & 0xff) == 0xfe || (b[0] & 0xff) == 0xff || b[0] == 0 || b[1] == 0)) {
            return UNKNOWN; // UTF-16 or UTF-32: a parser's to read
        }
        boolean inBody = false;
        int i = 0;
        while (i < length) {
            if (b[i] != '<') {
                if (b[i] == 0) {
                    return UNKNOWN;
                }
                i++;
                continue;
            }
            if (i + 1 >= length) {
                return NONE;
            }
            byte next = b[i + 1];
            if (next == '/') { // an end tag
                i = after(b, i + 2, length, (byte) '>');
            } else if (next == '?') { // a processing instruction, the XML declaration
                i = afterText(b, i + 2, length, "?>");
            } else if (next == '!') { // a comment, CDATA, a DOCTYPE
                if (startsWith(b, i + 2, length, "--")) {
                    i = afterText(b, i + 4, length, "-->");
                } else if (startsWith(b, i + 2, length, "[CDATA[")) {
                    i = afterText(b, i + 9, length, "]]>");
                } else {
                    return UNKNOWN; // a DOCTYPE, which a SOAP answer may not have: the parser refuses it
                }
            } else { // a start tag: its name, then its attributes up to '>', quotes honoured
                int nameStart = i + 1;
                int nameEnd = nameStart;
                while (nameEnd < length && !end(b[nameEnd])) {
                    nameEnd++;
                }
                int local = nameStart;
                for (int k = nameStart; k < nameEnd; k++) {
                    if (b[k] == ':') {
                        local = k + 1;
                    }
                }
                if (inBody) {
                    return is(b, local, nameEnd, FAULT_NAME) ? FAULT : NONE;
                }
                inBody = is(b, local, nameEnd, BODY);
                i = afterTag(b, nameEnd, length);
            }
            if (i < 0) {
                return NONE; // cut short inside markup: no element after the Body's start
            }
        }
        return NONE;
    }

    private static boolean end(byte c) {
        return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '>' || c == '/';
    }

    private static boolean is(byte[] b, int from, int to, byte[] name) {
        return to - from == name.length && java.util.Arrays.equals(b, from, to, name, 0, name.length);
    }

    private static boolean startsWith(byte[] b, int at, int length, String s) {
        if (at + s.length() > length) {
            return false;
        }
        for (int k = 0; k < s.length(); k++) {
            if (b[at + k] != s.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    /** The index after the first {@code c} from {@code at}, or -1. */
    private static int after(byte[] b, int at, int length, byte c) {
        for (int k = at; k < length; k++) {
            if (b[k] == c) {
                return k + 1;
            }
        }
        return -1;
    }

    /** The index after the first {@code s} from {@code at}, or -1. */
    private static int afterText(byte[] b, int at, int length, String s) {
        for (int k = at; k + s.length() <= length; k++) {
            if (startsWith(b, k, length, s)) {
                return k + s.length();
            }
        }
        return -1;
    }

    /** The index after a start tag's closing '>', an attribute's quoted value skipped whole, or -1. */
    private static int afterTag(byte[] b, int at, int length) {
        for (int k = at; k < length; k++) {
            byte c = b[k];
            if (c == '"' || c == '\'') {
                k = after(b, k + 1, length, c) - 1;
                if (k < 0) {
                    return -1;
                }
            } else if (c == '>') {
                return k + 1;
            }
        }
        return -1;
    }
}
