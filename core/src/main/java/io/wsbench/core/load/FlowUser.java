package io.wsbench.core.load;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * One virtual user of a flow: its setup once, then iterations of the flow's steps in order (at once
 * after the last in a closed loop; when due on its slots of the rate in an open loop), each request written from its step's template with this user's variables, each answer
 * checked and its variables taken; then its teardown once. An error ends the iteration and is
 * counted against its step; a failed setup stops the user. Only its I/O thread touches it.
 */
@ChannelHandler.Sharable // on one channel at a time; re-added after every reconnect
final class FlowUser extends ChannelInboundHandlerAdapter implements ResponseParser.Sink, ResponseParser.HeaderSink,
        TlsStart.Done {

    private static final long RETRY_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    private static final byte[] SET_COOKIE = "set-cookie".getBytes(StandardCharsets.US_ASCII);

    private final LoadEngine.Run run;
    private final LoadEngine.Lane lane;
    private final FlowLane flow;
    /** Its place among this generator's users (its slots of an open loop's schedule), and its number in the whole point. */
    private final int index;
    private final int user;
    private final String[] variables;
    private final SplittableRandom random;
    private final CookieJar jar;
    private final Redirects redirects;
    private final WsLink ws;
    private final ResponseParser parser = new ResponseParser();
    private final Map<String, String> headers = new HashMap<>();
    private final ChannelFutureListener onConnect = this::connected;
    private final Runnable proceed = this::proceed;
    private long remaining;
    /** Open loop: this user's iterations are due from {@code anchor} (the end of its setup) on slots of the rate. */
    private final boolean open;
    private long anchor;
    private long slot;
    private long nextIntended;
    private boolean anchored;
    private boolean stopped;
    private int phase = FlowLane.SETUP;
    private int step;
    private boolean inIteration;
    /** No step of this iteration has passed yet: in an open loop, a WebSocket step's latency then counts from when it was due. */
    private boolean first;
    private long iteration;
    private long iterationFrom;
    private int row = -1;
    private Channel channel;
    private boolean connecting;
    private boolean inFlight;
    private long writtenAt;
    private boolean finished;
    private final TlsStart tls;

    FlowUser(LoadEngine.Run run, LoadEngine.Lane lane, int index) {
        this.run = run;
        this.lane = lane;
        this.tls = new TlsStart(lane.rec, this);
        this.flow = lane.flow;
        this.index = index;
        this.user = flow.plan.firstUser() + index;
        this.variables = new String[flow.plan.variables().size()];
        this.variables[FlowPlan.USER] = Integer.toString(user);
        this.random = new SplittableRandom(user * 0x9E3779B97F4A7C15L + System.nanoTime());
        this.jar = flow.plan.cookies() ? new CookieJar() : null;
        this.redirects = flow.follows ? new Redirects(lane.tls != null, jar) : null;
        this.ws = flow.webSockets ? new WsLink(this, run, lane, jar, variables) : null;
        flow.fresh(variables, -1, random); // the setup's, before any iteration
        this.remaining = run.spec.requestsPerUser() > 0 ? run.spec.requestsPerUser() : -1;
        this.open = run.spec.open();
        this.anchor = run.start;
        parser.headers(this);
    }

    void start() {
        long wait = open ? 0 : run.spec.waitForRamp(index, 0, run.deadline - run.start);
        if (wait == 0) {
            proceed();
        } else if (wait > 0) {
            lane.loop.schedule(proceed, wait, TimeUnit.NANOSECONDS); // its setup too waits for the ramp
        } else {
            finish(); // a ramp that never reaches this user
        }
    }

    /** Decides what comes next: the next step, a pause, the next iteration, the teardown, or the end. */
    private void proceed() {
        if (finished) {
            return;
        }
        if (run.abortReason != null) {
            finish();
            return;
        }
        long now = System.nanoTime();
        List<FlowStep> steps;
        while (true) {
            steps = flow.phases.get(phase);
            if (phase == FlowLane.STEPS && !inIteration) {
                if (remaining == 0 || stopped || now - run.deadline >= 0 || (open && nextIntended - run.deadline >= 0)) {
                    phase = FlowLane.TEARDOWN;
                    step = 0;
                    continue;
                }
                if (open && nextIntended - now > 0) {
                    lane.loop.schedule(proceed, nextIntended - now, TimeUnit.NANOSECONDS);
                    return;
                }
                long paused = open ? 0 : run.spec.waitForRamp(index, now - run.start, run.deadline - run.start);
                if (paused < 0) {
                    phase = FlowLane.TEARDOWN; // the ramp never comes back to this user
                    step = 0;
                    continue;
                }
                if (paused > 0) {
                    lane.loop.schedule(proceed, paused, TimeUnit.NANOSECONDS); // its session kept meanwhile
                    return;
                }
                startIteration(now);
            }
            if (step < steps.size()) {
                break;
            }
            if (phase == FlowLane.SETUP) {
                phase = FlowLane.STEPS;
                step = 0;
                if (open && !anchored) {
                    // the schedule starts when the first setup is done, so its time is in no iteration's latency
                    anchored = true;
                    anchor = flow.phases.get(FlowLane.SETUP).isEmpty() ? run.start : now;
                    nextIntended = anchor + run.spec.dueNanos(index, 0);
                }
            } else if (phase == FlowLane.STEPS) {
                endIteration(now);
                lane.rec.ok((now - iterationFrom) / 1000, now);
            } else {
                finish();
                return;
            }
        }
        FlowStep s = steps.get(step);
        if (s.think() != null) {
            step++;
            lane.loop.schedule(proceed, s.think().next(random), TimeUnit.NANOSECONDS);
            return;
        }
        send(s, now);
    }

    private void startIteration(long now) {
        inIteration = true;
        first = true;
        step = 0;
        if (remaining > 0) {
            remaining--;
        }
        flow.fresh(variables, iteration++, random);
        // open loop: from when the iteration was due, so a stall shows at its full size
        iterationFrom = open ? nextIntended : now;
        if (open) {
            nextIntended = anchor + run.spec.dueNanos(index, ++slot);
        }
        lane.rec.sent(now);
        if (now < flow.firstIterationAt) {
            flow.firstIterationAt = now;
        }
    }

    private void endIteration(long now) {
        inIteration = false;
        step = 0;
        flow.iterations++;
        flow.lastIterationEnd = now;
    }

    private void send(FlowStep s, long now) {
        if (channel == null && s.ws() == null) {
            connect();
            return;
        }
        // the next hop of the step's redirects, or the step's own request
        boolean hop = redirects != null && redirects.pending();
        if (!hop) {
            row = -1;
            if (s.data() != null && (row = s.data().fill(user, variables)) < 0) {
                String why = s.data().mode() == StepData.Mode.PER_USER ? "no data row for user " + user
                        : "the " + s.data().rows() + " data rows ran out (unique mode: each row once per point)";
                if (run.abortReason == null && s.data().mode() == StepData.Mode.UNIQUE) {
                    run.abortReason = "step " + s.name() + ": " + why;
                }
                lost(RecordAs.CLIENT, why);
                return;
            }
        }
        if (s.ws() != null) {
            ws.run(s.ws(), flow.recorders[phase][step], flow.answers[phase][step], open && first && phase == FlowLane.STEPS ? iterationFrom : now);
            return;
        }
        ByteBuf request;
        try {
            String cookies = jar == null || hop ? null : jar.header(s.request().path());
            request = s.request().write(channel.alloc(), variables, cookies, flow.security[phase][step]);
            if (hop) {
                request = redirects.request(request, channel.alloc());
            } else if (s.follow()) {
                redirects.begin(request, cookies);
            }
        } catch (RuntimeException e) {
            lost(RecordAs.CLIENT, "the request could not be built: " + e);
            return;
        }
        inFlight = true;
        if (!hop) {
            writtenAt = now; // a hop's answer is in the step's latency, from its first request
        }
        StepRecorder rec = flow.recorders[phase][step];
        int n = request.readableBytes();
        rec.bytesSent += n;
        rec.requestsSent++;
        lane.rec.bytesSent += n;
        channel.writeAndFlush(request, channel.voidPromise());
    }

    /** How an iteration's failure is counted in the point's own figures (its step has counted it already). */
    enum RecordAs { VERDICT, CONNECT, TIMEOUT, PROTOCOL, CLIENT }

    /** The step under way failed before its answer could be read, as {@code as} says, for {@code why}. */
    void lost(RecordAs as, String why) {
        StepRecorder rec = flow.recorders[phase][step];
        switch (as) {
            case CONNECT -> rec.connect++;
            case TIMEOUT -> rec.timeout++;
            case PROTOCOL -> rec.protocol++;
            default -> rec.client++;
        }
        rec.note(why);
        failed(Verdict.VALIDATION, as);
    }

    /**
     * The current step failed. In an iteration, the iteration ends as an error of the same kind and
     * the next one starts; a setup or teardown that fails ends the user.
     */
    private void failed(Verdict kind, RecordAs as) {
        long now = System.nanoTime();
        if (redirects != null) {
            redirects.clear();
        }
        if (phase != FlowLane.STEPS) {
            finish();
            return;
        }
        switch (as) {
            case VERDICT -> lane.rec.error(kind, now);
            case CONNECT -> lane.rec.connectError(now);
            case TIMEOUT -> lane.rec.timeoutError(now);
            case PROTOCOL -> lane.rec.protocolError(now);
            case CLIENT -> lane.rec.clientError(now);
        }
        endIteration(now);
        if (flow.plan.onError() == FlowPlan.OnError.RESTART) {
            phase = FlowLane.SETUP; // a new login, say, before the next iteration
        }
        stopped |= flow.plan.onError() == FlowPlan.OnError.STOP; // its teardown runs; the iterations it leaves are unfinished
        lane.loop.schedule(proceed, as == RecordAs.CONNECT ? RETRY_NANOS : 0, TimeUnit.NANOSECONDS);
    }

    private void connect() {
        if (!connecting) {
            connecting = true;
            lane.bootstrap.connect(run.address).addListener(onConnect);
        }
    }

    private void connected(ChannelFuture f) {
        connecting = false;
        if (!f.isSuccess()) {
            String why = f.cause() == null ? "connect failed" : String.valueOf(f.cause().getMessage());
            run.lastConnectFailure = why;
            run.lastConnectFailureNanos = System.nanoTime();
            lost(RecordAs.CONNECT, "cannot connect: " + why);
            return;
        }
        channel = f.channel();
        parser.reset();
        channel.pipeline().addLast(this);
        if (finished) {
            channel.close();
            return;
        }
        if (lane.tls != null) {
            tls.begin(channel);
            return;
        }
        proceed();
    }

    @Override
    public void handshaken(long now) {
        proceed();
    }

    @Override
    public void handshakeFailed(String why) {
        Channel c = channel;
        channel = null;
        c.close();
        lost(RecordAs.CONNECT, why);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf in = (ByteBuf) msg;
        try {
            int n = in.readableBytes();
            lane.rec.bytesReceived += n;
            if (inFlight) {
                flow.recorders[phase][step].bytesReceived += n;
            }
            if (ctx.channel() == channel) {
                parser.feed(in, this);
            }
        } catch (IllegalStateException malformed) {
            drop(ctx.channel());
            if (inFlight) {
                inFlight = false;
                lost(RecordAs.PROTOCOL, malformed.getMessage());
            }
        } finally {
            in.release();
        }
    }

    @Override
    public void header(byte[] line, int nameLength, int valueFrom, int valueTo) {
        if (jar != null && ResponseParser.nameIs(line, nameLength, SET_COOKIE)) {
            jar.store(new String(line, valueFrom, valueTo - valueFrom, StandardCharsets.ISO_8859_1));
            return;
        }
        for (byte[] wanted : flow.wantedHeaders) {
            if (ResponseParser.nameIs(line, nameLength, wanted)) {
                headers.put(new String(wanted, StandardCharsets.US_ASCII),
                        new String(line, valueFrom, valueTo - valueFrom, StandardCharsets.ISO_8859_1));
            }
        }
    }

    @Override
    public void onResponse(int status, String contentType, byte[] body, int length, boolean close) {
        if (!inFlight) {
            headers.clear();
            return;
        }
        inFlight = false;
        long now = System.nanoTime();
        StepRecorder rec = flow.recorders[phase][step];
        boolean follows = redirects != null && flow.phases.get(phase).get(step).follow();
        Redirects.Next next = follows ? redirects.next(status, headers.get(Redirects.LOCATION)) : Redirects.Next.ANSWER;
        if (close || !run.spec.keepAlive()) {
            drop(channel);
        }
        StepAnswer.Failure failure = null;
        String threw = null;
        try {
            if (next == Redirects.Next.ANSWER) {
                failure = flow.answers[phase][step].read(status, contentType, body, length, headers, variables);
            } else if (next == Redirects.Next.BROKEN) {
                failure = new StepAnswer.Failure(Redirects.ENDLESS, redirects.why());
            }
        } catch (RuntimeException e) {
            threw = "the check threw: " + e;
        } finally {
            headers.clear();
        }
        if (next == Redirects.Next.FOLLOW) {
            rec.hops++;
            lane.sendAfterReads(proceed); // the hop, on this connection or a new one
            return;
        }
        if (threw != null) {
            lost(RecordAs.CLIENT, threw);
            return;
        }
        if (failure == null) {
            passed(writtenAt, now);
            return;
        }
        String unfollowed = next == Redirects.Next.ANSWER && follows && redirects.why() != null ? "; " + redirects.why() : "";
        refused(new StepAnswer.Failure(failure.kind(), failure.why() + unfollowed));
    }

    /** The step under way passed, its latency from {@code from}: the next one follows the other answers of this read, in one task with them. */
    void passed(long from, long now) {
        flow.recorders[phase][step].ok((now - from) / 1000);
        first = false;
        step++;
        lane.sendAfterReads(proceed);
    }

    /** The step under way got an answer that failed its rules. */
    void refused(StepAnswer.Failure failure) {
        flow.recorders[phase][step].failed(failure.kind(), who() + ": " + failure.why());
        failed(failure.kind(), RecordAs.VERDICT);
    }

    /** The row, user and iteration (or phase) a failure names. */
    private String who() {
        return (row >= 0 ? "row " + (row + 1) + ", " : "") + "user " + user
                + (phase == FlowLane.STEPS ? ", iteration " + (iteration - 1) : ", " + FlowLane.PHASES.get(phase));
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (ctx.channel() != channel) {
            return;
        }
        channel = null;
        if (tls.forget()) {
            lost(RecordAs.CONNECT, "TLS handshake failed: the server closed the connection");
            return;
        }
        boolean cutShort = !parser.closed(this);
        if (inFlight) {
            inFlight = false;
            lost(cutShort ? RecordAs.PROTOCOL : RecordAs.CONNECT, cutShort ? "the answer was cut short by the connection's close"
                    : "connection closed by the server before the response");
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close(); // channelInactive records what was lost
    }

    void checkTimeout(long now) {
        if (ws != null) {
            ws.checkTimeout(now);
        }
        if (inFlight && now - writtenAt > run.timeoutNanos) {
            inFlight = false;
            drop(channel);
            lost(RecordAs.TIMEOUT, "no answer within " + run.spec.timeout().toMillis() + " ms");
        }
    }

    /** Ends this user at once: an iteration under way is unfinished. */
    void stop() {
        if (inIteration && phase == FlowLane.STEPS) {
            inIteration = false;
            lane.rec.unfinished++;
        }
        inFlight = false;
        finish();
    }

    private void drop(Channel c) {
        if (c == channel) {
            channel = null;
            tls.forget();
        }
        if (c != null) {
            c.close();
        }
    }

    private void finish() {
        if (!finished) {
            finished = true;
            lane.rec.unfinished += run.unsent(index, remaining, slot, anchor);
            drop(channel);
            if (ws != null) {
                ws.stop();
            }
            run.done.countDown();
        }
    }
}
