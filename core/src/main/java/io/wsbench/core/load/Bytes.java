package io.wsbench.core.load;

/** Searching bytes as they came, no text made of them: a request's markers, an answer's expected words. */
public final class Bytes {

    private Bytes() {
    }

    /** Where {@code needle} first is in {@code hay} between {@code from} and {@code to} (exclusive); -1 when it is not. */
    public static int indexOf(byte[] hay, int from, int to, byte[] needle) {
        if (needle.length == 0) {
            return from <= to ? from : -1;
        }
        byte first = needle[0];
        int last = to - needle.length;
        outer:
        for (int i = from; i <= last; i++) {
            if (hay[i] != first) {
                continue;
            }
            for (int j = 1; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
