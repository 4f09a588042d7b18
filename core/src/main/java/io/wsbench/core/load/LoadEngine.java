package io.wsbench.core.load;

import io.wsbench.model.load.LoadSpec;
import io.wsbench.model.load.Http2;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.concurrent.ScheduledFuture;
import org.HdrHistogram.Histogram;

import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The load generator: a Netty HTTP/1.1 client on the native epoll transport where available.
 * Each user (or open-loop connection) lives on one I/O thread for the whole point, so its state
 * needs no locks and each thread records into its own recorder.
 */
public final class LoadEngine implements AutoCloseable {

    /**
     * A native socket error as the user reads it: Netty's epoll transport says "recvAddress(..) failed with error(-104):
     * Connection reset by peer", where the errno's own words are the part that says what happened.
     */
    static String plain(String failure) {
        return failure == null ? null : failure.replaceFirst("^\\w+\\(\\.\\.\\) failed with error\\(-?\\d+\\): ", "");
    }

    private static final long TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(250);
    private static final long NO_PROGRESS_ABORT_NANOS = TimeUnit.SECONDS.toNanos(3);
    /**
     * How long, after a timed point's end, the answers still in flight are waited for (at most their
     * timeout): they are counted when they come, and as unfinished when they do not.
     */
    private static final long DRAIN_NANOS = TimeUnit.SECONDS.toNanos(2);
    /** A silence at a timed point's end at least this long, and longer than ... */
    private static final long SILENT_END_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** ... this many times its slowest answer, while requests were unfinished, is a server that stopped. */
    private static final int SILENT_END_LATENCIES = 2;

    private final EventLoopGroup group;
    private final Class<? extends SocketChannel> channelClass;
    private final int threads;
    private final boolean epoll;
    /** The busy-polling strategies of the I/O threads, when they busy-poll; else null. */
    private final BusyPoll busyPoll;
    private volatile PointState current;

    public LoadEngine(int ioThreads) {
        this(ioThreads, false);
    }

    /**
     * {@code busyPoll}: the I/O threads poll epoll instead of sleeping in it ({@link BusyPoll}); without
     * epoll (not Linux) they cannot, and sleep as usual.
     */
    public LoadEngine(int ioThreads, boolean busyPoll) {
        this.threads = Math.max(1, ioThreads);
        this.epoll = Epoll.isAvailable();
        this.busyPoll = busyPoll && epoll ? new BusyPoll() : null;
        IoHandlerFactory io = this.busyPoll != null ? EpollIoHandler.newFactory(0, this.busyPoll)
                : epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
        this.group = new MultiThreadIoEventLoopGroup(threads, new DefaultThreadFactory("wsbench-io", true), io);
        this.channelClass = epoll ? EpollSocketChannel.class : NioSocketChannel.class;
    }

    /** The default: one I/O thread per core. */
    public static int defaultThreads() {
        return Runtime.getRuntime().availableProcessors();
    }

    /** Connections one I/O thread serves before a second one pays for its wake-ups. */
    static final int CONNECTIONS_PER_THREAD = 128;

    /**
     * The default for a load of cheap requests on {@code connections}: one I/O thread per
     * {@value #CONNECTIONS_PER_THREAD} connections, at most one per core. A thread that always
     * finds a connection ready sleeps and wakes less often than two that share ten connections,
     * and on a machine shared with the server the core it leaves is the server's.
     */
    public static int defaultThreads(int connections) {
        int wanted = (connections + CONNECTIONS_PER_THREAD - 1) / CONNECTIONS_PER_THREAD;
        return Math.max(1, Math.min(defaultThreads(), wanted));
    }

    public String transport() {
        return busyPoll != null ? "epoll, busy-polling" : epoll ? "epoll" : "nio";
    }

    /** Whether the I/O threads busy-poll. */
    public boolean busyPolling() {
        return busyPoll != null;
    }

    public int threads() {
        return threads;
    }

