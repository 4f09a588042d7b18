package io.wsbench.protocols;

import io.wsbench.core.load.Validator;
import io.wsbench.core.load.Verdict;

import java.nio.charset.StandardCharsets;
import java.util.function.IntFunction;

/**
 * What every answer must come with before its body is read: a 200 and the protocol's content type.
 * Written once for every checker; nothing here allocates per answer but a long answer's digest ({@link Seen}: two
 * CRC objects to read it, and three longs when it is accepted).
 */
final class Answers {

    private Answers() {
    }

    /** What the body of an answer must hold; read only when the answer came with a 200 and the right content type. */
    @FunctionalInterface
    interface Body {
        Verdict check(byte[] body, int length);
    }

    /**
     * A validator for answers that must come with a 200, a content type of {@code mediaType} (in any
     * case, with any parameters) and a body that {@code body} accepts.
     */
    static Validator expecting(String mediaType, Body body) {
        Body remembered = remembering(body);
        return (status, contentType, bytes, length) -> {
            Verdict head = head(status, contentTypeIs(contentType, mediaType));
            return head == Verdict.OK ? remembered.check(bytes, length) : head;
        };
    }

    /** The longest answer a check remembers ({@link Accepted}): a small answer's parse costs more than its compare. */
    static final int REMEMBERED_BYTES = 64 * 1024;

    /** What a check remembers of the answer it last accepted, to accept the same again without reading it. */
    interface Memory {
        /** Whether {@code body}'s first {@code length} bytes are the answer last accepted. */
        boolean same(byte[] body, int length);

        /** Remembers {@code body} as accepted. */
        void accept(byte[] body, int length);
    }

    /**
     * The digest of the answer last accepted, for answers too long to keep (seed 001's, up to 1 MB): its length and
     * two 32-bit CRCs of different polynomials (CRC-32C and CRC-32, both computed by the CPU's own instructions, a
     * few GB/s), so a different answer passes for the accepted one with a chance of about 2^-64. Every byte is still
     * read; none is parsed.
     */
    static final class Seen implements Memory {
        private volatile long[] last; // {length, crc32c, crc32}

        @Override
        public boolean same(byte[] body, int length) {
            long[] a = last;
            return a != null && a[0] == length && a[1] == crc32c(body, length) && a[2] == crc32(body, length);
        }

        @Override
        public void accept(byte[] body, int length) {
            last = new long[]{length, crc32c(body, length), crc32(body, length)};
        }

        private static long crc32c(byte[] body, int length) {
            java.util.zip.CRC32C c = new java.util.zip.CRC32C();
            c.update(body, 0, length);
            return c.getValue();
        }

        private static long crc32(byte[] body, int length) {
            java.util.zip.CRC32 c = new java.util.zip.CRC32();
            c.update(body, 0, length);
            return c.getValue();
        }
    }

    /**
     * The last answer a check accepted, kept to compare the next one with: a check is a function of the
     * answer's bytes (and, for SOAP, of its head), so an answer byte for byte the same as one accepted is
     * accepted without reading it again, and every answer is still judged in full: one that differs by a
     * byte is parsed and checked as if none had come before. A service's answer to one request is most
     * often the same every time (hello's 138 bytes of XML, parsed by a new StAX reader each time, cost the
     * generator 1.5x what plain text's compare did); one that changes (a timestamp) costs a compare
     * more. Answers longer than {@link #REMEMBERED_BYTES} are not kept.
     */
    static final class Accepted implements Memory {
        // one I/O thread at a time uses a validator (Validator's contract); volatile, as it may be another next time
        private volatile byte[] last;

        @Override
        public boolean same(byte[] body, int length) {
            byte[] a = last;
            return a != null && a.length == length && java.util.Arrays.equals(a, 0, length, body, 0, length);
        }

        /** Remembers {@code body} as accepted, when it is short enough. */
        @Override
        public void accept(byte[] body, int length) {
            if (length <= REMEMBERED_BYTES) {
                last = java.util.Arrays.copyOf(body, length);
            }
        }
    }

