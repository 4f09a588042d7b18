package io.wsbench.core.load;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;

/**
 * One virtual user (closed loop) or one connection of an open-loop schedule: the engine's only kind
 * of user. It runs a flow: its setup once, then iterations of the flow's steps in order (at once
 * after the last in a closed loop, after the load's think time if it has one; when due on its slots
 * of the rate in an open loop), then its teardown once. Each request is written from its step (a
 * template filled with this user's variables, or for a single-request point the point's own request,
 * {@link FlowPlan#SOURCED}), each answer checked and its variables taken. A single request is a flow
 * of one step, its latency from the request's write (in an open loop, from when it was due), so no
 * connect nor TLS handshake is in it. An error ends the iteration and is counted against its step; a
 * failed setup stops the user. Only its I/O thread touches it.
 */
final class User implements Connection.Receiver {

    private static final long RETRY_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

    private final LoadEngine.PointState run;
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
    /** The headers its flow's steps read, kept as the answer is parsed (null when none is: the parser then looks at none). */
    private final KeptHeaders kept;
    private final Map<String, String> headers;
    private final Runnable next = this::proceed;
    /** When its iterations are due, and how many it has left. */
    private final Schedule schedule;
    private boolean stopped;
    private int phase = FlowLane.SETUP;
    private int step;
    /** The steps of this iteration that are branches of a choice not drawn (null for a flow without a choice). */
    private boolean[] skip;
    private boolean inIteration;
    /** No step of this iteration has passed yet: in an open loop, a WebSocket step's latency then counts from when it was due. */
    private boolean first;
    /** With {@code onError: continue}, the first failure of the iteration under way (null: none yet) and how it failed. */
    private Verdict failedAs;
    private RecordAs failedHow;
    private long iteration;
    private long iterationFrom;
    private int row = -1;
    /** The point's own request: which of its sequence is under way. */
    private int requestIndex;
    private boolean inFlight;
    private long writtenAt;
    /** When the last answer was read: how long its connection has been idle, where the server's idle closes are learned. */
    private long answeredAt;
    private boolean finished;
    /** Its HTTP connection, as the point's protocol makes it (its own over HTTP/1.1, a stream of a shared one over HTTP/2). */
    private final Connection<ByteBuf> http;
    /** The server never took the request (an HTTP/2 stream above a GOAWAY's last one): the same request goes again. */
    private boolean resending;

    /** {@code connect} makes its HTTP connection, told its answers' headers to keep (null: none). */
    User(LoadEngine.PointState run, LoadEngine.Lane lane, int index,
         BiFunction<Connection.Receiver, KeptHeaders, Connection<ByteBuf>> connect) {
        this.run = run;
        this.lane = lane;
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
        this.schedule = new Schedule(run, index);
        this.kept = jar != null || flow.wantedHeaders.length > 0 ? new KeptHeaders(jar, flow.wantedHeaders) : null;
        this.headers = kept == null ? new java.util.HashMap<>() : kept.values;
        this.http = connect.apply(this, kept);
    }

    void start() {
        long wait = schedule.open ? 0 : run.spec.waitForRamp(index, 0, run.deadline - run.start);
        if (wait == 0) {
            proceed();
        } else if (wait > 0) {
            lane.loop.schedule(next, wait, TimeUnit.NANOSECONDS); // its setup too waits for the ramp
        } else {
            finish(); // a ramp that never reaches this user
        }
    }

