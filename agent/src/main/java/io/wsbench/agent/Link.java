package io.wsbench.agent;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.timeout.IdleState;
import io.netty.handler.timeout.IdleStateEvent;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;

/**
 * One connection between two members of the cluster, and the conversation on it. Every frame is a
 * 4-byte length and a body of at most {@link #MAX_MESSAGE} bytes; a body is either a message sealed
 * with the cluster's secret ({@link Seal}) or a refusal in clear text, the one thing a member says to a
 * peer that does not hold the secret.
 * <p>
 * Each side first sends a {@link Wire.Hello} carrying a fresh random challenge; every later message is
 * sealed bound to the receiver's challenge and to its number on the link, and the link is up only once
 * the peer has answered the hello with a {@link Wire.Ready} so bound. A peer without the secret cannot
 * make a hello that opens; a recorded conversation played again, a message sent back to its sender, one
 * left out or one altered do not open either. Whatever does not open, or opens to anything but one of
 * {@link Wire}'s messages, is refused in one line on both sides and the link is closed.
 */
final class Link extends SimpleChannelInboundHandler<ByteBuf> {

    /** The longest message a member takes: a suite's text or a point's result is a few hundred kB at most. */
    static final int MAX_MESSAGE = 16 << 20;
    /** A peer silent this long is gone (an idle link carries a {@link Wire.Ping} every second). */
    static final Duration SILENCE = Duration.ofSeconds(5);
    static final Duration PING = Duration.ofSeconds(1);
    /** The longest a link may take to come up: its hello, and the peer's ready to this side's challenge. */
    static final Duration HANDSHAKE = Duration.ofSeconds(10);
    static final String WRONG_SECRET = "wrong or missing cluster secret";
    /** Why a link to this member itself was closed: nothing anyone need be told. */
    private static final String OWN_ADDRESS = "this member's own address";
    static final byte SEALED = 'S';
    static final byte REFUSAL = 'R';
    static final byte[] HELLO = "wsbench cluster v1: hello".getBytes(StandardCharsets.US_ASCII);
    private static final long CLOCK_SKEW_MILLIS = Duration.ofMinutes(5).toMillis();
    private static final SecureRandom RANDOM = new SecureRandom();

    /** What a member does with its links' news, on the cluster's own thread: quickly, never blocking. */
    interface Peers {
        /** The peer has proved it holds the secret: messages may go both ways. */
        void up(Link link);

        void message(Link link, Wire.Message message);

        /** The link is closed: by either side, refused ({@link #refusal}), or its peer silent or gone. */
        void down(Link link);
    }

    private final Node node;
    private final Peers peers;
    private final byte[] challenge = new byte[16];
    private volatile Channel channel;
    private volatile Wire.Hello peer;
    private long received;
    private long sent;
    private volatile boolean up;
    private volatile String refusal;
    private volatile boolean refusedByPeer;
    private volatile boolean closed;

    Link(Node node, Peers peers) {
        this.node = node;
        this.peers = peers;
        RANDOM.nextBytes(challenge);
    }

    /** The peer's address as its own peers name it: its IP as this link sees it and the port it listens on. */
    String peerAddress() {
        InetSocketAddress remote = (InetSocketAddress) channel.remoteAddress();
        String host = remote == null ? "?" : remote.getAddress().getHostAddress();
        return host + ":" + (peer == null ? (remote == null ? 0 : remote.getPort()) : peer.port());
    }

    /** The peer's role ({@link Cluster#AGENT} or {@link Cluster#CONTROLLER}) and identity, once its hello is in. */
    String role() {
        return peer == null ? null : peer.role();
    }

    String peerId() {
        return peer == null ? null : peer.id();
    }

    /** Whether the link may still carry messages: connecting, in its hello, or up. */
    boolean isOpen() {
        return !closed && refusal == null;
    }

    boolean isUp() {
        return up && !closed;
    }

    /** Why the link was refused, in one line, or null: by this side (the peer's message did not hold) or by the peer. */
    String refusal() {
        return refusal;
    }

    /** Whether the link was closed for leading back to this member (a --join that names it): no refusal worth a word. */
    boolean toItself() {
        return OWN_ADDRESS.equals(refusal);
    }

    boolean refusedByPeer() {
        return refusedByPeer;
    }

    /**
     * Sends {@code m}, sealed for the peer. Any thread may send: each message is numbered and written on the
     * link's own thread, in the order the sends were made, so the numbers the peer expects are the order it reads.
     */
    void send(Wire.Message m) {
        Wire.Hello to = peer;
        if (to == null) {
            throw new IllegalStateException("no message before the peer's hello");
        }
        byte[] message = Wire.write(m);
        channel.eventLoop().execute(() -> {
            if (channel.isActive()) {
                channel.writeAndFlush(frame(SEALED, node.seal().seal(message, bound(challenge, to.challenge(), sent++))));
            }
        });
    }