    /**
     * What the engine sends in a point: where ({@code address}; over TLS when {@code tls} is not null, over
     * HTTP/2 when {@code http2} is not null), at what load ({@code spec}), and what: the point's requests
     * ({@code source}), each answer checked by a validator of {@code validators} (one per I/O thread), or a
     * {@code flow}, whose users write and check their own.
     */
    public record Point(InetSocketAddress address, ClientTls tls, Http2 http2, LoadSpec spec, RequestSource source,
                        Supplier<Validator> validators, FlowPlan flow) {

        /** The point's requests, over plain HTTP/1.1 until {@link #overTls} or {@link #overHttp2} says otherwise. */
        public static Point of(InetSocketAddress address, LoadSpec spec, RequestSource source, Supplier<Validator> validators) {
            return new Point(address, null, null, spec, source, validators, null);
        }

        /**
         * A point of {@code flow}: each of the spec's users runs its setup, then iterations (the spec's requests
         * per user are iterations per user; in an open loop, iterations are due at the spec's rate, each user
         * taking its slots as an open-loop connection does), then its teardown. The measurement's own figures
         * are the iterations' (latency from when an iteration was due to its last answer, over the span of the
         * iterations); its {@link Measurement#flow} holds each step's.
         */
        public static Point flow(InetSocketAddress address, LoadSpec spec, FlowPlan flow) {
            return new Point(address, null, null, spec, null, null, flow);
        }

        /**
         * The same over TLS when {@code tls} is not null: each connection does its handshake before its first
         * request; the measurement holds the handshakes' time and how many resumed a session. The point gets a
         * context of its own ({@link ClientTls#renewed}), with no session to resume yet.
         */
        public Point overTls(ClientTls tls) {
            return new Point(address, tls, http2, spec, source, validators, flow);
        }

        /**
         * The same over HTTP/2 when {@code http2} is not null: the spec's users (or open-loop schedules) share
         * connections, {@link Http2#streams} to a connection, each with one stream open at a time; h2c with prior
         * knowledge over plain TCP, h2 by ALPN over TLS.
         */
        public Point overHttp2(Http2 http2) {
            return new Point(address, tls, http2, spec, source, validators, flow);
        }
    }

