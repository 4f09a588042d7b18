import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.wsbench.core.load.HttpRequest;
import io.wsbench.core.load.LoadEngine;
import io.wsbench.model.load.LoadSpec;
import io.wsbench.core.load.Measurement;
import io.wsbench.core.load.ProgressListener;
import io.wsbench.core.load.Validator;
import io.wsbench.core.load.Verdict;
import io.wsbench.model.record.SecondSample;
import io.wsbench.model.record.ServerRecord;
import io.wsbench.monitor.ProcessSampler;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The timings the tests no longer assert, as figures of this machine: how close the load engine keeps
 * to its schedule, what a closed loop's percentiles show of a stall, how long a point runs past its
 * end, what the process sampler reads of a spinning and a sleeping process, and how long the collector
 * takes to give back a request's pooled bytes. Each figure ROUNDS times, then its median and min-max.
 * Run by bench/engine-timings.sh (java EngineTimings.java with the built jars on the class path).
 */
public class EngineTimings {

    private static final Supplier<Validator> GREETING = () -> (status, type, body, length) ->
            status == 200 && new String(body, 0, length, StandardCharsets.UTF_8).equals("Hello World")
                    ? Verdict.OK : Verdict.VALIDATION;

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        List<Row> rows = new ArrayList<>();
        try (LoadEngine engine = new LoadEngine(2)) {
            for (int r = 0; r < rounds; r++) {
                System.err.println("round " + (r + 1) + " of " + rounds + " ...");
                try (Server s = new Server(-1, 0, 0)) {
                    Measurement m = engine.run(LoadEngine.Point.of(s.address(), LoadSpec.openFor(8, 2000, Duration.ofSeconds(5)),
                            s.get(), GREETING), ProgressListener.NONE);
                    add(rows, "open loop 2,000 req/s for 5 s: valid req/s (the test asked 2,000 +-40)", m.throughput());
                }
                try (Server s = new Server(1000, 500, 0)) {
                    Measurement m = engine.run(LoadEngine.Point.of(s.address(), LoadSpec.openFor(10, 1000, Duration.ofSeconds(3)),
                            s.get(), GREETING), ProgressListener.NONE);
                    add(rows, "open loop, 500 ms stall: p90 ms (asserted >= 50)", m.latencies().getValueAtPercentile(90) / 1e3);
                    add(rows, "open loop, 500 ms stall: p99.9 ms (asserted >= 400)", m.latencies().getValueAtPercentile(99.9) / 1e3);
                }
                try (Server s = new Server(2000, 500, 0)) {
                    Measurement m = engine.run(LoadEngine.Point.of(s.address(), LoadSpec.closed(10, 3000), s.get(), GREETING), ProgressListener.NONE);
                    add(rows, "closed loop, 500 ms stall: p99 ms (the test asked < 100)", m.latencies().getValueAtPercentile(99) / 1e3);
                    add(rows, "closed loop, 500 ms stall: max ms (asserted >= 500)", m.latencies().getMaxValue() / 1e3);
                }
                try (Server s = new Server(-1, 0, 0)) {
                    long t0 = System.nanoTime();
                    Measurement m = engine.run(LoadEngine.Point.of(s.address(), LoadSpec.closedFor(3, Duration.ofMillis(800)),
                            s.get(), GREETING), ProgressListener.NONE);
                    add(rows, "800 ms point: its duration s (the test asked 0.75-1.5)", m.durationSeconds());
                    add(rows, "800 ms point: wall s of engine.run (the test asked < 3)", (System.nanoTime() - t0) / 1e9);
                }
                try (Server s = new Server(-1, 0, 0)) {
                    Measurement m = engine.run(LoadEngine.Point.of(s.address(), LoadSpec.openFor(2, 100, Duration.ofSeconds(3)),
                            s.get(), GREETING), ProgressListener.NONE);
                    long[] perSecond = m.series().stream().mapToLong(SecondSample::requests).toArray();
                    add(rows, "100 req/s for 3 s: the most any second is off 100 (the test asked <= 20)",
                            Arrays.stream(perSecond).map(n -> Math.abs(n - 100)).max().orElse(100));
                }
                try (Server s = new Server(-1, 0, 2000)) {
                    Measurement m = engine.run(LoadEngine.Point.of(s.address(),
                            new LoadSpec(false, 2, 3, null, 0, null, true, Duration.ofMillis(100)),
                            s.get(), GREETING), ProgressListener.NONE);
                    add(rows, "3 timeouts of 100 ms in turn: point s (the test asked < 6)", m.durationSeconds());
                }
                try (Server s = new Server(-1, 0, 0)) {
                    Measurement m = engine.run(LoadEngine.Point.of(s.address(),
                            new LoadSpec(false, 2, 3, null, 0, Duration.ofMillis(300), true, null),
                            s.get(), GREETING), ProgressListener.NONE);
                    add(rows, "300 ms think time: p50 ms (the test asked < 300)", m.latencies().getValueAtPercentile(50) / 1e3);
                }
                sampler(rows);
                add(rows, "a request's pooled bytes given back after it became unreachable, ms (the test waited <= 2,000)", cleaner());
            }
        }
        System.out.printf(Locale.ROOT, "%-100s %10s %22s%n", "figure", "median", "min - max");
        for (Row row : rows) {
            double[] v = row.values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
            double median = v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
            System.out.printf(Locale.ROOT, "%-100s %10.2f %10.2f - %-10.2f%n", row.name, median, v[0], v[v.length - 1]);
        }
    }

    /** What ProcessSamplerTest asked of a spinning shell, a sleeping process and the half second after a point. */
    private static void sampler(List<Row> rows) throws Exception {
        Process spin = new ProcessBuilder("sh", "-c", "i=0; while [ $i -lt 300000000 ]; do i=$((i+1)); done").start();
        Process idle = new ProcessBuilder("sleep", "20").start();
        try (ProcessSampler busy = new ProcessSampler(spin.pid(), 0); ProcessSampler quiet = new ProcessSampler(idle.pid(), 0)) {
            Thread.sleep(200);
            Duration before = spin.info().totalCpuDuration().orElseThrow();
            long t0 = System.nanoTime();
            busy.startPoint();
            quiet.startPoint();
            Thread.sleep(1500);
            ServerRecord b = busy.endPoint(0);
            double jdk = 100.0 * spin.info().totalCpuDuration().orElseThrow().minus(before).toNanos() / (System.nanoTime() - t0);
            ServerRecord q = quiet.endPoint(0);
            busy.startPoint();
            ServerRecord after = busy.endPoint(500);
            add(rows, "spinning shell: CPU % read from /proc (the test asked 15-115)", b.cpuPercent());
            add(rows, "spinning shell: /proc minus the JDK's account, points (the test asked +-15)", b.cpuPercent() - jdk);
            add(rows, "sleeping process: CPU % (the test asked < 5)", q.cpuPercent());
            add(rows, "spinning shell: residual CPU % over 0.5 s after the point (the test asked > 15)", after.residualCpuPercent());
        } finally {
            spin.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            idle.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }

    /** Milliseconds, collecting every 10 ms, until an unreachable request's reference to its bytes is released. */
    private static double cleaner() throws InterruptedException {
        ByteBuf inFlight = unreachableRequestsDuplicate();
        ByteBuf encoded = inFlight.unwrap();
        long t0 = System.nanoTime();
        for (int i = 0; i < 1000 && encoded.refCnt() > 1; i++) {
            System.gc();
            Thread.sleep(10);
        }
        double ms = encoded.refCnt() > 1 ? Double.NaN : (System.nanoTime() - t0) / 1e6;
        inFlight.release();
        return ms;
    }

    private static ByteBuf unreachableRequestsDuplicate() {
        return HttpRequest.get(URI.create("http://127.0.0.1:8080/"), true).next(ByteBufAllocator.DEFAULT);
    }

    private static void add(List<Row> rows, String name, double value) {
        for (Row r : rows) {
            if (r.name.equals(name)) {
                r.values.add(value);
                return;
            }
        }
        Row r = new Row(name, new ArrayList<>());
        r.values.add(value);
        rows.add(r);
    }

    private record Row(String name, List<Double> values) {
    }

    /**
     * A Netty server on 127.0.0.1 (one I/O thread, TCP_NODELAY) answering every GET with "Hello World",
     * as the engine tests' TestServer does: a stall (a sleep at request {@code stallAt}) freezes every
     * connection; with {@code delayMillis} each answer waits that long without blocking the thread.
     */
    private static final class Server implements AutoCloseable {
        private static final byte[] ANSWER = ("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 11\r\n\r\n"
                + "Hello World").getBytes(StandardCharsets.US_ASCII);
        private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        private final Channel channel;
        private final AtomicLong served = new AtomicLong();

        Server(long stallAt, long stallMillis, long delayMillis) throws InterruptedException {
            channel = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            ch.pipeline().addLast(new ChannelInboundHandlerAdapter() {
                                private int matched; // how much of "\r\n\r\n" the bytes so far end with

                                @Override
                                public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
                                    ByteBuf in = (ByteBuf) msg;
                                    try {
                                        while (in.isReadable()) {
                                            byte b = in.readByte();
                                            matched = b == (matched % 2 == 0 ? '\r' : '\n') ? matched + 1 : (b == '\r' ? 1 : 0);
                                            if (matched == 4) {
                                                matched = 0;
                                                answer(ctx);
                                            }
                                        }
                                    } finally {
                                        in.release();
                                    }
                                }

                                private void answer(ChannelHandlerContext ctx) throws InterruptedException {
                                    if (served.incrementAndGet() == stallAt) {
                                        Thread.sleep(stallMillis); // the whole server freezes: its only thread sleeps
                                    }
                                    if (delayMillis > 0) {
                                        ctx.executor().schedule(() -> write(ctx), delayMillis, TimeUnit.MILLISECONDS);
                                    } else {
                                        write(ctx);
                                    }
                                }

                                private void write(ChannelHandlerContext ctx) {
                                    if (ctx.channel().isActive()) {
                                        ctx.writeAndFlush(Unpooled.wrappedBuffer(ANSWER));
                                    }
                                }
                            });
                        }
                    }).bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)).sync().channel();
        }

        InetSocketAddress address() {
            return new InetSocketAddress("127.0.0.1", ((InetSocketAddress) channel.localAddress()).getPort());
        }

        HttpRequest get() {
            return HttpRequest.get(URI.create("http://127.0.0.1:" + address().getPort() + "/hello"), true);
        }

        @Override
        public void close() {
            channel.close().syncUninterruptibly();
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }
}
