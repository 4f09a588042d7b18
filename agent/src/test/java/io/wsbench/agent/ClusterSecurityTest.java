package io.wsbench.agent;

import com.sun.net.httpserver.HttpServer;
import io.wsbench.core.load.Measurement;
import io.wsbench.core.load.ProgressListener;
import io.wsbench.model.load.LoadSpec;
import io.wsbench.model.suite.Suite;
import io.wsbench.model.suite.SuiteReader;
import io.wsbench.runner.Target;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.net.ConnectException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What an agent lets in: only a controller that holds the cluster's secret, only wsbench's own messages
 * (never a Java object), nothing readable on the wire, and bad input refused in one line while the agent
 * stays up for the next honest point. One agent on 127.0.0.1, a server of the test's that counts what
 * reaches it, and peers written by hand ({@link RawPeer}) for what wsbench's own members never send.
 */
class ClusterSecurityTest {

    static final String PASSWORD = "p4ss-in-the-suite-" + System.nanoTime();

    @TempDir
    static Path dir;
    static HttpServer server;
    static final AtomicInteger answered = new AtomicInteger();
    static Agent agent;
    static final List<String> agentSays = new CopyOnWriteArrayList<>();
    static String name;
    static Path file;
    static Suite suite;

    @BeforeAll
    static void anAgent() throws Exception {
        server = DistributedLoadTest.server("/hello", null, answered::incrementAndGet);
        file = dir.resolve("secure.yaml");
        Files.writeString(dir.resolve("users.csv"), "user,password\nu0,row-password-0\nu1,row-password-1\n");
        Files.writeString(file, """
                name: secure-suite-text
                warmup: none
                targets:
                  - { label: hello, url: "http://127.0.0.1:%1$d/hello", protocol: plain }
                  - label: hello flow
                    url: "http://127.0.0.1:%1$d"
                    flow:
                      setup: [ { name: login, method: GET, path: "/hello?as=${user}&pw=${password}", data: users.csv, dataMode: perUser,
                                 headers: { Authorization: "Bearer %2$s" } } ]
                      steps: [ { name: again, method: GET, path: /hello } ]
                load:
                  - { users: 2, requestsPerUser: 10 }
                """.formatted(server.getAddress().getPort(), PASSWORD));
        suite = SuiteReader.read(file);
        name = "wsbench-security-" + ProcessHandle.current().pid();
        agent = Agent.start(new Cluster(name, List.of(), null, Cluster.DEFAULT_PORT, DistributedLoadTest.SECRET), 1, agentSays::add);
    }

    @AfterAll
    static void stop() {
        if (agent != null) {
            agent.close();
        }
        server.stop(0);
    }

    static Controller controller(Secret secret, String join) throws IOException {
        return Controller.join(new Cluster(name, List.of(join), null, Cluster.DEFAULT_PORT, secret), Files.readString(file), file,
                dir.resolve("keys"));
    }

    static Target target(int index) {
        return Target.rebuild(suite, index, URI.create(suite.targets().get(index).url()), null, "test", dir.resolve("keys"));
    }

    /** An honest point from a controller with the secret: every request reaches the server, and the agent's share adds up. */
    static void anHonestPointIsServed() throws Exception {
        int before = answered.get();
        try (Controller c = controller(DistributedLoadTest.SECRET, agent.address())) {
            c.await(1, Duration.ofSeconds(30));
            Measurement m = c.run(target(0), LoadSpec.closed(2, 10), ProgressListener.NONE);
            assertNull(m.aborted());
            assertEquals(20, m.requests());
            assertEquals(20, m.agents().get(0).requests());
        }
        assertEquals(20, answered.get() - before, "the point's requests, and no other");
    }

    @Test
    void aControllerWithoutTheSecretIsRefusedInOneLineBeforeAnyRequest() throws Exception {
        int before = answered.get();
        long start = System.nanoTime();
        try (Controller c = controller(Secret.generate(), agent.address())) {
            Controller.AgentRefused refused = assertThrows(Controller.AgentRefused.class, () -> c.await(1, Duration.ofSeconds(30)));
            assertEquals("agent " + agent.address() + " refused the point: " + Link.WRONG_SECRET, refused.getMessage());
        }
        assertTrue(Duration.ofNanos(System.nanoTime() - start).toSeconds() < 10, "refused at once, not after the wait");
        assertEquals(before, answered.get(), "no request left the agent");
        assertTrue(agentSays.stream().anyMatch(l -> l.startsWith("refused a member at 127.0.0.1:") && l.endsWith(": " + Link.WRONG_SECRET)),
                agentSays.toString());
        anHonestPointIsServed();
    }