    /** Decides what comes next: the next step, a pause, the next iteration, the teardown, or the end (also when its connection is up). */
    @Override
    public void proceed() {
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
                if (stopped || schedule.over(now)) {
                    phase = FlowLane.TEARDOWN;
                    step = 0;
                    continue;
                }
                long due = schedule.dueIn(now);
                if (due > 0) {
                    lane.loop.schedule(next, due, TimeUnit.NANOSECONDS);
                    return;
                }
                if (!schedule.open && run.spec.profile() != null && !running(now)) {
                    return;
                }
                startIteration(now);
            }
            if (step < steps.size()) {
                if (phase == FlowLane.STEPS && skip != null && skip[step]) {
                    step++; // a branch this iteration did not draw
                    continue;
                }
                break;
            }
            if (phase == FlowLane.SETUP) {
                phase = FlowLane.STEPS;
                step = 0;
                schedule.anchor(now, flow.phases.get(FlowLane.SETUP).isEmpty());
            } else if (phase == FlowLane.STEPS) {
                iterationDone(now);
            } else {
                finish();
                return;
            }
        }
        FlowStep s = steps.get(step);
        if (s.think() != null) {
            step++;
            lane.loop.schedule(next, s.think().next(random), TimeUnit.NANOSECONDS);
            return;
        }
        send(s, now);
    }

    /** Closed loop with a profile: whether the ramp has this user running now; if not, it waits for the ramp (a single request's
     *  connection closed meanwhile, as users come and go; a flow's kept), or ends when it never comes back. */
    private boolean running(long now) {
        long paused = run.spec.waitForRamp(index, now - run.start, run.deadline - run.start);
        if (paused < 0) {
            phase = FlowLane.TEARDOWN; // the ramp never comes back to this user
            step = 0;
            proceed();
            return false;
        }
        if (paused > 0) {
            if (flow.sourced) {
                http.release();
            }
            lane.loop.schedule(next, paused, TimeUnit.NANOSECONDS);
            return false;
        }
        return true;
    }

    private void startIteration(long now) {
        inIteration = true;
        first = true;
        step = 0;
        flow.fresh(variables, iteration++, random);
        skip = flow.plan.draw(skip, random);
        iterationFrom = schedule.take(now);
        if (!flow.sourced) {
            lane.rec.sent(now);
        }
        if (now < flow.firstIterationAt) {
            flow.firstIterationAt = now;
        }
    }

    /** The iteration's last step is done: it passed, or (onError: continue) failed as its first failure did. */
    private void iterationDone(long now) {
        Verdict failedKind = failedAs;
        RecordAs failedWay = failedHow;
        endIteration(now);
        if (failedKind != null) {
            lane.rec.failed(failedWay, failedKind, now);
        } else {
            lane.rec.ok((now - iterationFrom) / 1000, now);
        }
    }

    private void endIteration(long now) {
        failedAs = null;
        inIteration = false;
        step = 0;
        flow.iterations++;
        flow.lastIterationEnd = now;
    }

    /** {@code now} is the caller's clock reading, shared with proceed's checks: each costs ~0.1 µs. */
    private void send(FlowStep s, long now) {
        if (s.ws() == null && !http.ready()) {
            return; // proceed or connectFailed comes (a WebSocket step's link is opened by its own steps)
        }
        // the next hop of the step's redirects, the same request again on a new stream, or the step's own request
        boolean hop = redirects != null && redirects.pending();
        boolean again = resending;
        resending = false;
        if (!hop && !again) {
            row = -1;
            if (s.data() != null && (row = s.data().fill(user, variables)) < 0) {
                String why = s.data().none(user);
                if (run.abortReason == null && s.data().mode() == StepData.Mode.UNIQUE) {
                    run.abortReason = "step " + s.name() + ": " + why;
                }
                lost(RecordAs.CLIENT, why);
                return;
            }
        }
        if (s.ws() != null) {
            ws.send(new WsLink.Turn(s.ws(), flow.recorders[phase][step], flow.answers[phase][step],
                    schedule.open && first && phase == FlowLane.STEPS ? iterationFrom : now), requestIndex);
            return;
        }
        ByteBuf request;
        ByteBufAllocator alloc = lane.alloc;
        try {
            if (flow.sourced) {
                if (!again) {
                    requestIndex = run.nextRequestIndex();
                }
                request = run.source.next(requestIndex, alloc);
            } else {
                String cookies = jar == null || hop ? null : jar.header(s.request().path());
                request = s.request().write(alloc, variables, cookies, flow.security[phase][step]);
                if (hop) {
                    request = redirects.request(request, alloc);
                } else if (s.follow()) {
                    redirects.begin(request, cookies);
                }
            }
        } catch (RuntimeException e) {
            lost(RecordAs.CLIENT, flow.sourced ? StepRecorder.thrown("request " + requestIndex + " could not be built", e)
                    : "the request could not be built: " + e);
            return;
        }
        if (!hop && !again) {
            // a hop's answer is in the step's latency, from its first request, and so is a request's sent again: its
            // first try and the new connection it waited for
            writtenAt = now;
            if (flow.sourced) {
                lane.rec.sent(now); // a single request is counted as sent when it is, after its connect and handshake
                iterationFrom = schedule.open ? iterationFrom : now;
            }
        }
        if (!flow.sourced) { // a single request's step figures are the point's own
            StepRecorder rec = flow.recorders[phase][step];
            rec.bytesSent += http.stepBytes(request);
            rec.requestsSent++;
        }
        inFlight = true; // before the write: a close it meets is a lost answer
        if (!http.send(request, requestIndex)) {
            inFlight = false; // the user was told why
        }
    }

    @Override
    public void lost(RecordAs as, String why) {
        flow.recorders[phase][step].lost(as, why);
        if (as == RecordAs.CLIENT && run.firstClientFailure == null) {
            run.firstClientFailure = why;
        } else if (as == RecordAs.PROTOCOL && flow.sourced && run.firstRefusal == null) {
            run.firstRefusal = why + ", counted as a protocol error"; // a lone request's, said as a refused answer is (a flow's step keeps its own)
        }
        failed(Verdict.VALIDATION, as);
    }

    /** The current step failed: an iteration ends as an error of the same kind and the next one starts;
     *  a setup or teardown that fails ends the user. */
    private void failed(Verdict kind, RecordAs as) {
        long now = System.nanoTime();
        if (redirects != null) {
            redirects.clear();
        }
        resending = false; // a refused request that could not go again is lost now
        if (phase != FlowLane.STEPS) {
            finish();
            return;
        }
        if (flow.plan.onError() == FlowPlan.OnError.CONTINUE && as == RecordAs.VERDICT) {
            // an answer that failed its rules: the iteration goes on, and counts as an error when it ends
            if (failedAs == null) {
                failedAs = kind;
                failedHow = as;
            }
            passedOn(now);
            return;
        }
        lane.rec.failed(as, kind, now);
        endIteration(now);
        if (flow.plan.onError() == FlowPlan.OnError.RESTART) {
            phase = FlowLane.SETUP; // a new login, say, before the next iteration
        }
        stopped |= flow.plan.onError() == FlowPlan.OnError.STOP; // its teardown runs; the iterations it leaves are unfinished
        long delay = as == RecordAs.CONNECT || as == RecordAs.CLIENT && flow.sourced ? RETRY_NANOS
                : as == RecordAs.VERDICT ? think() : 0;
        if (delay == 0 && (as == RecordAs.VERDICT || as == RecordAs.PROTOCOL)) {
            lane.sendAfterReads(next); // after the other answers of this read, as a passed step
        } else {
            lane.loop.schedule(next, delay, TimeUnit.NANOSECONDS); // a failed connect is tried again a little later
        }
    }

    /** A single request's think time after its answer in a closed loop (a flow's are its pauses); else 0. */
    private long think() {
        return schedule.open || !flow.sourced ? 0 : run.thinkNanos;
    }

    @Override
    public boolean finished() {
        return finished;
    }

    @Override
    public void connectFailed(String why) {
        lost(RecordAs.CONNECT, "cannot connect: " + run.connectFailure(why));
    }

    @Override
    public void closedUnanswered() {
        if (answerLost(null, null)) {
            lost(RecordAs.CLOSED, run.connectFailure("connection closed by the server before the response"));
        }
    }

    @Override
    public boolean awaiting() {
        return inFlight;
    }

    @Override
    public void received(int n) {
        lane.rec.bytesReceived += n;
        receivedOnStream(n);
    }

    @Override
    public void receivedOnStream(int n) {
        if (inFlight && !flow.sourced) {
            flow.recorders[phase][step].bytesReceived += n;
        }
    }

    @Override
    public boolean answerLost(RecordAs as, String why) {
        if (!inFlight) {
            return false;
        }
        inFlight = false;
        if (as != null) {
            lost(as, why);
        }
        return true;
    }

    @Override
    public void sendAgain(boolean sent) {
        if (!sent || answerLost(null, null)) {
            resending = true;
            lane.sendAfterReads(next);
        }
    }

    @Override
    public long answeredAt() {
        return answeredAt;
    }

    @Override
    public void onResponse(int status, String contentType, byte[] body, int length, boolean close) {
        if (!inFlight) {
            headers.clear();
            return; // an answer nobody asked for (e.g. after a timeout) is ignored
        }
        inFlight = false;
        long now = System.nanoTime();
        answeredAt = now;
        if (close || !run.spec.keepAlive()) {
            if (close && run.spec.keepAlive()) {
                run.h1ServerCloses.increment(); // the answer said Connection: close (or was HTTP/1.0's): the server's close
            }
            http.release();
        }
        if (flow.sourced) {
            Verdict v;
            try {
                v = lane.validator.check(requestIndex, status, contentType, body, length);
            } catch (RuntimeException e) {
                lost(RecordAs.CLIENT, StepRecorder.thrown("the check of the answer to request " + requestIndex + " threw", e));
                return;
            }
            if (v == Verdict.OK) {
                passed(writtenAt, now);
            } else {
                if (run.firstRefusal == null) {
                    run.firstRefusal = Refusal.said(v, status, contentType, body, length);
                }
                refused(v, null); // a single request's step keeps no failure of its own: the point keeps its first
            }
            return;
        }
        FlowStep s = flow.phases.get(phase).get(step);
        Redirects.Next redirect = redirects != null && s.follow() ? redirects.next(status, headers.get(Redirects.LOCATION)) : Redirects.Next.ANSWER;
        StepAnswer.Failure failure;
        try {
            failure = redirect == Redirects.Next.ANSWER ? flow.answers[phase][step].read(status, contentType, body, length, headers, variables)
                    : redirect == Redirects.Next.BROKEN ? new StepAnswer.Failure(Redirects.ENDLESS, redirects.why()) : null;
        } catch (RuntimeException e) {
            lost(RecordAs.CLIENT, "the check threw: " + e);
            return;
        } finally {
            headers.clear();
        }
        if (redirect == Redirects.Next.FOLLOW) {
            flow.recorders[phase][step].hops++;
            lane.sendAfterReads(next); // the hop, on this connection or a new one
        } else if (failure == null) {
            passed(writtenAt, now);
        } else {
            String unfollowed = redirect == Redirects.Next.ANSWER && s.follow() && redirects.why() != null ? "; " + redirects.why() : "";
            refused(failure.kind(), failure.why() + unfollowed);
        }
    }

    /** An iteration's last step ends it at {@code now} (no wait for the other answers of this read in its latency);
     *  the next step follows those answers, in one task with them. */
    @Override
    public void passed(long from, long now) {
        if (!flow.sourced) {
            flow.recorders[phase][step].ok((now - from) / 1000);
        }
        passedOn(now);
    }

    /** On to the next step (the step under way is done, passed or failed under onError: continue). */
    private void passedOn(long now) {
        first = false;
        step++;
        while (phase == FlowLane.STEPS && skip != null && step < skip.length && skip[step]) {
            step++; // past the branches not drawn, so that an iteration whose last steps they are ends here, with its think
        }
        if (phase == FlowLane.STEPS && step == flow.phases.get(phase).size()) {
            iterationDone(now);
            long think = think();
            if (think > 0) {
                lane.loop.schedule(next, think, TimeUnit.NANOSECONDS);
                return;
            }
        }
        lane.sendAfterReads(next);
    }

    @Override
    public void refused(Verdict kind, String why) {
        StepRecorder rec = flow.recorders[phase][step];
        rec.verdict(kind);
        if (rec.firstFailure == null && why != null) {
            rec.note(who() + ": " + why); // only the first is kept: none made for the others
        }
        failed(kind, RecordAs.VERDICT);
    }

    /** The row, user and iteration (or phase) a failure names. */
    private String who() {
        return (row >= 0 ? "row " + (row + 1) + ", " : "") + "user " + user
                + (phase == FlowLane.STEPS ? ", iteration " + (iteration - 1) : ", " + FlowLane.PHASES.get(phase));
    }

    void checkTimeout(long now) {
        if (ws != null) {
            ws.checkTimeout(now);
        }
        if (inFlight && now - writtenAt > run.timeoutNanos) {
            inFlight = false;
            http.cancel();
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

    private void finish() {
        if (!finished) {
            finished = true;
            lane.rec.unfinished += schedule.unsent();
            http.close();
            if (ws != null) {
                ws.close();
            }
            run.done.countDown();
        }
    }

}
