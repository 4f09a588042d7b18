package io.wsbench.core.load;

import java.util.Arrays;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * An answer's Content-Encoding undone before its check, as a browser, JMeter or SoapUI undoes it: a request that asks
 * for {@code Accept-Encoding: gzip} (a recorded session's headers, an imported plan's Header Manager) gets a compressed
 * body, and a check that read the compressed bytes would refuse every answer. gzip and deflate are inflated by the
 * JDK's zlib ({@link Inflater}); "deflate" is zlib's format by RFC 9110, and some servers send raw deflate instead,
 * which is read too. An encoding wsbench does not undo (br, zstd) leaves the body as it came, and the answer's
 * content type then says so for the first refusal's note.
 *
 * <p>One per I/O thread, as a check reads the body only during its call: its two inflaters and its buffer are shared
 * by the thread's connections, so 10,000 connections do not hold 10,000 zlib streams (each about 40 KB of native
 * memory once used).
 */
final class AnswerEncoding {

    /** No encoding, or identity. */
    static final int NONE = 0;
    static final int GZIP = 1;
    static final int DEFLATE = 2;
    /** An encoding that is not undone here. */
    static final int OTHER = 3;

    private static final ThreadLocal<AnswerEncoding> OF_THREAD = ThreadLocal.withInitial(AnswerEncoding::new);

    private final Inflater raw = new Inflater(true);
    private final Inflater zlib = new Inflater(false);
    private byte[] out = new byte[4096];
    private int length;

    private AnswerEncoding() {
    }

    /** This I/O thread's decoder. */
    static AnswerEncoding ofThread() {
        return OF_THREAD.get();
    }

    /** The encoding a Content-Encoding value names, trimmed and in lower case as both parsers hand it. */
    static int of(String name) {
        return switch (name) {
            case "", "identity" -> NONE;
            case "gzip", "x-gzip" -> GZIP;
            case "deflate" -> DEFLATE;
            default -> OTHER;
        };
    }

    /** The decoded body, valid until this thread decodes another. */
    byte[] body() {
        return out;
    }

    int length() {
        return length;
    }

    /**
     * Undoes {@code encoding} on {@code body[0, length)}, at most {@code max} bytes out; false when the body is not
     * what its encoding says (or would grow past {@code max}), and the caller keeps it as it came.
     */
    boolean decode(int encoding, byte[] body, int bodyLength, int max) {
        length = 0;
        try {
            if (encoding == GZIP) {
                return gunzip(body, bodyLength, max);
            }
            if (encoding == DEFLATE) {
                boolean zlibHeader = bodyLength >= 2 && (body[0] & 0x0f) == 8 && ((body[0] & 0xff) << 8 | body[1] & 0xff) % 31 == 0;
                return inflate(zlibHeader ? zlib : raw, body, 0, bodyLength, max) >= 0;
            }
        } catch (DataFormatException e) {
            return false;
        }
        return false;
    }

    /** gzip's members one after the other (RFC 1952): each header skipped, its deflate data inflated, its trailer passed. */
    private boolean gunzip(byte[] in, int n, int max) throws DataFormatException {
        int at = 0;
        do {
            if (n - at < 18 || (in[at] & 0xff) != 0x1f || (in[at + 1] & 0xff) != 0x8b || in[at + 2] != 8) {
                return false;
            }
            int flags = in[at + 3];
            int p = at + 10;
            if ((flags & 4) != 0) { // FEXTRA
                if (p + 2 > n) {
                    return false;
                }
                p += 2 + ((in[p] & 0xff) | (in[p + 1] & 0xff) << 8);
            }
            if ((flags & 8) != 0) { // FNAME, zero-terminated
                p = afterZero(in, p, n);
            }
            if ((flags & 16) != 0) { // FCOMMENT, zero-terminated
                p = afterZero(in, p, n);
            }
            if ((flags & 2) != 0) { // FHCRC
                p += 2;
            }
            if (p >= n) {
                return false;
            }
            int used = inflate(raw, in, p, n - p, max);
            if (used < 0) {
                return false;
            }
            at = p + used + 8; // CRC32 and ISIZE
        } while (at < n && (in[at] & 0xff) == 0x1f);
        return at <= n;
    }

    private static int afterZero(byte[] in, int p, int n) {
        while (p < n && in[p] != 0) {
            p++;
        }
        return p + 1;
    }

    /**
     * Hands {@code sink} the answer with its body decoded where {@code encoding} is one undone here; else as it came,
     * its content type saying why ("application/json (br-encoded: ...)"), for the first refusal's note.
     */
    static void answer(ResponseParser.Sink sink, int status, String contentType, int encoding, String named, byte[] body,
                       int length, boolean close, int max) {
        if (encoding == NONE || length == 0) {
            sink.onResponse(status, contentType, body, length, close);
            return;
        }
        AnswerEncoding d = encoding == OTHER ? null : ofThread();
        if (d != null && d.decode(encoding, body, length, max)) {
            sink.onResponse(status, contentType, d.body(), d.length(), close);
            return;
        }
        String why = encoding == OTHER ? named + "-encoded: wsbench undoes gzip and deflate only, ask for those (Accept-Encoding)"
                : named + "-encoded, and not " + named + ": left as it came";
        sink.onResponse(status, (contentType.isEmpty() ? "" : contentType + " ") + "(" + why + ")", body, length, close);
    }

    /** Inflates {@code in[from, from + n)} after what {@link #out} holds; the bytes of input it used, or -1. */
    private int inflate(Inflater inflater, byte[] in, int from, int n, int max) throws DataFormatException {
        inflater.reset();
        inflater.setInput(in, from, n);
        while (!inflater.finished()) {
            if (length == out.length) {
                if (out.length >= max) {
                    return -1;
                }
                out = Arrays.copyOf(out, (int) Math.min(max, out.length * 2L));
            }
            int got = inflater.inflate(out, length, out.length - length);
            length += got;
            if (got == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                return -1; // cut short
            }
        }
        return n - inflater.getRemaining();
    }
}
