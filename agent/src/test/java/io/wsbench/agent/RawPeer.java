package io.wsbench.agent;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.UUID;

/**
 * A member written by hand on a plain socket, for the tests that send what wsbench's own members never
 * would: frames with another secret, altered, truncated or far too long, objects of other kinds. It
 * speaks the link's framing ({@link Link}) and, given the secret, its hello.
 */
final class RawPeer implements AutoCloseable {

    final Socket socket = new Socket();
    final DataInputStream in;
    final DataOutputStream out;
    private final Seal seal;
    private final byte[] challenge = new byte[16];
    private byte[] peerChallenge;
    private long sent;
    private long received;

    /** A peer of the agent at {@code address}, sealing with {@code secret}. */
    RawPeer(String address, Secret secret) throws IOException {
        socket.connect(new InetSocketAddress(Cluster.host(address), Cluster.port(address)), 5_000);
        socket.setSoTimeout(10_000);
        in = new DataInputStream(socket.getInputStream());
        out = new DataOutputStream(socket.getOutputStream());
        seal = new Seal(secret);
        new SecureRandom().nextBytes(challenge);
    }

    /** Sends a hello as a controller of {@code cluster}. */
    void hello(String cluster) throws IOException {
        Wire.Hello hello = new Wire.Hello(cluster, Cluster.CONTROLLER, UUID.randomUUID().toString(), 1, System.currentTimeMillis(), challenge);
        frame(Link.SEALED, seal.seal(Wire.write(hello), Link.HELLO));
    }

    /** Hello, the peer's hello and its ready read, our ready sent: the link is up. */
    void handshake(String cluster) throws IOException {
        hello(cluster);
        byte[] theirs = read();
        if (theirs[0] != Link.SEALED) {
            throw new IOException("refused: " + text(theirs));
        }
        Wire.Hello hello = (Wire.Hello) Wire.read(seal.open(body(theirs), Link.HELLO));
        peerChallenge = hello.challenge();
        send(new Wire.Ready());
        Wire.Message ready = next();
        if (!(ready instanceof Wire.Ready)) {
            throw new IOException("no ready: " + ready);
        }
    }

    void send(Wire.Message m) throws IOException {
        sendSealed(Wire.write(m));
    }

    /** Any bytes, sealed as the next message should be: the peer opens them and must then refuse what they are. */
    void sendSealed(byte[] plain) throws IOException {
        frame(Link.SEALED, sealNext(plain));
    }

    /** {@code plain} sealed as this link's next message, counted as sent but not sent: for a test to carry elsewhere. */
    byte[] sealNext(byte[] plain) {
        return seal.seal(plain, Link.bound(challenge, peerChallenge, sent++));
    }

    /** The next message from the peer, pings skipped; an IOException naming a refusal. */
    Wire.Message next() throws IOException {
        while (true) {
            byte[] f = read();
            if (f[0] == Link.REFUSAL) {
                throw new IOException(text(f));
            }
            Wire.Message m = Wire.read(seal.open(body(f), Link.bound(peerChallenge, challenge, received++)));
            if (!(m instanceof Wire.Ping)) {
                return m;
            }
        }
    }

    /** The refusal the peer sends next, skipping its messages; null when it closes the link without one. */
    String refusal() throws IOException {
        try {
            while (true) {
                byte[] f = read();
                if (f[0] == Link.REFUSAL) {
                    return text(f);
                }
            }
        } catch (EOFException e) {
            return null;
        }
    }

    void frame(byte kind, byte[] body) throws IOException {
        out.writeInt(body.length + 1);
        out.writeByte(kind);
        out.write(body);
        out.flush();
    }

    byte[] read() throws IOException {
        int length = in.readInt();
        byte[] f = new byte[length];
        in.readFully(f);
        return f;
    }

    /** Whether the peer has closed the link: the next read ends. */
    boolean closedByPeer() {
        try {
            while (true) {
                read();
            }
        } catch (IOException e) {
            return true;
        }
    }

    private static byte[] body(byte[] frame) {
        return java.util.Arrays.copyOfRange(frame, 1, frame.length);
    }

    private static String text(byte[] frame) {
        return new String(frame, 1, frame.length - 1, StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
