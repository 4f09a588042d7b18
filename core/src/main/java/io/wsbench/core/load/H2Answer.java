package io.wsbench.core.load;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.util.AsciiString;

/**
 * One user's HTTP/2 answer as its stream's frames bring it: the final status and content type of its
 * headers, its body, and for gRPC the call's grpc-status (from the trailers, or a trailers-only
 * answer's headers). Reused from one request to the next; only the user's I/O thread touches it.
 */
final class H2Answer {

    private static final AsciiString GRPC_STATUS = AsciiString.cached("grpc-status");
    private static final AsciiString GRPC_MESSAGE = AsciiString.cached("grpc-message");

    int status;
    String contentType = "";
    /** The answer's Content-Encoding ({@link AnswerEncoding}) and its name. */
    int encoding;
    String encodingName;
    byte[] body;
    int length;
    /** -1 until a grpc-status comes. */
    int grpcStatus = -1;
    /** The grpc-message a failed call's status came with, as sent (percent-encoded); null when none came. */
    CharSequence grpcMessage;
    private String lastContentType = "";

    /** Ready for the answer of a new request. */
    void reset() {
        status = 0;
        contentType = "";
        encoding = AnswerEncoding.NONE;
        length = 0;
        grpcStatus = -1;
        grpcMessage = null;
    }

    /** The answer's headers (or its trailers), the first final ones with its status. */
    void headers(Http2Headers headers) {
        if (status == 0 || status < 200) {
            CharSequence s = headers.status();
            status = s == null ? 0 : AsciiString.of(s).parseInt();
            CharSequence type = headers.get(HttpHeaderNames.CONTENT_TYPE);
            if (type == null) {
                contentType = "";
            } else {
                if (!AsciiString.contentEquals(type, lastContentType)) {
                    lastContentType = type.toString(); // a server's answers mostly share one: no new String each
                }
                contentType = lastContentType;
            }
            CharSequence coding = headers.get(HttpHeaderNames.CONTENT_ENCODING);
            if (coding != null) {
                encodingName = coding.toString().trim().toLowerCase(java.util.Locale.ROOT);
                encoding = AnswerEncoding.of(encodingName);
            }
        }
        CharSequence grpc = headers.get(GRPC_STATUS);
        if (grpc != null) {
            grpcMessage = headers.get(GRPC_MESSAGE);
            try {
                grpcStatus = Integer.parseInt(grpc.toString().strip());
            } catch (NumberFormatException e) {
                grpcStatus = GrpcCodes.UNKNOWN; // as gRPC's clients read a status that is no number
            }
        }
    }

    /** Adds part of the body; false (nothing added) when the body would grow past what an answer may be. */
    boolean append(ByteBuf data) {
        int n = data.readableBytes();
        if ((long) length + n > ResponseParser.MAX_BODY) {
            return false;
        }
        if (body == null || body.length < length + n) {
            body = java.util.Arrays.copyOf(body == null ? new byte[0] : body, Math.max(length + n, body == null ? 512 : body.length * 2));
        }
        data.getBytes(data.readerIndex(), body, length, n);
        length += n;
        return true;
    }

    /** How many of gRPC's length-prefixed messages the body holds (a server stream's many); its framing is the validator's to judge. */
    int grpcMessages() {
        int n = 0;
        for (int at = 0; at + 5 <= length; n++) {
            at += 5 + (((body[at + 1] & 0xff) << 24) | ((body[at + 2] & 0xff) << 16) | ((body[at + 3] & 0xff) << 8) | (body[at + 4] & 0xff));
            if (at < 0) {
                break;
            }
        }
        return n;
    }
}
