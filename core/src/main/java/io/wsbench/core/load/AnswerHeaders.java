package io.wsbench.core.load;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.util.AsciiString;

/**
 * An HTTP/2 answer's headers as the engine reads them ({@link H2Answer}): its {@code :status}, its
 * {@code content-type} and {@code content-encoding}, a gRPC call's {@code grpc-status} (and a failed one's {@code grpc-message}), with the {@code content-length} Netty's
 * decoder holds the DATA frames to (a body that is not as long is the stream's protocol error). HPACK
 * still decodes every header (its dynamic table depends on them all); the others (a server's date, its
 * name, the caching headers) are dropped instead of each becoming an entry of a map nothing reads; a flow's
 * answers keep as well the headers its steps read and, when its users keep cookies, Set-Cookie ({@link KeptHeaders}).
 */
final class AnswerHeaders extends DefaultHttp2Headers {

    private static final AsciiString STATUS = PseudoHeaderName.STATUS.value();
    private static final AsciiString GRPC_STATUS = AsciiString.cached("grpc-status");
    /** A failed call's reason, for the first refusal's note (sent only with a status that is not OK). */
    private static final AsciiString GRPC_MESSAGE = AsciiString.cached("grpc-message");

    /** The lower-case names kept beyond the engine's own: a flow's. */
    private final AsciiString[] also;

    AnswerHeaders(AsciiString[] also) {
        super(false, 4);
        this.also = also;
    }

    @Override
    public Http2Headers add(CharSequence name, CharSequence value) {
        if (kept(name) || also.length > 0 && asked(name)) {
            super.add(name, value);
        }
        return this;
    }

    private boolean asked(CharSequence name) {
        for (AsciiString a : also) {
            if (AsciiString.contentEqualsIgnoreCase(name, a)) {
                return true;
            }
        }
        return false;
    }

    /** The names a lane's flow reads of its answers beyond the engine's own: its steps' and, with cookies kept, Set-Cookie. */
    static AsciiString[] readBy(FlowLane flow) {
        java.util.List<AsciiString> names = new java.util.ArrayList<>();
        for (byte[] name : flow.wantedHeaders) {
            names.add(new AsciiString(name));
        }
        if (flow.plan.cookies()) {
            names.add(HttpHeaderNames.SET_COOKIE);
        }
        return names.toArray(new AsciiString[0]);
    }

    static boolean kept(CharSequence name) {
        return AsciiString.contentEquals(name, STATUS) || AsciiString.contentEqualsIgnoreCase(name, HttpHeaderNames.CONTENT_TYPE)
                || AsciiString.contentEqualsIgnoreCase(name, HttpHeaderNames.CONTENT_LENGTH)
                || AsciiString.contentEqualsIgnoreCase(name, HttpHeaderNames.CONTENT_ENCODING)
                || AsciiString.contentEqualsIgnoreCase(name, GRPC_STATUS) || AsciiString.contentEqualsIgnoreCase(name, GRPC_MESSAGE);
    }

    /** Netty's HPACK decoder, writing each answer's headers into an {@link AnswerHeaders}. */
    static final class Decoder extends DefaultHttp2HeadersDecoder {

        private final AsciiString[] also;

        /** {@code also}: the names kept beyond the engine's own ({@link #readBy}). */
        Decoder(AsciiString[] also) {
            super(false); // the names are not checked token by token: a load generator reads them, it does not pass them on
            this.also = also;
        }

        @Override
        protected Http2Headers newHeaders() {
            return new AnswerHeaders(also);
        }
    }
}
