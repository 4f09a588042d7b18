package io.wsbench.agent;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.netty.handler.codec.LengthFieldPrepender;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.GlobalEventExecutor;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * This process's place in the cluster: a port it listens on (the loopback address unless told
 * otherwise), the members it dials ({@code --join}; a DNS name stands for every address it has, as a
 * Kubernetes headless Service's does), and the {@link Link}s to them, on one thread of their own, apart
 * from the generator's.
 */
final class Node implements AutoCloseable {

    /** Ports tried from the one asked for when it is taken, as an agent and a controller of one host both start at 5701. */
    static final int PORTS = 100;
    /** How long a member refused (or not there) is left alone before it is dialed again. */
    static final Duration REDIAL = Duration.ofSeconds(1);
    static final Duration REDIAL_REFUSED = Duration.ofSeconds(5);

    private final Cluster cluster;
    private final String role;
    private final String id = UUID.randomUUID().toString();
    private final Seal seal;
    private final Link.Peers peers;
    private final Consumer<String> says;
    private final EventLoopGroup group;
    private final Channel server;
    private final String host;
    private final int port;
    /** The link of each address this member dials, and when a refused one may be dialed again. */
    private final Map<String, Link> dialed = new ConcurrentHashMap<>();
    private final Map<String, Long> notBefore = new ConcurrentHashMap<>();
    private final Map<String, String> lastSaid = new ConcurrentHashMap<>();
    private final ScheduledExecutorService dialer;
    /** Every link's channel, closed with the member. */
    private final ChannelGroup channels = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
    private volatile ScheduledFuture<?> dialing;

    private Node(Cluster cluster, String role, Link.Peers peers, Consumer<String> says) {
        this.cluster = cluster;
        this.role = role;
        this.seal = new Seal(cluster.secret());
        this.peers = peers;
        this.says = says;
        this.group = new NioEventLoopGroup(1, new DefaultThreadFactory("wsbench-cluster", true));
        this.dialer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "wsbench-cluster-dial");
            t.setDaemon(true);
            return t;
        });
        this.host = cluster.bind();
        Channel bound = null;
        Exception failure = null;
        for (int p = cluster.port(); p < cluster.port() + PORTS && bound == null; p++) {
            try {
                bound = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                        .childHandler(pipeline(() -> new Link(this, peers))).bind(new InetSocketAddress(host, p)).syncUninterruptibly().channel();
            } catch (Exception e) { // taken (Netty throws its BindException unchecked): the next one
                failure = e;
            }
        }
        if (bound == null) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            dialer.shutdownNow();
            throw new IllegalStateException("no port free to listen on at " + host + " from " + cluster.port() + " to "
                    + (cluster.port() + PORTS - 1) + ": " + Controller.oneLine(failure));
        }
        this.server = bound;
        this.port = ((InetSocketAddress) bound.localAddress()).getPort();
    }

    /** Listens for this member's peers ({@code role}: an agent or the controller), each link's news told to {@code peers}. */
    static Node start(Cluster cluster, String role, Link.Peers peers, Consumer<String> says) {
        return new Node(cluster, role, peers, says);
    }

    /** A link's handlers: its peer's silence noticed, frames of at most {@link Link#MAX_MESSAGE} bytes, then the link. */
    private ChannelInitializer<SocketChannel> pipeline(Supplier<Link> link) {
        return new ChannelInitializer<>() {
            @Override
            protected void initChannel(SocketChannel ch) {
                channels.add(ch);
                ch.pipeline().addLast(
                        new IdleStateHandler(Link.SILENCE.toMillis(), Link.PING.toMillis(), 0, TimeUnit.MILLISECONDS),
                        new LengthFieldBasedFrameDecoder(Link.MAX_MESSAGE + 1, 0, 4, 0, 4, true),
                        new LengthFieldPrepender(4),
                        link.get());
            }
        };
    }

    /**
     * Dials every address of {@code join} (host[:port], a name standing for all its addresses) and keeps dialing
     * whichever has no link up, every {@link #REDIAL} ({@link #REDIAL_REFUSED} after a refusal).
     */
    void dial(List<String> join) {
        if (join.isEmpty()) {
            return;
        }
        dialing = dialer.scheduleWithFixedDelay(() -> {
            try {
                join.forEach(this::dialAll);
            } catch (RuntimeException e) { // said, and dialed again next time: a task that throws is never run again
                sayOnce("dialing", "dialing " + String.join(", ", join) + " failed: " + Controller.oneLine(e));
            }
        }, 0, REDIAL.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Stops dialing: the links made stay. */
    void stopDialing() {
        ScheduledFuture<?> d = dialing;
        if (d != null) {
            d.cancel(false);
        }
    }

    private void dialAll(String member) {
        String name = Cluster.host(member);
        int to = Cluster.port(member);
        InetAddress[] all;
        try {
            all = InetAddress.getAllByName(name);
        } catch (UnknownHostException e) {
            sayOnce(member, "cannot find " + name + " (" + member + "): not in DNS yet, or a typo");
            return;
        }
        for (InetAddress a : all) {
            String key = a.getHostAddress() + ":" + to;
            Link link = dialed.get(key);
            Long wait = notBefore.get(key);
            if ((link != null && link.isOpen()) || (wait != null && System.nanoTime() < wait)) {
                continue;
            }
            Link fresh = new Link(this, peers);
            dialed.put(key, fresh);
            new Bootstrap().group(group).channel(NioSocketChannel.class).option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 3000)
                    .handler(pipeline(() -> fresh))
                    .connect(a, to).addListener((ChannelFuture f) -> {
                        if (!f.isSuccess()) {
                            dialed.remove(key, fresh);
                            sayOnce(key, "nobody listens at " + key + " yet (" + Controller.oneLine(f.cause()) + ")");
                        } else {
                            f.channel().closeFuture().addListener(c -> {
                                if (fresh.refusal() != null && !fresh.toItself()) {
                                    notBefore.put(key, System.nanoTime() + REDIAL_REFUSED.toNanos());
                                }
                            });
                        }
                    });
        }
    }

    /** Says {@code line} about {@code key} once, until something else is said about it. */
    void sayOnce(String key, String line) {
        if (!line.equals(lastSaid.put(key, line))) {
            says.accept(line);
        }
    }

    Cluster cluster() {
        return cluster;
    }

    String role() {
        return role;
    }

    String id() {
        return id;
    }

    Seal seal() {
        return seal;
    }

    int port() {
        return port;
    }

    /** host:port this member listens on. */
    String address() {
        return host + ":" + port;
    }

    /** Closes every link and the port without waiting: a crash, as far as the peers can tell. */
    void crash() {
        if (group.isShuttingDown()) {
            return;
        }
        stopDialing();
        dialer.shutdownNow();
        server.close();
        channels.close();
        group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        if (group.isShuttingDown()) {
            return;
        }
        stopDialing();
        dialer.shutdownNow();
        server.close().syncUninterruptibly();
        channels.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
