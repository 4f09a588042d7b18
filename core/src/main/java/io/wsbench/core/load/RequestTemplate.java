package io.wsbench.core.load;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;

/**
 * One request of a flow's step, split before the load into fixed byte runs and the slots where a
 * variable goes: sending it copies bytes and never parses. A template is made from the request's
 * wire bytes written with {@link #marker}s in place of its variables; each slot escapes its value
 * for where it stands (the request line: percent-encoded; a header: as it is, without line breaks;
 * a JSON or XML body: as a string's content). The Content-Length is written when the body is. A
 * request with no slot is encoded once and sent as it is. A slot may hold a {@link Derived} value,
 * computed from other variables as the request is written; a {@link StepSecurity} may seal the
 * filled body.
 */
public final class RequestTemplate {

    /** How a value is written where its slot stands. */
    public enum Escape { URL, HEADER, JSON, XML, RAW, FORM }

    private static final byte[] MARK = "Zw5bV".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] MARK_END = "vQ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CRLF = {'\r', '\n'};
    private static final byte[] CONTENT_LENGTH = "Content-Length: ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] COOKIE = "Cookie: ".getBytes(StandardCharsets.US_ASCII);

    /**
     * A variable computed from others ({@code reads}, by slot) each time a request is written, e.g.
     * Basic auth's base64 of {@code user:password}: a value no single variable holds.
     */
    public record Derived(int slot, java.util.Set<Integer> reads, java.util.function.Function<String[], String> value) {
    }

    /** The head without its Content-Length and last empty line, and the body: runs around slots. */
    private final Part head;
    private final Part body;
    private final boolean sendsLength;
    private final String path;
    private final Derived[] derived;
    /** The whole request when it has no slot: encoded once, handed out as retained duplicates. */
    private final ByteBuf fixed;
    /** Gives the pool the fixed bytes back once the template is unreachable, as {@link HttpRequest} does. */
    private static final java.lang.ref.Cleaner RELEASER = java.lang.ref.Cleaner.create();

    private record Part(byte[][] runs, int[] slots, Escape[] escapes) {
        int length(byte[][] values) {
            int n = 0;
            for (byte[] r : runs) {
                n += r.length;
            }
            for (int i = 0; i < slots.length; i++) {
                n += values[i].length;
            }
            return n;
        }

        void write(ByteBuf out, byte[][] values) {
            for (int i = 0; i < slots.length; i++) {
                out.writeBytes(runs[i]).writeBytes(values[i]);
            }
            out.writeBytes(runs[slots.length]);
        }

        byte[][] values(String[] variables) {
            byte[][] v = new byte[slots.length][];
            for (int i = 0; i < slots.length; i++) {
                String s = variables[slots[i]];
                v[i] = escape(s == null ? "" : s, escapes[i]).getBytes(StandardCharsets.UTF_8);
            }
            return v;
        }
    }

    private RequestTemplate(Part head, Part body, boolean sendsLength, String path, ByteBuf fixed, Derived[] derived) {
        this.derived = derived;
        this.head = head;
        this.body = body;
        this.sendsLength = sendsLength;
        this.path = path;
        this.fixed = fixed;
        if (fixed != null) {
            RELEASER.register(this, fixed::release);
        }
    }

    /** What stands for variable {@code index} in the text a template is made from: letters and digits, which no escaping changes. */
    public static String marker(int index) {
        return "Zw5bV" + index + "vQ";
    }

    /** The template of {@code wire}, a whole HTTP/1.1 request with {@link #marker}s where its variables go. */
    public static RequestTemplate of(byte[] wire) {
        return of(wire, List.of());
    }

    /** As {@link #of(byte[])}, with variables {@code derived} from others as each request is written. */
    public static RequestTemplate of(byte[] wire, List<Derived> derived) {
        int split = Bytes.indexOf(wire, 0, wire.length, new byte[]{'\r', '\n', '\r', '\n'});
        if (split < 0) {
            throw new IllegalArgumentException("not an HTTP request: no empty line after its head");
        }
        String headText = new String(wire, 0, split + 2, StandardCharsets.ISO_8859_1);
        byte[] bodyBytes = Arrays.copyOfRange(wire, split + 4, wire.length);
        StringBuilder kept = new StringBuilder();
        boolean sendsLength = false;
        String contentType = "";
        for (String line : headText.split("\r\n")) {
            String lower = line.toLowerCase(java.util.Locale.ROOT);
            if (lower.startsWith("content-length:")) {
                sendsLength = true;
                continue;
            }
            if (lower.startsWith("content-type:")) {
                contentType = lower;
            }
            kept.append(line).append("\r\n");
        }
        String requestLine = headText.substring(0, headText.indexOf("\r\n"));
        byte[] headBytes = kept.toString().getBytes(StandardCharsets.ISO_8859_1);
        Part head = split(headBytes, requestLine.length());
        Escape bodyEscape = contentType.contains("json") ? Escape.JSON : contentType.contains("xml") ? Escape.XML
                : contentType.contains("x-www-form-urlencoded") ? Escape.FORM : Escape.RAW;
        Part body = split(bodyBytes, bodyEscape);
        String[] words = requestLine.split(" ");
        String p = words.length > 1 ? words[1] : "/";
        int mark = p.indexOf("Zw5bV");
        String path = mark < 0 ? p : p.substring(0, mark);
        int q = path.indexOf('?');
        path = q < 0 ? path : path.substring(0, q);
        ByteBuf fixed = null;
        if (head.slots.length == 0 && body.slots.length == 0) {
            fixed = PooledByteBufAllocator.DEFAULT.directBuffer(wire.length);
            head.write(fixed, new byte[0][]);
            if (sendsLength) {
                fixed.writeBytes(CONTENT_LENGTH).writeBytes(Integer.toString(bodyBytes.length).getBytes(StandardCharsets.US_ASCII)).writeBytes(CRLF);
            }
            fixed.writeBytes(CRLF).writeBytes(bodyBytes);
        }
        return new RequestTemplate(head, body, sendsLength, path, fixed, derived.toArray(new Derived[0]));
    }

    private static Part split(byte[] head, int requestLineLength) {
        return split(head, -1, requestLineLength);
    }

    private static Part split(byte[] bytes, Escape escape) {
        return split(bytes, escape.ordinal(), 0);
    }

    /** Runs and slots of {@code bytes}; a head's slots escape by place ({@code escape} -1), a body's all alike. */
    private static Part split(byte[] bytes, int escape, int requestLineLength) {
        List<byte[]> runs = new ArrayList<>();
        List<Integer> slots = new ArrayList<>();
        List<Escape> escapes = new ArrayList<>();
        int from = 0;
        int search = 0;
        int at;
        while ((at = Bytes.indexOf(bytes, search, bytes.length, MARK)) >= 0) {
            int digits = at + MARK.length;
            int end = digits;
            while (end < bytes.length && bytes[end] >= '0' && bytes[end] <= '9') {
                end++;
            }
            if (end == digits || Bytes.indexOf(bytes, end, bytes.length, MARK_END) != end) {
                search = at + 1; // text that only looks like a marker stays in the run
                continue;
            }
            runs.add(Arrays.copyOfRange(bytes, from, at));
            slots.add(Integer.parseInt(new String(bytes, digits, end - digits, StandardCharsets.US_ASCII)));
            escapes.add(escape >= 0 ? Escape.values()[escape] : at < requestLineLength ? Escape.URL : Escape.HEADER);
            from = end + MARK_END.length;
            search = from;
        }
        runs.add(Arrays.copyOfRange(bytes, from, bytes.length));
        return new Part(runs.toArray(new byte[0][]), slots.stream().mapToInt(Integer::intValue).toArray(),
                escapes.toArray(new Escape[0]));
    }

    /**
     * A text that is not a whole request (a WebSocket message, a path, a header's value) with
     * {@link #marker}s where its variables go, each value escaped as {@code escape} says, filled afresh each use.
     */
    public static Text text(String marked, Escape escape) {
        return new Text(split(marked.getBytes(StandardCharsets.UTF_8), escape));
    }

    /** See {@link #text}. */
    public static final class Text {
        private final Part part;

        private Text(Part part) {
            this.part = part;
        }

        /** Its bytes, {@code variables}' values in its slots. */
        public byte[] bytes(String[] variables) {
            byte[][] values = part.values(variables);
            byte[] out = new byte[part.length(values)];
            part.write(Unpooled.wrappedBuffer(out).writerIndex(0), values);
            return out;
        }

        public String fill(String[] variables) {
            return new String(bytes(variables), StandardCharsets.UTF_8);
        }

        /** The variables its slots read, by index. */
        public java.util.Set<Integer> variables() {
            TreeSet<Integer> all = new TreeSet<>();
            Arrays.stream(part.slots).forEach(all::add);
            return all;
        }
    }

    /** Whether the request's bytes never change: it is then encoded once. */
    public boolean fixed() {
        return fixed != null;
    }

    /** The variables its slots read, by index. */
    public java.util.Set<Integer> variables() {
        TreeSet<Integer> all = new TreeSet<>();
        Arrays.stream(head.slots).forEach(all::add);
        Arrays.stream(body.slots).forEach(all::add);
        for (Derived d : derived) {
            all.addAll(d.reads());
        }
        return all;
    }

    /** The path of its request line up to its first slot: what a cookie's path is matched against. */
    public String path() {
        return path;
    }

    /**
     * The request with {@code variables}' values in its slots and, when not null, a Cookie header
     * with {@code cookies}; the caller writes it and so releases it.
     */
    public ByteBuf write(ByteBufAllocator alloc, String[] variables, String cookies) {
        return write(alloc, variables, cookies, null);
    }

    /**
     * As {@link #write(ByteBufAllocator, String[], String)}, its body sealed by {@code security} when
     * not null. Its {@link Derived} values are computed into {@code variables} first.
     */
    public ByteBuf write(ByteBufAllocator alloc, String[] variables, String cookies, StepSecurity security) {
        if (fixed != null && cookies == null && security == null) {
            return fixed.retainedDuplicate();
        }
        for (Derived d : derived) {
            variables[d.slot()] = d.value().apply(variables);
        }
        byte[][] headValues = head.values(variables);
        byte[][] bodyValues = body.values(variables);
        int bodyLength = body.length(bodyValues);
        byte[] sealed = null;
        if (security != null) {
            byte[] plain = new byte[bodyLength];
            body.write(Unpooled.wrappedBuffer(plain).writerIndex(0), bodyValues);
            sealed = security.seal(plain);
            bodyLength = sealed.length;
        }
        byte[] length = sendsLength || bodyLength > 0 ? Integer.toString(bodyLength).getBytes(StandardCharsets.US_ASCII) : null;
        byte[] cookie = cookies == null ? null : cookies.getBytes(StandardCharsets.ISO_8859_1);
        int total = head.length(headValues) + bodyLength + 2
                + (length == null ? 0 : CONTENT_LENGTH.length + length.length + 2)
                + (cookie == null ? 0 : COOKIE.length + cookie.length + 2);
        ByteBuf out = alloc.buffer(total);
        head.write(out, headValues);
        if (cookie != null) {
            out.writeBytes(COOKIE).writeBytes(cookie).writeBytes(CRLF);
        }
        if (length != null) {
            out.writeBytes(CONTENT_LENGTH).writeBytes(length).writeBytes(CRLF);
        }
        out.writeBytes(CRLF);
        if (sealed != null) {
            out.writeBytes(sealed);
        } else {
            body.write(out, bodyValues);
        }
        return out;
    }

    /** The value {@code s} written where a slot of kind {@code e} stands. */
    static String escape(String s, Escape e) {
        return switch (e) {
            case URL -> percentEncoded(s);
            case HEADER -> s.replace("\r", "").replace("\n", "");
            case JSON -> json(s);
            case XML -> xml(s);
            case RAW -> s;
            case FORM -> java.net.URLEncoder.encode(s, StandardCharsets.UTF_8);
        };
    }

    private static String percentEncoded(String s) {
        return percentEncoded(s, RequestTemplate::unreserved);
    }

    /** Whether the byte at {@code i} of {@code bytes} is written as it is; only an ASCII byte may be. */
    public interface Kept {
        boolean test(byte[] bytes, int i);
    }

    /** RFC 3986's unreserved characters: letters, digits, '-', '.', '_' and '~'. */
    private static boolean unreserved(byte[] b, int i) {
        int c = b[i] & 0xff;
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' || c == '~';
    }

    /** {@code s} as UTF-8, every byte {@code kept} does not keep written as %XX; {@code s} itself when all are kept. */
    public static String percentEncoded(String s, Kept kept) {
        StringBuilder sb = null;
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < b.length; i++) {
            int c = b[i] & 0xff;
            boolean plain = kept.test(b, i);
            if (plain && sb == null) {
                continue;
            }
            if (sb == null) {
                sb = new StringBuilder(s.length() + 8).append(s, 0, i); // the bytes before are ASCII
            }
            if (plain) {
                sb.append((char) c);
            } else {
                sb.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 15, 16)));
            }
        }
        return sb == null ? s : sb.toString();
    }

    private static String json(String s) {
        return replaced(s, c -> c == '"' ? "\\\"" : c == '\\' ? "\\\\" : c < 0x20 ? String.format("\\u%04x", (int) c) : null);
    }

    private static String xml(String s) {
        return replaced(s, c -> switch (c) {
            case '<' -> "&lt;";
            case '>' -> "&gt;";
            case '&' -> "&amp;";
            case '"' -> "&quot;";
            case '\'' -> "&apos;";
            default -> null;
        });
    }

    /** {@code s} with each character {@code by} gives a text for replaced by it; {@code s} itself when none is (no copy). */
    private static String replaced(String s, java.util.function.IntFunction<String> by) {
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            String r = by.apply(c);
            if (r != null && sb == null) {
                sb = new StringBuilder(s.length() + 8).append(s, 0, i);
            }
            if (sb != null) {
                if (r != null) {
                    sb.append(r);
                } else {
                    sb.append(c);
                }
            }
        }
        return sb == null ? s : sb.toString();
    }
}
