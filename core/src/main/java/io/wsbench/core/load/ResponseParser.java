package io.wsbench.core.load;

import io.netty.buffer.ByteBuf;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A minimal incremental HTTP/1.1 response parser: the status line, the three headers that frame
 * the body (Content-Length, Transfer-Encoding, Connection), Content-Type and Content-Encoding (a gzip or deflate
 * body is handed on inflated: {@link AnswerEncoding}), and the body into a reusable array.
 * No header maps and no per-response objects, so it costs little per request.
 */
public final class ResponseParser {

    /** Receives each complete response; the body array is only valid during the call. */
    public interface Sink {
        void onResponse(int status, String contentType, byte[] body, int length, boolean close);
    }

    /** Receives every header line of a response, before the response itself: for a flow's cookies and extractions. */
    public interface HeaderSink {
        /** The name is {@code line[0, nameLength)}, the value {@code line[valueFrom, valueTo)}; valid only during the call. */
        void header(byte[] line, int nameLength, int valueFrom, int valueTo);
    }

    private enum State { STATUS, HEADERS, FIXED, CHUNK_SIZE, CHUNK_DATA, CHUNK_END, TRAILER, UNTIL_CLOSE }

    private static final int MAX_LINE = 16 * 1024;
    // lower-case ASCII: compared with a byte OR 0x20, so byte arrays keep the compiled parser small
    private static final byte[] CONTENT_LENGTH = ascii("content-length");
    private static final byte[] TRANSFER_ENCODING = ascii("transfer-encoding");
    private static final byte[] CONNECTION = ascii("connection");
    private static final byte[] CONTENT_TYPE = ascii("content-type");
    private static final byte[] CONTENT_ENCODING = ascii("content-encoding");
    private static final byte[] GZIP = ascii("gzip");
    private static final byte[] DEFLATE = ascii("deflate");
    private static final byte[] CHUNKED = ascii("chunked");
    private static final byte[] CLOSE = ascii("close");
    private static final byte[] KEEP_ALIVE = ascii("keep-alive"); // Connection's value, and a header's name
    private static final byte[] TIMEOUT = ascii("timeout=");
    private static final byte[] NO_BYTES = new byte[0];
    /** Longer answers are cut off as protocol errors, so an endless body costs bounded memory. */
    static final int MAX_BODY = 64 * 1024 * 1024;

    private final int maxBody;
    private State state = State.STATUS;
    // both start small and grow on demand: 10,000 connections must not cost 10,000 x 24 KB
    private byte[] line = new byte[256];
    private int lineLength;
    private byte[] body = new byte[512];
    private int bodyLength;
    private long remaining;
    private int status;
    private long contentLength;
    private boolean chunked;
    private boolean close;
    private byte[] contentTypeBytes = NO_BYTES;
    private String contentType = "";
    private boolean sawContentType;
    /** The answer's Content-Encoding ({@link AnswerEncoding}), and its name where it is one not undone here. */
    private int encoding;
    private String encodingName;
    private boolean http10;
    private boolean head;
    /** The seconds the server's Keep-Alive header says it keeps an idle connection; 0 where none said so. Kept across
     *  connections: one server says the same on each. */
    private int keepAliveSeconds;
    /** Where {@link #closed} last found an answer cut short; null until it has. */
    private String cutShort;
    /** Null unless someone reads the headers: the single-request path reads none. */
    private HeaderSink headers;

    public ResponseParser() {
        this(MAX_BODY);
    }

    /** A parser that cuts off bodies longer than {@code maxBody} bytes. */
    public ResponseParser(int maxBody) {
        this.maxBody = maxBody;
    }

    /**
     * Whether the answer to come is a HEAD request's: its headers give the length a GET's body would have (RFC 9110,
     * 9.3.2) and no body follows. Told before each request, as one connection carries one request at a time.
     */
    public void head(boolean head) {
        this.head = head;
    }

    /** Hands every header line to {@code sink} from now on. */
    public void headers(HeaderSink sink) {
        this.headers = sink;
    }

