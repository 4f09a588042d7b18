package io.wsbench.core.load;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * What a user keeps of its answers' headers as the parser reads them: Set-Cookie into its cookie jar,
 * and the last value of each header some step of its flow reads ({@link FlowLane#wantedHeaders}), by
 * lower-case name, until the answer has been read. Only the user's I/O thread touches it.
 */
final class KeptHeaders implements ResponseParser.HeaderSink {

    private static final byte[] SET_COOKIE = "set-cookie".getBytes(StandardCharsets.US_ASCII);

    final Map<String, String> values = new HashMap<>();
    private final CookieJar jar;
    private final byte[][] wanted;
    /** The same names as text, for an HTTP/2 answer's headers. */
    private final String[] wantedNames;

    KeptHeaders(CookieJar jar, byte[][] wanted) {
        this.jar = jar;
        this.wanted = wanted;
        this.wantedNames = java.util.Arrays.stream(wanted).map(n -> new String(n, StandardCharsets.US_ASCII)).toArray(String[]::new);
    }

    /** An HTTP/2 answer's headers (its decoder kept only what is read here: {@link AnswerHeaders#readBy}). */
    void all(io.netty.handler.codec.http2.Http2Headers headers) {
        for (java.util.Map.Entry<CharSequence, CharSequence> h : headers) {
            CharSequence name = h.getKey();
            if (name.length() > 0 && name.charAt(0) == ':') {
                continue;
            }
            if (jar != null && io.netty.util.AsciiString.contentEqualsIgnoreCase(name, "set-cookie")) {
                jar.store(h.getValue().toString());
                continue;
            }
            for (String wantedName : wantedNames) {
                if (io.netty.util.AsciiString.contentEqualsIgnoreCase(name, wantedName)) {
                    values.put(wantedName, h.getValue().toString());
                }
            }
        }
    }

    @Override
    public void header(byte[] line, int nameLength, int valueFrom, int valueTo) {
        if (jar != null && ResponseParser.nameIs(line, nameLength, SET_COOKIE)) {
            jar.store(new String(line, valueFrom, valueTo - valueFrom, StandardCharsets.ISO_8859_1));
            return;
        }
        for (byte[] name : wanted) {
            if (ResponseParser.nameIs(line, nameLength, name)) {
                values.put(new String(name, StandardCharsets.US_ASCII),
                        new String(line, valueFrom, valueTo - valueFrom, StandardCharsets.ISO_8859_1));
            }
        }
    }
}