    /**
     * Runs one point to its end (request count reached, duration over, or {@link #abort}) and
     * returns what was measured.
     */
    public Measurement run(Point point, ProgressListener progress) throws InterruptedException {
        LoadSpec spec = point.spec();
        Http2 http2 = point.http2();
        FlowPlan flow = point.flow();
        if (flow != null && spec.eachRequest()) {
            throw new IllegalArgumentException("a flow keeps no latency of each request");
        }
        ClientTls tls = point.tls() == null ? null : http2 == null ? point.tls() : point.tls().forH2();
        InetSocketAddress address = point.address();
        Supplier<Validator> validators = point.validators();
        PointState run = new PointState(address, tls == null ? null : tls.renewed(), spec, point.source(), http2);
        List<Lane> lanes = new ArrayList<>();
        // over HTTP/2 the users of one connection share its lane, the lanes taking connections in turn
        int units = http2 == null ? spec.connections() : http2.connections(spec.connections());
        int n = Math.min(threads, units);
        for (int i = 0; i < n; i++) {
            lanes.add(new Lane(run, group.next(), validators == null ? null : validators.get(),
                    new FlowLane(flow == null ? FlowPlan.SOURCED : flow)));
        }
        H2Link[] links = new H2Link[http2 == null ? 0 : units];
        for (int u = 0; u < spec.connections(); u++) {
            int unit = http2 == null ? u : u / http2.streams();
            Lane lane = lanes.get(unit % n);
            if (http2 == null) {
                lane.users.add(new User(run, lane, u, (user, kept) -> new H1Conn(user, lane, kept)));
                continue;
            }
            H2Link link = links[unit] == null ? links[unit] = new H2Link(run, lane) : links[unit];
            lane.users.add(new User(run, lane, u, (user, kept) -> new H2Stream(user, run, link, kept)));
        }
        if (spec.eachRequest()) {
            lanes.forEach(l -> l.rec.keepEach((int) (l.users.size() * spec.requestsPerUser())));
        }
        if (spec.profile() != null) {
            int seconds = (int) Math.ceil(spec.duration().toNanos() / 1e9) + 1;
            lanes.forEach(l -> l.rec.sentBySecond = new long[seconds]);
        }
        IoThreadCpu ioCpu = busyPoll != null ? null : IoThreadCpu.start(lanes.stream().map(l -> l.loop).toList());
        long[][] pollsBefore = busyPoll != null ? busyPoll.counts() : null;
        long cpuBefore = processCpuNanos();
        long cpuFrom = System.nanoTime(); // the CPU's own window: a counted point's last answer may come well before its end
        ClientMemory memory = new ClientMemory();
        current = run;
        run.start = System.nanoTime();
        // a request count wins over a duration: the point ends when every user has sent its share
        run.deadline = spec.requestsPerUser() > 0 ? Long.MAX_VALUE : run.start + spec.duration().toNanos();
        lanes.forEach(l -> l.rec.begin(run.start)); // read by each lane's thread after the start task below
        List<ScheduledFuture<?>> checks = new ArrayList<>();
        for (Lane lane : lanes) {
            lane.loop.execute(() -> {
                lane.users.forEach(User::start);
            });
            checks.add(lane.loop.scheduleAtFixedRate(lane::checkTimeouts, 50, 50, TimeUnit.MILLISECONDS));
        }
        Sampler sampler = new Sampler(run, lanes, progress, memory);
        long hardStop = run.deadline == Long.MAX_VALUE ? Long.MAX_VALUE
                : run.deadline + Math.min(spec.timeout().toNanos(), DRAIN_NANOS);
        // reads on the point's own quarter seconds: a fixed wait between reads would drift, and
        // each second's answers would be closed up to a quarter second late, into the second before
        long nextTick = run.start + TICK_NANOS;
        while (!run.done.await(nextTick - System.nanoTime(), TimeUnit.NANOSECONDS)) {
            long now = System.nanoTime();
            while (nextTick - now <= 0) {
                nextTick += TICK_NANOS;
            }
            sampler.tick(now);
            if (run.abortReason == null && sampler.onlyConnectErrors(NO_PROGRESS_ABORT_NANOS)) {
                run.abortReason = "cannot connect to " + address.getHostString() + ":" + address.getPort()
                        + (run.lastConnectFailure == null ? "" : ": " + run.lastConnectFailure) + sampler.goneSince();
            }
            if (run.abortReason != null || System.nanoTime() > hardStop) {
                stopAll(lanes);
                if (!run.done.await(5, TimeUnit.SECONDS)) {
                    break;
                }
            }
        }
        long end = System.nanoTime();
        sampler.tick(end);
        sampler.lastTick(end);
        checks.forEach(c -> c.cancel(false));
        current = null;
        long last = lanes.stream().mapToLong(l -> l.rec.lastCompletionNanos).max().orElse(0);
        long nanos;
        if (run.deadline != Long.MAX_VALUE && !run.stoppedByUser) {
            // a timed point is always over the time asked for: one that stopped early (its server
            // died, or stopped answering) must not read as fast as the seconds it lasted
            nanos = run.deadline - run.start;
        } else if (run.stoppedByUser) {
            nanos = end - run.start; // Ctrl-C in hour three: three hours, at the rate they ran
        } else {
            nanos = (run.abortReason == null && last > 0 ? Math.max(last, run.start) : end) - run.start;
        }
        long cpu = processCpuNanos() - cpuBefore;
        long cpuWall = System.nanoTime() - cpuFrom;
        // a busy-polling thread is always on the CPU: its share of polls that found work says how busy it was
        Double polled = pollsBefore == null ? null : busyPoll.busiestPercent(pollsBefore);
        Double ioBusy = polled != null ? Measurement.round(polled)
                : ioCpu == null ? null : Measurement.round(ioCpu.busiestPercent(end - run.start));
        String aborted = run.abortReason != null ? run.abortReason : silentEnd(run, lanes, sampler, last);
        Measurement m = sampler.result(nanos, cpu, cpuWall, ioBusy, aborted, run.firstClientFailure, run.firstRefusal,
                run.firstConnectFailure);
        if (flow == null) {
            return m;
        }
        return FlowLane.measured(m, flow, lanes.stream().map(l -> l.flow).toList(), run.start, run.deadline);
    }