    /** Feeds received bytes; calls the sink for every response completed by them. */
    public void feed(ByteBuf in, Sink sink) {
        while (in.isReadable()) {
            switch (state) {
                case STATUS, HEADERS, CHUNK_SIZE, CHUNK_END, TRAILER -> {
                    if (readLine(in)) {
                        onLine(sink);
                    }
                }
                case FIXED, CHUNK_DATA -> {
                    int n = (int) Math.min(remaining, in.readableBytes());
                    keep(in, n);
                    remaining -= n;
                    if (remaining == 0) {
                        if (state == State.FIXED) {
                            complete(sink);
                        } else {
                            state = State.CHUNK_END;
                        }
                    }
                }
                case UNTIL_CLOSE -> keep(in, in.readableBytes());
                default -> throw new IllegalStateException(state.name());
            }
        }
    }

    /**
     * The peer closed: a body framed by the close is complete now. Returns false if a response was
     * cut short (a status line, headers, or a body shorter than its Content-Length or chunks said),
     * and the parser is then ready for a new connection.
     */
    public boolean closed(Sink sink) {
        if (state == State.UNTIL_CLOSE) {
            close = true;
            complete(sink);
            return true;
        }
        boolean whole = state == State.STATUS && lineLength == 0;
        if (!whole) {
            cutShort = switch (state) {
                case STATUS -> "within its status line";
                case HEADERS -> "within its headers";
                case FIXED -> String.format(java.util.Locale.ROOT, "after %,d of the %,d bytes its Content-Length said",
                        contentLength - remaining, contentLength);
                default -> "within its chunked body";
            };
            reset();
        }
        return whole;
    }

    /** Where the last answer {@link #closed} found cut short was cut: "after 2 of the 10 bytes its Content-Length said". */
    public String whereCut() {
        return cutShort;
    }

    public void reset() {
        state = State.STATUS;
        lineLength = 0;
        bodyLength = 0;
    }

    private boolean readLine(ByteBuf in) {
        int eol = in.indexOf(in.readerIndex(), in.writerIndex(), (byte) '\n');
        int end = eol < 0 ? in.writerIndex() : eol;
        int n = end - in.readerIndex();
        if (lineLength + n > MAX_LINE) {
            reset();
            throw new IllegalStateException("HTTP response line longer than " + MAX_LINE + " bytes");
        }
        if (lineLength + n > line.length) {
            line = Arrays.copyOf(line, Math.min(MAX_LINE, Math.max(line.length * 2, lineLength + n)));
        }
        in.readBytes(line, lineLength, n);
        lineLength += n;
        if (eol < 0) {
            return false;
        }
        in.skipBytes(1);
        if (lineLength > 0 && line[lineLength - 1] == '\r') {
            lineLength--;
        }
        return true;
    }

    private void onLine(Sink sink) {
        int len = lineLength;
        lineLength = 0;
        switch (state) {
            case STATUS -> {
                if (len == 0) {
                    return; // tolerate a stray CRLF between responses
                }
                if (!statusLine(len)) {
                    reset();
                    throw new IllegalStateException("not an HTTP response: "
                            + new String(line, 0, Math.min(len, 60), StandardCharsets.ISO_8859_1));
                }
                http10 = line[7] == '0';
                status = (line[9] - '0') * 100 + (line[10] - '0') * 10 + (line[11] - '0');
                contentLength = -1;
                chunked = false;
                close = http10;
                bodyLength = 0;
                sawContentType = false;
                encoding = AnswerEncoding.NONE;
                state = State.HEADERS;
            }
            case HEADERS -> {
                if (len == 0) {
                    startBody(sink);
                } else {
                    header(len);
                }
            }
            case CHUNK_SIZE -> {
                long size = 0;
                int i = 0;
                for (; i < len; i++) {
                    int d = Character.digit(line[i], 16);
                    if (d < 0) {
                        break;
                    }
                    size = size * 16 + d;
                    if (size > maxBody) {
                        reset();
                        throw new IllegalStateException("HTTP chunk of more than " + maxBody + " bytes");
                    }
                }
                // at least one hex digit, then the end, or chunk extensions after ';' (whitespace allowed before it)
                if (i == 0 || (i < len && line[i] != ';' && line[i] != ' ' && line[i] != '\t')) {
                    reset();
                    throw new IllegalStateException("HTTP chunk size is not hexadecimal: "
                            + new String(line, 0, Math.min(len, 40), StandardCharsets.ISO_8859_1));
                }
                if (size == 0) {
                    state = State.TRAILER;
                } else {
                    remaining = size;
                    state = State.CHUNK_DATA;
                }
            }
            case CHUNK_END -> {
                if (len != 0) {
                    reset();
                    throw new IllegalStateException("HTTP chunk longer than its size said");
                }
                state = State.CHUNK_SIZE;
            }
            case TRAILER -> {
                if (len == 0) {
                    complete(sink);
                }
            }
            default -> throw new IllegalStateException(state.name());
        }
    }