    /** One {@link Seen} for each request of a sequence of {@code requests}; none (null) for a request outside it. */
    static IntFunction<Memory> seenEach(int requests) {
        Seen[] seen = new Seen[requests];
        for (int i = 0; i < requests; i++) {
            seen[i] = new Seen();
        }
        return request -> request >= 0 && request < requests ? seen[request] : null;
    }

    /**
     * {@code full}, remembering: an answer under a 200 of {@code mediaType} that {@code memory} of its request (null:
     * none) knows as accepted is accepted at once, and one {@code full} accepts there is remembered. Any other answer,
     * and any under another status or type, is judged by {@code full} alone.
     */
    static Validator remembering(Validator full, String mediaType, IntFunction<Memory> memory) {
        return Validator.byRequest((request, status, contentType, body, length) -> {
            Memory known = contentType != null && head(status, contentType, mediaType) == Verdict.OK ? memory.apply(request) : null;
            if (known != null && known.same(body, length)) {
                return Verdict.OK;
            }
            Verdict v = full.check(request, status, contentType, body, length);
            if (known != null && v == Verdict.OK) {
                known.accept(body, length);
            }
            return v;
        });
    }

    /** {@code body}'s check, an answer the same as the last it accepted accepted at once ({@link Accepted}). */
    static Body remembering(Body body) {
        Accepted accepted = new Accepted();
        return (bytes, length) -> {
            if (accepted.same(bytes, length)) {
                return Verdict.OK;
            }
            Verdict v = body.check(bytes, length);
            if (v == Verdict.OK) {
                accepted.accept(bytes, length);
            }
            return v;
        };
    }

    /**
     * As {@link #expecting}, for a family of content types: any that contains {@code word} in any
     * case ({@code xml}: text/xml, application/xml, application/soap+xml).
     */
    static Validator mentioning(String word, Body body) {
        Body remembered = remembering(body);
        return (status, contentType, bytes, length) -> {
            Verdict head = head(status, contentTypeMentions(contentType, word));
            return head == Verdict.OK ? remembered.check(bytes, length) : head;
        };
    }

    /** What a text answer's body must hold, read from {@code from}, its first byte that is not blank. */
    @FunctionalInterface
    interface Text {
        Verdict check(byte[] body, int from, int length, byte[] expected);
    }

    /**
     * As {@link #expecting}, for a body of text that {@code text} judges from its first byte that is
     * not blank, against {@code op}'s expected text in UTF-8.
     */
    static Validator text(String mediaType, Operation op, Text text) {
        byte[] expected = op.expectedText().getBytes(StandardCharsets.UTF_8);
        return expecting(mediaType, (body, length) -> text.check(body, firstNonBlank(body, length), length, expected));
    }

    /** Where {@code body} stops being blank (spaces, line ends, control bytes): {@code length} when it never does. */
    private static int firstNonBlank(byte[] body, int length) {
        int from = 0;
        while (from < length && body[from] <= ' ') {
            from++;
        }
        return from;
    }

    /** OK when an answer came with a 200 and a content type of {@code mediaType}; else what is wrong with it. */
    static Verdict head(int status, String contentType, String mediaType) {
        return head(status, contentTypeIs(contentType, mediaType));
    }

    private static Verdict head(int status, boolean rightType) {
        if (status != 200) {
            return Verdict.HTTP_STATUS;
        }
        return rightType ? Verdict.OK : Verdict.VALIDATION;
    }

    /** Whether {@code contentType} is {@code mediaType}, in any case, with or without parameters. */
    static boolean contentTypeIs(String contentType, String mediaType) {
        return contentType.regionMatches(true, 0, mediaType, 0, mediaType.length());
    }

    private static boolean contentTypeMentions(String contentType, String word) {
        for (int i = 0; i + word.length() <= contentType.length(); i++) {
            if (contentType.regionMatches(true, i, word, 0, word.length())) {
                return true;
            }
        }
        return false;
    }
}