    /**
     * Why a timed point counts as stopped early though it ran its time: requests were left
     * unanswered and no answer at all came in its last stretch, a silence longer than a second and
     * than twice its slowest answer. Null when the server kept answering.
     */
    private static String silentEnd(PointState run, List<Lane> lanes, Sampler sampler, long lastAnswer) {
        long unfinished = lanes.stream().mapToLong(l -> l.rec.unfinished).sum();
        if (run.deadline == Long.MAX_VALUE || unfinished == 0) {
            return null;
        }
        long from = Math.max(lastAnswer, run.start);
        long silent = run.deadline - from;
        long slowest = TimeUnit.MICROSECONDS.toNanos(sampler.maxLatencyMicros());
        if (silent < SILENT_END_NANOS || silent < SILENT_END_LATENCIES * slowest) {
            return null;
        }
        String requests = unfinished + " request" + (unfinished == 1 ? "" : "s") + " unfinished";
        if (lastAnswer == 0) {
            return String.format(java.util.Locale.ROOT, "the server never answered in the point's %.1f s, %s",
                    silent / 1e9, requests);
        }
        return String.format(java.util.Locale.ROOT,
                "the server stopped answering at second %.1f: no answer in the last %.1f s of the point, %s",
                (from - run.start) / 1e9, silent / 1e9, requests);
    }

    /** Stops the running point early, e.g. because its server died; what was measured is kept. */
    public void abort(String why) {
        PointState r = current;
        if (r != null && r.abortReason == null) {
            r.abortReason = why;
        }
    }

    /** Stops the running point as the user asked (Ctrl-C): aborted for {@code why}, over the time it ran. */
    public void stop(String why) {
        PointState r = current;
        if (r != null && r.abortReason == null) {
            r.stoppedByUser = true;
            r.abortReason = why;
        }
    }

    private static void stopAll(List<Lane> lanes) {
        for (Lane lane : lanes) {
            lane.loop.execute(() -> {
                lane.users.forEach(User::stop);
            });
        }
    }