    /** "HTTP/1.x SSS" then the end or a space and a reason: anything else is not a response. */
    private boolean statusLine(int len) {
        if (len < 12 || line[0] != 'H' || line[1] != 'T' || line[2] != 'T' || line[3] != 'P' || line[4] != '/'
                || line[5] != '1' || line[6] != '.' || (line[7] != '0' && line[7] != '1') || line[8] != ' ') {
            return false;
        }
        for (int i = 9; i < 12; i++) {
            if (line[i] < '0' || line[i] > '9') {
                return false;
            }
        }
        return len == 12 || line[12] == ' ';
    }

    private void header(int len) {
        int colon = -1;
        for (int i = 0; i < len; i++) {
            if (line[i] == ':') {
                colon = i;
                break;
            }
        }
        if (colon <= 0) {
            return;
        }
        int v = colon + 1;
        while (v < len && (line[v] == ' ' || line[v] == '\t')) {
            v++;
        }
        int end = len;
        while (end > v && (line[end - 1] == ' ' || line[end - 1] == '\t')) {
            end--;
        }
        if (headers != null) {
            headers.header(line, colon, v, end);
        }
        if (nameIs(CONTENT_LENGTH, colon)) {
            long n = 0;
            long listed = -1; // "5, 5": one header's list of the same value, as a proxy that joined two writes (RFC 9110, 8.6)
            for (int i = v; i < end; i++) {
                if (line[i] == ',' && i > v && line[i - 1] >= '0' && line[i - 1] <= '9' && (listed < 0 || listed == n)) {
                    listed = n;
                    n = 0;
                    while (i + 1 < end && (line[i + 1] == ' ' || line[i + 1] == '\t')) {
                        i++;
                    }
                    continue;
                }
                if (line[i] < '0' || line[i] > '9' || n > Long.MAX_VALUE / 20) {
                    reset();
                    throw new IllegalStateException((line[i] == ',' ? "HTTP Content-Length lists values that disagree: "
                            : "HTTP Content-Length is not a number: ")
                            + new String(line, v, Math.min(end - v, 40), StandardCharsets.ISO_8859_1));
                }
                n = n * 10 + (line[i] - '0');
            }
            if (listed >= 0 && (listed != n || line[end - 1] == ',')) {
                reset();
                throw new IllegalStateException("HTTP Content-Length lists values that disagree: "
                        + new String(line, v, Math.min(end - v, 40), StandardCharsets.ISO_8859_1));
            }
            if (v == end || (contentLength >= 0 && contentLength != n)) {
                reset();
                throw new IllegalStateException(v == end ? "HTTP Content-Length is empty" : "HTTP Content-Lengths disagree");
            }
            contentLength = n;
        } else if (nameIs(TRANSFER_ENCODING, colon)) {
            chunked = valueContains(CHUNKED, v, end);
        } else if (nameIs(CONNECTION, colon)) {
            if (valueContains(CLOSE, v, end)) {
                close = true;
            } else if (valueContains(KEEP_ALIVE, v, end)) {
                close = false;
            }
        } else if (nameIs(KEEP_ALIVE, colon)) {
            keepAliveSeconds = timeout(v, end); // Apache httpd's "Keep-Alive: timeout=5, max=100"
        } else if (nameIs(CONTENT_TYPE, colon)) {
            int n = end - v;
            // keep the previous String when the header did not change, so steady traffic allocates nothing
            if (n != contentTypeBytes.length || !Arrays.equals(line, v, end, contentTypeBytes, 0, n)) {
                contentTypeBytes = Arrays.copyOfRange(line, v, end);
                contentType = new String(contentTypeBytes, StandardCharsets.ISO_8859_1);
            }
            sawContentType = true;
        } else if (nameIs(CONTENT_ENCODING, colon)) {
            // the usual ones compared in place, so that a gzip answer costs no String; another is named for the note
            if (end - v == GZIP.length && valueIndex(GZIP, v, end) == v) {
                encoding = AnswerEncoding.GZIP;
                encodingName = "gzip";
            } else if (end - v == DEFLATE.length && valueIndex(DEFLATE, v, end) == v) {
                encoding = AnswerEncoding.DEFLATE;
                encodingName = "deflate";
            } else {
                encodingName = new String(line, v, end - v, StandardCharsets.ISO_8859_1).toLowerCase(java.util.Locale.ROOT);
                encoding = AnswerEncoding.of(encodingName);
            }
        }
    }

