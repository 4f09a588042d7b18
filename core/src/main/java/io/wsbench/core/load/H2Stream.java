package io.wsbench.core.load;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http2.Http2Headers;

/**
 * A user's side of an HTTP/2 connection it shares ({@link H2Link}): the stream its request is on and
 * its answer as the stream's frames bring it, told to the user as its own connection's answer would
 * be. Only the user's I/O thread touches it.
 */
final class H2Stream implements Connection<ByteBuf> {

    private final Connection.Receiver user;
    private final LoadEngine.PointState run;
    final H2Link link;
    private final H2Answer answer = new H2Answer();
    /** What its user's flow keeps of its answers' headers (null: nothing). */
    private final KeptHeaders kept;
    /** The connection {@link #ready} found to send on, and the one (and stream) the request under way went on. */
    private H2Link.Conn next;
    private H2Link.Conn conn;
    private int id;
    /** The body of the request just sent (its DATA), as {@link H2Link.Conn#write} split it off. */
    int bodySent;

    H2Stream(Connection.Receiver user, LoadEngine.PointState run, H2Link link, KeptHeaders kept) {
        this.user = user;
        this.kept = kept;
        this.run = run;
        this.link = link;
        link.join();
    }

    /** Whether the shared connection is up; if not, {@link #linkReady} or {@link #linkFailed} comes. */
    @Override
    public boolean ready() {
        return (next = link.ready(this)) != null;
    }

    /**
     * Sends {@code request} (HTTP/1.1 bytes, the point's request {@code index}) on a new stream of the connection
     * {@link #ready} found; false when it is not on its way (that connection took no more streams: the same
     * request then goes on the next one; or it could not be sent, a client error).
     */
    @Override
    public boolean send(ByteBuf request, int index) {
        H2Link.Conn c = next;
        answer.reset();
        int stream;
        try {
            stream = c.write(this, request);
        } catch (RuntimeException e) {
            user.lost(RecordAs.CLIENT, StepRecorder.thrown("request " + index + " could not be sent over HTTP/2", e));
            return false;
        }
        if (stream < 0) {
            user.sendAgain(false);
            return false;
        }
        conn = c;
        id = stream;
        return true;
    }

    /** Gives up the stream under way (its answer timed out); the connection's other streams go on. */
    @Override
    public void cancel() {
        conn.cancel(id);
    }

    /** The connection is shared: it stays for the other users. */
    @Override
    public void release() {
    }

    @Override
    public void close() {
        link.leave(this);
    }

    /** The shared connection is up: the user may send. */
    void linkReady() {
        user.proceed();
    }

    /** The shared connection could not be made. */
    void linkFailed(String why) {
        user.connectFailed(why);
    }

    /** The answer's headers (or its trailers), the first with its status. */
    void headers(Http2Headers headers) {
        answer.headers(headers);
        if (kept != null) {
            kept.all(headers);
        }
    }

    @Override
    public int stepBytes(ByteBuf request) {
        return bodySent;
    }

    /** Part of the answer's body; false when the body grew past what an answer may be. */
    boolean data(ByteBuf data) {
        user.receivedOnStream(data.readableBytes());
        if (!answer.append(data)) {
            user.answerLost(RecordAs.PROTOCOL, "the answer's body is longer than " + ResponseParser.MAX_BODY + " bytes");
            return false;
        }
        return true;
    }

    /** The stream ended; its answer is whole. */
    void complete() {
        if (answer.status < 200) {
            reset("the stream ended with no final status"); // no HTTP answer
            return;
        }
        if (answer.grpcStatus > 0) {
            // the call failed by gRPC's own account: its error kind, named by its code; the message is not checked
            String why = "grpc-status " + GrpcCodes.name(answer.grpcStatus);
            if (user.answerLost(null, null)) {
                run.noteStreamError(why);
                if (run.firstRefusal == null) {
                    run.firstRefusal = Refusal.grpc(why, answer.grpcMessage);
                }
                user.refused(GrpcCodes.FAILED, why);
            }
            return;
        }
        if (answer.grpcStatus == 0) {
            run.grpcMessages.add(answer.grpcMessages());
        }
        AnswerEncoding.answer(user, answer.status, answer.contentType, answer.encoding, answer.encodingName,
                answer.body == null ? new byte[0] : answer.body, answer.length, false, ResponseParser.MAX_BODY);
    }

    /** The server reset the stream (RST_STREAM), or the codec did, for {@code why}: a protocol error. */
    void reset(String why) {
        user.answerLost(RecordAs.PROTOCOL, why);
    }

    /** The server never took the stream (above its GOAWAY's last one): the same request goes again. */
    void refused() {
        user.sendAgain(true);
    }

    /** The connection closed with this stream open. */
    void lost() {
        user.closedUnanswered();
    }
}