    private static long processCpuNanos() {
        var os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            return sun.getProcessCpuTime();
        }
        return 0;
    }

    /**
     * Runs {@code task} on each of the engine's I/O threads, one after the other, between points (a thread's placement
     * on cores, which only the thread itself can name); its first failure is thrown once every thread has run it.
     */
    public void onEachIoThread(Runnable task) {
        RuntimeException failed = null;
        for (var loop : group) {
            try {
                loop.submit(task).syncUninterruptibly();
            } catch (RuntimeException e) {
                failed = failed == null ? e : failed;
            }
        }
        if (failed != null) {
            throw failed;
        }
    }

    @Override
    public void close() {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** The shared, read-mostly state of one point. */
    final class PointState {
        final InetSocketAddress address;
        final ClientTls tls;
        final LoadSpec spec;
        final RequestSource source;
        final CountDownLatch done;
        final long thinkNanos;
        final long timeoutNanos;
        long start;
        long deadline;
        volatile String abortReason;
        /** Stopped by the user (Ctrl-C), not by the server: its time is the time it ran. */
        volatile boolean stoppedByUser;
        volatile String lastConnectFailure;
        /** The point's first connection error's reason. */
        volatile String firstConnectFailure;
        volatile long lastConnectFailureNanos;
        /** What the first request source or check that threw said: shown beside the client errors. */
        volatile String firstClientFailure;
        /** A single request's point: its first answer refused, in a line ({@link Refusal}); null while none was. */
        volatile String firstRefusal;
        private final AtomicLong sent = new AtomicLong();
        private final int sequenceLength;
        private final long unique;

        /** HTTP/2 only (else null): how streams share connections, the connections opened, the resets and GOAWAYs by code. */
        final Http2 http2;
        final java.util.concurrent.atomic.LongAdder h2Connections = new java.util.concurrent.atomic.LongAdder();
        /** HTTP/1.1: the connections the server closed (not those wsbench dropped: a late answer's, the point's end). */
        final java.util.concurrent.atomic.LongAdder h1ServerCloses = new java.util.concurrent.atomic.LongAdder();
        /** HTTP/1.1: those of them made while no request was on the connection (the server's keep-alive timeout). */
        final java.util.concurrent.atomic.LongAdder h1IdleCloses = new java.util.concurrent.atomic.LongAdder();
        /** HTTP/1.1: idempotent requests sent again because a kept connection closed as they went out on it. */
        final java.util.concurrent.atomic.LongAdder h1SentAgain = new java.util.concurrent.atomic.LongAdder();
        /** HTTP/1.1: connections opened anew because the one kept had idled out the server's Keep-Alive timeout. */
        final java.util.concurrent.atomic.LongAdder h1KeepAliveExpired = new java.util.concurrent.atomic.LongAdder();
        /** HTTP/1.1: the shortest idle time after which the server closed a kept connection; 0 while none was seen. */
        private volatile long idleCloseNanos;

        /** Below this, a close of an idle connection is taken for something else than a keep-alive timeout (a server shedding load). */
        static final long LEAST_IDLE_TIMEOUT_NANOS = 500_000_000L;

        /** The server closed a kept connection {@code idle} nanoseconds after its last answer: its keep-alive timeout, at most. */
        void idleClosedAfter(long idle) {
            if (idle >= LEAST_IDLE_TIMEOUT_NANOS) {
                synchronized (this) {
                    if (idleCloseNanos == 0 || idle < idleCloseNanos) {
                        idleCloseNanos = idle;
                    }
                }
            }
        }

        /** The shortest idle time after which the server closed a kept connection; 0 while none was seen. */
        long idleCloseNanos() {
            return idleCloseNanos;
        }
        /** gRPC: the messages of the calls that ended OK. */
        final java.util.concurrent.atomic.LongAdder grpcMessages = new java.util.concurrent.atomic.LongAdder();
        final java.util.Map<String, java.util.concurrent.atomic.LongAdder> streamErrors = new java.util.concurrent.ConcurrentHashMap<>();

        PointState(InetSocketAddress address, ClientTls tls, LoadSpec spec, RequestSource source, Http2 http2) {
            this.http2 = http2;
            this.address = address;
            this.tls = tls;
            this.spec = spec;
            this.source = source;
            this.done = new CountDownLatch(spec.connections());
            this.thinkNanos = spec.thinkTime().toNanos();
            this.timeoutNanos = spec.timeout().toNanos();
            this.sequenceLength = source == null ? 1 : Math.max(1, source.size());
            this.unique = source == null ? 0 : source.uniqueRequests();
        }

        /**
         * What user (or open-loop connection) {@code index} was to send and never did, now that it is done:
         * the rest of its count ({@code remaining}), or in an open loop the requests its schedule, counted
         * from {@code anchor}, made due before the point's end beyond the {@code slot} it reached (all of
         * them up to the end when the point stopped early, since its time is still the denominator).
         */
        long unsent(int index, long remaining, long slot, long anchor) {
            if (remaining > 0) {
                return remaining;
            }
            if (spec.open() && deadline != Long.MAX_VALUE) {
                return Math.max(0, spec.dueBefore(index, deadline - anchor) - slot);
            }
            return 0;
        }

        /** {@code why}, kept as the point's last connect failure (a silent server's end names it). */
        String connectFailure(String failure) {
            String why = plain(failure);
            lastConnectFailure = why;
            lastConnectFailureNanos = System.nanoTime();
            if (firstConnectFailure == null) {
                firstConnectFailure = why;
            }
            return why;
        }

        /** Counts an HTTP/2 event by its name and code ("RST_STREAM INTERNAL_ERROR (2)", "GOAWAY NO_ERROR (0)"). */
        void noteStreamError(String what) {
            streamErrors.computeIfAbsent(what, k -> new java.util.concurrent.atomic.LongAdder()).increment();
        }

        /** Users take the requests of a sequence in turn, so N users together run it in order. */
        int nextRequestIndex() {
            if (sequenceLength == 1 && unique == 0) {
                return 0;
            }
            long n = sent.getAndIncrement();
            if (unique > 0 && n >= unique && abortReason == null) {
                abortReason = "the " + unique + " data rows ran out after " + unique
                        + " requests (unique mode: each row once per point)";
            }
            return (int) (n % sequenceLength);
        }
    }

    /** The users of one I/O thread, with that thread's recorder, validator and bootstrap. */
    final class Lane {
        final PointState run;
        final EventLoop loop;
        final Validator validator;
        /** Null for plain HTTP, whose connections get no handler but the user. */
        final ClientTls tls;
        final Recorder rec = new Recorder();
        /** Its connections' allocator, as Netty gives every channel that is given none. */
        final ByteBufAllocator alloc = ByteBufAllocator.DEFAULT;
        /** HTTP/2: the headers of this lane's static requests, made once. */
        final H2Request.Cache h2Requests = new H2Request.Cache();
        final List<User> users = new ArrayList<>();
        /** The flow its users run, with its recorders of this thread: a single-request point's is {@link FlowPlan#SOURCED}. */
        final FlowLane flow;
        final Bootstrap bootstrap;
        Histogram spare = new Histogram(1, Recorder.HIGHEST_MICROS, 3);
        /** Users whose answer was read in this pass over the ready connections, in order. */
        private Runnable[] answered = new Runnable[0];
        private int answeredCount;
        private final Runnable sendAnswered = this::sendAnswered;

        Lane(PointState run, EventLoop loop, Validator validator, FlowLane flow) {
            this.run = run;
            this.flow = flow;
            this.loop = loop;
            this.validator = validator;
            this.tls = run.tls;
            this.bootstrap = new Bootstrap().group(loop).channel(channelClass)
                    .option(ChannelOption.TCP_NODELAY, true)
                    .option(ChannelOption.CONNECT_TIMEOUT_MILLIS,
                            (int) Math.min(Integer.MAX_VALUE, run.spec.timeout().toMillis()))
                    .handler(tls == null ? new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            // the user adds itself once connected
                        }
                    } : new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            SslHandler ssl = tls.newHandler(ch.alloc());
                            ssl.setHandshakeTimeoutMillis(run.spec.timeout().toMillis());
                            ch.pipeline().addLast(ssl); // the user adds itself behind it once connected
                        }
                    });
        }

        /**
         * Holds a user's next request (a flow user's next step) until the I/O thread has read every connection that was
         * ready with it: the event loop runs tasks after its pass over the ready connections. Sent at
         * once, each request would delay the reading of the answers behind it by a system call
         * (a few µs on loopback, ~10 µs per answer in a burst of ten), and that delay would show as
         * server latency. wrk orders its work the same way: reads first, writes on the next pass.
         */
        void sendAfterReads(Runnable next) {
            if (answeredCount == answered.length) {
                answered = Arrays.copyOf(answered, Math.max(8, answered.length * 2));
            }
            answered[answeredCount++] = next;
            if (answeredCount == 1) {
                loop.execute(sendAnswered);
            }
        }

        private void sendAnswered() {
            // one added while this runs (none is: reads happen outside tasks) is sent by this same pass
            for (int i = 0; i < answeredCount; i++) {
                Runnable next = answered[i];
                answered[i] = null;
                next.run();
            }
            answeredCount = 0;
        }

        void checkTimeouts() {
            long now = System.nanoTime();
            for (User u : users) {
                u.checkTimeout(now);
            }
        }
    }
}