    void close() {
        if (channel != null) {
            channel.close();
        }
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        channel = ctx.channel();
        // a link this member accepted is on its listening port, which a link that comes just as it binds may know first
        int port = channel.parent() != null ? ((InetSocketAddress) channel.localAddress()).getPort() : node.port();
        Wire.Hello hello = new Wire.Hello(node.cluster().name(), node.role(), node.id(), port, System.currentTimeMillis(),
                challenge.clone());
        ctx.writeAndFlush(frame(SEALED, node.seal().seal(Wire.write(hello), HELLO)));
        // a link is up within this, or gone: silence is noticed by the idle handler, a peer that talks without ever
        // proving it holds the secret by this
        ctx.executor().schedule(() -> {
            if (!up && refusal == null && channel.isActive()) {
                refuse("no hello and ready within " + HANDSHAKE.toSeconds() + " s");
            }
        }, HANDSHAKE.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
    }

    /** Whether this member dialed the link (to one of its --join), rather than accepted it. */
    boolean dialed() {
        return channel != null && channel.parent() == null;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, ByteBuf frame) {
        if (refusal != null) {
            return;
        }
        if (frame.readableBytes() == 0) {
            refuse("not a wsbench message: an empty frame");
            return;
        }
        byte kind = frame.readByte();
        byte[] body = new byte[frame.readableBytes()];
        frame.readBytes(body);
        if (kind == REFUSAL) {
            refusedByPeer = true;
            refusal = clean(new String(body, 0, Math.min(body.length, 500), StandardCharsets.UTF_8));
            ctx.close();
        } else if (kind != SEALED) {
            refuse("not a wsbench message: a frame of kind " + (kind & 0xff));
        } else if (peer == null) {
            hello(body);
        } else {
            Wire.Message m = opened(body, bound(peer.challenge(), challenge, received),
                    "message " + received + " does not open with the cluster secret: altered, truncated, replayed or out of order");
            received++;
            if (m == null) {
                return;
            }
            if (m instanceof Wire.Ready && !up) {
                up = true;
                peers.up(this);
            } else if (!up || m instanceof Wire.Hello || m instanceof Wire.Ready) {
                refuse("not a wsbench message: a " + Wire.typeOf(m) + " out of its place");
            } else if (!(m instanceof Wire.Ping)) {
                peers.message(this, m);
            }
        }
    }

    /**
     * The message sealed in {@code body} bound to {@code bound}; null when there is none, the peer then refused:
     * with {@code unopened} when it does not open, as not a wsbench message when it opens to anything else.
     */
    private Wire.Message opened(byte[] body, byte[] bound, String unopened) {
        byte[] plain = node.seal().open(body, bound);
        if (plain == null) {
            refuse(unopened);
            return null;
        }
        try {
            return Wire.read(plain);
        } catch (Wire.NotAMessage e) {
            refuse(e.getMessage());
            return null;
        }
    }

    private void hello(byte[] body) {
        Wire.Message m = opened(body, HELLO, WRONG_SECRET);
        if (m == null) {
            return;
        }
        if (!(m instanceof Wire.Hello hello) || hello.challenge() == null || hello.challenge().length != challenge.length) {
            refuse("not a wsbench message: no hello first");
        } else if (hello.id().equals(node.id())) {
            refusal = OWN_ADDRESS; // a member that dialed itself: nothing to say
            channel.close();
        } else if (!node.cluster().name().equals(hello.cluster())) {
            refuse("it is a member of cluster '" + clean(hello.cluster()) + "', not '" + node.cluster().name() + "'");
        } else if (Math.abs(hello.time() - System.currentTimeMillis()) > CLOCK_SKEW_MILLIS) {
            refuse("its hello is " + Math.abs(hello.time() - System.currentTimeMillis()) / 1000 + " s away from this clock:"
                    + " a recording, or clocks to set right (NTP)");
        } else {
            peer = hello;
            send(new Wire.Ready());
        }
    }

    /** Refuses the peer: one line to it in clear, the same line kept here ({@link #refusal}), and the link closed. */
    void refuse(String why) {
        if (refusal != null) {
            return;
        }
        refusal = why;
        channel.writeAndFlush(frame(REFUSAL, ("refused by " + node.address() + ": " + why).getBytes(StandardCharsets.UTF_8)))
                .addListener(ChannelFutureListener.CLOSE);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
        if (event instanceof IdleStateEvent idle) {
            if (idle.state() == IdleState.READER_IDLE) {
                if (refusal == null) {
                    refusal = up ? "silent for " + SILENCE.toSeconds() + " s" : "no hello within " + SILENCE.toSeconds() + " s";
                }
                ctx.close();
            } else if (idle.state() == IdleState.WRITER_IDLE && up) {
                send(new Wire.Ping());
            }
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof TooLongFrameException || cause.getCause() instanceof TooLongFrameException) {
            refuse("a message longer than the " + (MAX_MESSAGE >> 20) + " MiB a member takes");
        } else if (cause instanceof DecoderException) {
            refuse("not a wsbench message: " + Link.clean(Controller.oneLine(cause)));
        } else if (refusal == null) {
            refusal = "the link failed: " + Controller.oneLine(cause);
            ctx.close();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        closed = true;
        peers.down(this);
    }

    private static ByteBuf frame(byte kind, byte[] body) {
        return Unpooled.wrappedBuffer(new byte[]{kind}, body);
    }

    /**
     * What a message is bound to: the challenges of its sender and of its receiver on this link (so that it opens
     * on this one link only, one way only) and its number on it.
     */
    static byte[] bound(byte[] from, byte[] to, long number) {
        Base64.Encoder b64 = Base64.getEncoder();
        return ("wsbench cluster v1: from " + b64.encodeToString(from) + " to " + b64.encodeToString(to) + " #" + number)
                .getBytes(StandardCharsets.US_ASCII);
    }

    /** A peer's words, fit for one line of a log: no control characters, no line breaks. */
    static String clean(String s) {
        return s == null ? "" : s.replaceAll("[\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}]", "?");
    }
}