    /** The number after {@code timeout=} in a Keep-Alive header's value, 0 where there is none (or it is 0). */
    private int timeout(int from, int to) {
        int at = valueIndex(TIMEOUT, from, to);
        long n = 0;
        for (int j = at + TIMEOUT.length; at >= 0 && j < to && line[j] >= '0' && line[j] <= '9' && n < 86_400; j++) {
            n = n * 10 + (line[j] - '0');
        }
        return (int) Math.min(n, 86_400);
    }

    /** The seconds the server's last Keep-Alive header said it keeps an idle connection open; 0 where none said. */
    public int keepAliveSeconds() {
        return keepAliveSeconds;
    }

    /** Whether no answer is under way: the last one, if any, was read whole. */
    public boolean between() {
        return state == State.STATUS && lineLength == 0;
    }

    private boolean nameIs(byte[] name, int length) {
        return nameIs(line, length, name);
    }

    /** Whether a header line's name, its first {@code length} bytes, is {@code lowerCase} in any case. */
    static boolean nameIs(byte[] line, int length, byte[] lowerCase) {
        if (length != lowerCase.length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if ((line[i] | 0x20) != lowerCase[i]) {
                return false;
            }
        }
        return true;
    }

    private boolean valueContains(byte[] word, int from, int to) {
        return valueIndex(word, from, to) >= 0;
    }

    /** Where {@code word} (lower-case) begins in the line's bytes from {@code from} to {@code to}, in any case; -1 if not. */
    private int valueIndex(byte[] word, int from, int to) {
        outer:
        for (int i = from; i <= to - word.length; i++) {
            for (int j = 0; j < word.length; j++) {
                if ((line[i + j] | 0x20) != word[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    private void startBody(Sink sink) {
        boolean noBody = head || status / 100 == 1 || status == 204 || status == 304;
        if (!sawContentType) {
            contentTypeBytes = NO_BYTES;
            contentType = "";
        }
        if (status / 100 == 1) {
            state = State.STATUS; // 100 Continue: the real response follows
        } else if (noBody || (!chunked && contentLength == 0)) {
            complete(sink);
        } else if (chunked) {
            state = State.CHUNK_SIZE;
        } else if (contentLength > maxBody) {
            reset();
            throw new IllegalStateException("HTTP response of " + contentLength + " bytes, more than " + maxBody);
        } else if (contentLength > 0) {
            remaining = contentLength;
            state = State.FIXED;
        } else {
            close = true;
            state = State.UNTIL_CLOSE;
        }
    }

    private void keep(ByteBuf in, int n) {
        if ((long) bodyLength + n > maxBody) {
            reset();
            throw new IllegalStateException("HTTP response body longer than " + maxBody + " bytes");
        }
        if (bodyLength + n > body.length) {
            body = Arrays.copyOf(body, (int) Math.min(maxBody, Math.max(body.length * 2L, bodyLength + n)));
        }
        in.readBytes(body, bodyLength, n);
        bodyLength += n;
    }

    private void complete(Sink sink) {
        state = State.STATUS;
        int len = bodyLength;
        bodyLength = 0;
        if (encoding == AnswerEncoding.NONE) {
            sink.onResponse(status, contentType, body, len, close);
        } else {
            AnswerEncoding.answer(sink, status, contentType, encoding, encodingName, body, len, close, maxBody);
        }
    }
}