    @Test
    void aRogueWithoutTheSecretOrSpeakingAnotherProtocolGetsOneLineAndNothingElse() throws Exception {
        try (RawPeer rogue = new RawPeer(agent.address(), Secret.generate())) {
            rogue.hello(name);
            assertEquals("refused by " + agent.address() + ": " + Link.WRONG_SECRET, rogue.refusal());
            assertTrue(rogue.closedByPeer());
        }
        // a Hazelcast client's first bytes ("CP2" and its protocol's frames): no such endpoint here
        try (RawPeer hazelcast = new RawPeer(agent.address(), Secret.generate())) {
            hazelcast.out.write("CP2".getBytes(StandardCharsets.US_ASCII));
            hazelcast.out.write(new byte[64]);
            hazelcast.out.flush();
            assertEquals("refused by " + agent.address() + ": a message longer than the 16 MiB a member takes", hazelcast.refusal());
        }
        anHonestPointIsServed();
    }

    /** Set when a {@link Gadget} is built from bytes: never, by an agent. */
    static volatile boolean gadgetBuilt;

    /** A class of the class path whose building from bytes does something, as the gadgets of deserialization attacks do. */
    static final class Gadget implements Serializable {
        private static final long serialVersionUID = 1L;

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            gadgetBuilt = true;
        }
    }

    @Test
    void foreignObjectsAreRefusedBeforeAnyIsBuiltEvenFromAPeerWithTheSecret() throws Exception {
        ByteArrayOutputStream serialized = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(serialized)) {
            out.writeObject(new Gadget());
        }
        List<String> refusals = new ArrayList<>();
        List<byte[]> foreign = List.of(serialized.toByteArray(),
                "{\"type\":\"io.wsbench.agent.ClusterSecurityTest$Gadget\"}".getBytes(StandardCharsets.UTF_8),
                "{\"type\":\"abort\",\"why\":\"x\",\"@class\":\"io.wsbench.agent.ClusterSecurityTest$Gadget\"}".getBytes(StandardCharsets.UTF_8),
                "[\"io.wsbench.agent.ClusterSecurityTest$Gadget\",{}]".getBytes(StandardCharsets.UTF_8));
        for (byte[] message : foreign) {
            try (RawPeer peer = new RawPeer(agent.address(), DistributedLoadTest.SECRET)) {
                peer.handshake(name);
                peer.sendSealed(message);
                refusals.add(peer.refusal());
            }
        }
        assertFalse(gadgetBuilt, "an object of a class the caller chose was built");
        String by = "refused by " + agent.address() + ": not a wsbench message: ";
        assertEquals(List.of(by + "not JSON", by + "unknown message type 'io.wsbench.agent.ClusterSecurityTest$Gadget'",
                by + "a 'abort' message of another shape", by + "no message type"), refusals);
        anHonestPointIsServed();
    }

    @Test
    void badInputIsRefusedInOneLineOnBothSidesAndTheAgentServesTheNextPoint() throws Exception {
        String by = "refused by " + agent.address() + ": ";
        // a message cut short: it no longer opens
        try (RawPeer peer = new RawPeer(agent.address(), DistributedLoadTest.SECRET)) {
            peer.handshake(name);
            byte[] whole = Wire.write(new Wire.Abort("x"));
            peer.frame(Link.SEALED, java.util.Arrays.copyOf(new Seal(DistributedLoadTest.SECRET).seal(whole, Link.bound(new byte[16], new byte[16], 1)), 20));
            assertEquals(by + "message 1 does not open with the cluster secret: altered, truncated, replayed or out of order", peer.refusal());
        }
        // a message of another link (both links the agent's, with the secret): it opens on its own link only
        try (RawPeer one = new RawPeer(agent.address(), DistributedLoadTest.SECRET);
             RawPeer other = new RawPeer(agent.address(), DistributedLoadTest.SECRET)) {
            one.handshake(name);
            other.handshake(name);
            other.frame(Link.SEALED, one.sealNext(Wire.write(new Wire.Abort("spliced"))));
            assertEquals(by + "message 1 does not open with the cluster secret: altered, truncated, replayed or out of order", other.refusal());
        }
        // an empty frame, as one that would keep a link open for nothing
        try (RawPeer peer = new RawPeer(agent.address(), DistributedLoadTest.SECRET)) {
            peer.out.writeInt(0);
            peer.out.flush();
            assertEquals(by + "not a wsbench message: an empty frame", peer.refusal());
        }
        // 100 MB announced: refused on its length, before any of it is read
        try (RawPeer peer = new RawPeer(agent.address(), DistributedLoadTest.SECRET)) {
            peer.handshake(name);
            peer.out.writeInt(100_000_000);
            peer.out.write(new byte[1 << 16]);
            peer.out.flush();
            assertEquals(by + "a message longer than the 16 MiB a member takes", peer.refusal());
        }
        // a suite that does not parse, and a target the suite does not have: the part is refused, the link stays
        try (RawPeer peer = new RawPeer(agent.address(), DistributedLoadTest.SECRET)) {
            peer.handshake(name);
            peer.send(start(1, "targets: [ {", 0));
            Wire.Result r = (Wire.Result) peer.next();
            assertEquals(1, r.task());
            assertTrue(r.refused().startsWith("cannot make target 0 of " + file + " here: "), r.refused());
            assertFalse(r.refused().contains("\n"), "one line: " + r.refused());
            peer.send(start(2, Files.readString(file), 7));
            r = (Wire.Result) peer.next();
            assertEquals("cannot make target 7 of " + file + " here: IllegalArgumentException: the suite has 2 targets", r.refused());
        }
        assertTrue(agentSays.stream().anyMatch(l -> l.equals("part 1/1 of a point refused: cannot make target 7 of " + file
                + " here: IllegalArgumentException: the suite has 2 targets")), agentSays.toString());
        // the controller's side: a part the agent cannot make (its data file gone) ends the point in one line naming the agent
        Path gone = dir.resolve("gone.yaml");
        Files.copy(dir.resolve("users.csv"), dir.resolve("gone.csv"));
        Files.writeString(gone, Files.readString(file).replace("users.csv", "gone.csv"));
        Suite goneSuite = SuiteReader.read(gone);
        Target flow = Target.rebuild(goneSuite, 1, URI.create(goneSuite.targets().get(1).url()), null, "test", dir.resolve("keys"));
        Files.delete(dir.resolve("gone.csv"));
        try (Controller c = Controller.join(new Cluster(name, List.of(agent.address()), null, Cluster.DEFAULT_PORT, DistributedLoadTest.SECRET),
                Files.readString(gone), gone, dir.resolve("keys"))) {
            c.await(1, Duration.ofSeconds(30));
            Measurement m = c.run(flow, LoadSpec.closed(2, 5), ProgressListener.NONE);
            assertTrue(m.aborted().startsWith("agent " + agent.address() + " refused the point: cannot make target 1 of " + gone + " here: "),
                    m.aborted());
            assertFalse(m.aborted().contains("\n"), m.aborted());
        }
        anHonestPointIsServed();
    }

    private static Wire.Start start(long task, String suiteText, int target) {
        return new Wire.Start(task, suiteText, file.toString(), target, "http://127.0.0.1:" + server.getAddress().getPort() + "/hello",
                null, "test", dir.resolve("keys").toString(), Part.of(LoadSpec.closed(1, 1)), 0, 1, 0, System.currentTimeMillis());
    }

    /**
     * Every byte between a controller and its agent, recorded by a proxy on the loopback: a flow whose suite carries a bearer
     * token, whose rows carry passwords, measured through it. Neither the token, the rows nor the suite's text is on the wire.
     */
    @Test
    void nothingOfTheSuiteOrItsSecretsIsReadableOnTheWire() throws Exception {
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        try (ServerSocket proxy = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            Thread relay = new Thread(() -> relay(proxy, agent.address(), wire), "recording-proxy");
            relay.setDaemon(true);
            relay.start();
            try (Controller c = controller(DistributedLoadTest.SECRET, "127.0.0.1:" + proxy.getLocalPort())) {
                c.await(1, Duration.ofSeconds(30));
                Measurement m = c.run(target(1), LoadSpec.closed(2, 10), ProgressListener.NONE);
                assertNull(m.aborted());
                assertEquals(20, m.flow().iterations());
            }
        }
        String seen;
        synchronized (wire) {
            seen = wire.toString(StandardCharsets.ISO_8859_1);
        }
        assertTrue(seen.length() > 2_000, "the conversation was recorded: " + seen.length() + " bytes");
        for (String secret : List.of(PASSWORD, "row-password-0", "secure-suite-text", "targets:", "hello flow", "dataMode", "Bearer")) {
            assertFalse(seen.contains(secret), "'" + secret + "' is readable on the wire");
        }
    }

    /** Accepts one connection and relays it to {@code to} both ways, writing every byte into {@code wire}. */
    private static void relay(ServerSocket proxy, String to, ByteArrayOutputStream wire) {
        try (Socket in = proxy.accept(); Socket out = new Socket(Cluster.host(to), Cluster.port(to))) {
            Thread back = new Thread(() -> pump(out, in, wire));
            back.setDaemon(true);
            back.start();
            pump(in, out, wire);
        } catch (IOException e) {
            // the controller has closed: the recording is done
        }
    }

    private static void pump(Socket from, Socket to, ByteArrayOutputStream wire) {
        byte[] buffer = new byte[8192];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            for (int n; (n = in.read(buffer)) > 0; ) {
                synchronized (wire) {
                    wire.write(buffer, 0, n);
                }
                out.write(buffer, 0, n);
            }
        } catch (IOException e) {
            // one side closed
        }
    }

    /** Without --bind an agent listens on 127.0.0.1 alone: from this machine's other addresses, nobody answers. */
    @Test
    void anAgentWithoutBindListensOnTheLoopbackOnly() throws Exception {
        assertTrue(agent.address().startsWith("127.0.0.1:"), agent.address());
        int port = Cluster.port(agent.address());
        List<InetAddress> others = new ArrayList<>();
        for (NetworkInterface n : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (n.isUp() && !n.isLoopback()) {
                Collections.list(n.getInetAddresses()).stream().filter(a -> a instanceof Inet4Address).forEach(others::add);
            }
        }
        for (InetAddress other : others) {
            try (Socket s = new Socket()) {
                assertThrows(ConnectException.class, () -> s.connect(new InetSocketAddress(other, port), 2_000), other.toString());
            }
        }
    }
}
