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
 * name, the caching headers) are dropped instead of each becoming an entry of a map nothing reads.
 */
final class AnswerHeaders extends DefaultHttp2Headers {

    private static final AsciiString STATUS = PseudoHeaderName.STATUS.value();
    private static final AsciiString GRPC_STATUS = AsciiString.cached("grpc-status");
    /** A failed call's reason, for the first refusal's note (sent only with a status that is not OK). */
    private static final AsciiString GRPC_MESSAGE = AsciiString.cached("grpc-message");

    AnswerHeaders() {
        super(false, 4);
    }

    @Override
    public Http2Headers add(CharSequence name, CharSequence value) {
        if (kept(name)) {
            super.add(name, value);
        }
        return this;
    }

    static boolean kept(CharSequence name) {
        return AsciiString.contentEquals(name, STATUS) || AsciiString.contentEqualsIgnoreCase(name, HttpHeaderNames.CONTENT_TYPE)
                || AsciiString.contentEqualsIgnoreCase(name, HttpHeaderNames.CONTENT_LENGTH)
                || AsciiString.contentEqualsIgnoreCase(name, HttpHeaderNames.CONTENT_ENCODING)
                || AsciiString.contentEqualsIgnoreCase(name, GRPC_STATUS) || AsciiString.contentEqualsIgnoreCase(name, GRPC_MESSAGE);
    }

    /** Netty's HPACK decoder, writing each answer's headers into an {@link AnswerHeaders}. */
    static final class Decoder extends DefaultHttp2HeadersDecoder {

        Decoder() {
            super(false); // the names are not checked token by token: a load generator reads them, it does not pass them on
        }

        @Override
        protected Http2Headers newHeaders() {
            return new AnswerHeaders();
        }
    }
}
