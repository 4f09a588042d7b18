package io.wsbench.model.record;

import io.soabase.recordbuilder.core.RecordBuilder;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One measured point: a target under one load, one repeat. Plain data, written to run.json as is.
 * {@code histogram} is the HdrHistogram of latencies (µs), compressed and base64-encoded, so
 * points can be merged and plotted later. {@code eachRequestMicros}, when the load point asked for
 * it, is the latency of every answer in the order they came (null for an error): seed 004's
 * "first 10 requests after a cold start". {@code tls}, for a target over https://, is how its
 * connections spoke TLS: handshake time and the share of resumed sessions among them.
 * {@code unfinished}, beside {@code requests}, counts the requests asked for or due that were never
 * answered: in flight when the point ended, or never sent (an open loop that fell behind its
 * schedule, a point stopped early). {@code requests} are the answered ones and the errors.
 * {@code agents}, for a point that several load agents ran together, is each one's share (null for a
 * point of this process alone).
 * <p>A flow's point is its iterations': {@code latencyMicros}, {@code throughput}, {@code errors} and
 * {@code validated} count whole iterations (from when each was due to its last answer), and
 * {@code iterations} of them finished; {@code requests} are its steps' requests, each step has its
 * record in {@code steps}, and the users' {@code setup} and {@code teardown} steps have theirs apart.
 */
@RecordBuilder
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"target", "load", "repeat", "requests", "unfinished"})
// derived from the series, written for a reader's sake and computed again when read: a list that Jackson, reading it, had
// tried to fill through its getter ("Should never call set() on setterless property 'stalls'"), so that no run with a
// stall could be reported again, compared or kept in the history
@com.fasterxml.jackson.annotation.JsonIgnoreProperties(value = {"stalls", "trend", "startSkewMillis"}, allowGetters = true)
public record PointRecord(TargetRecord target, LoadRecord load, int repeat,
                          long requests, double durationSeconds, double throughput,
                          LatencyRecord latencyMicros, @JsonUnwrapped Traffic traffic,
                          ErrorCounts errors, long validated,
                          ServerRecord server, GeneratorRecord generator,
                          @JsonUnwrapped Detail detail, String aborted,
                          TlsRecord tls, long unfinished, List<AgentRecord> agents,
                          @JsonUnwrapped FlowSteps flowSteps, OverTime overTime, RoundRecord round) {

    /** The bytes a request sent and an answer brought, on average over the point. */
    public record Traffic(double bytesSentPerRequest, double bytesReceivedPerRequest) {
    }

    /**
     * What was kept of the point's answers beside its figures: its {@code series} of seconds, its latency
     * {@code histogram} and, when the load asked for it, {@code eachRequestMicros}. {@link #NONE}: nothing.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Detail(List<SecondSample> series, String histogram, List<Long> eachRequestMicros) {
        public static final Detail NONE = new Detail(null, null, null);
    }

    /**
     * A flow's point's {@code iterations} and the records of its {@code steps}, and of its users'
     * {@code setup} and {@code teardown} steps. {@link #NONE} for a point of single requests.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record FlowSteps(Long iterations, List<StepRecord> steps, List<StepRecord> setup, List<StepRecord> teardown) {
        public static final FlowSteps NONE = new FlowSteps(null, null, null, null);
    }

    public PointRecord {
        traffic = traffic == null ? new Traffic(0, 0) : traffic;
        detail = detail == null ? Detail.NONE : detail;
        flowSteps = flowSteps == null ? FlowSteps.NONE : flowSteps;
        overTime = overTime == null || overTime.isEmpty() ? null : overTime;
    }

    // the parts' figures read from the point itself, as its readers (report, compare, history) always have

    public double bytesSentPerRequest() {
        return traffic.bytesSentPerRequest();
    }

    public double bytesReceivedPerRequest() {
        return traffic.bytesReceivedPerRequest();
    }

    public List<SecondSample> series() {
        return detail.series();
    }

    public String histogram() {
        return detail.histogram();
    }

    public List<Long> eachRequestMicros() {
        return detail.eachRequestMicros();
    }

    public Long iterations() {
        return flowSteps.iterations();
    }

    public List<StepRecord> steps() {
        return flowSteps.steps();
    }

    public List<StepRecord> setup() {
        return flowSteps.setup();
    }

    public List<StepRecord> teardown() {
        return flowSteps.teardown();
    }

    public PointRecord withGenerator(GeneratorRecord g) {
        return PointRecordBuilder.builder(this).generator(g).build();
    }

    public PointRecord withServer(ServerRecord s) {
        return PointRecordBuilder.builder(this).server(s).build();
    }

    public PointRecord withLoad(LoadRecord l) {
        return PointRecordBuilder.builder(this).load(l).build();
    }

    /** With its errors as {@code e} counts them (listing the kinds its protocol can count). */
    public PointRecord withErrors(ErrorCounts e) {
        return PointRecordBuilder.builder(this).errors(e).build();
    }

    /** With the latencies of its answers one by one, in the order they came. */
    public PointRecord withEachRequest(List<Long> micros) {
        return PointRecordBuilder.builder(this).detail(new Detail(detail.series(), detail.histogram(), micros)).build();
    }

    /** With how its connections spoke TLS, the requests never answered, and each agent's share. */
    public PointRecord withTransport(TlsRecord t, long notAnswered, List<AgentRecord> shares) {
        return PointRecordBuilder.builder(this).tls(t).unfinished(notAnswered).agents(shares).build();
    }

    /** With a flow's iterations and its steps' records. */
    public PointRecord withFlowSteps(FlowSteps f) {
        return PointRecordBuilder.builder(this).flowSteps(f).build();
    }

    public PointRecord withAborted(String why) {
        return PointRecordBuilder.builder(this).aborted(why).build();
    }

    /** With how the point went minute by minute, and its leaks and slowdowns. */
    public PointRecord withOverTime(OverTime seen) {
        return PointRecordBuilder.builder(this).overTime(seen).build();
    }

    /** The server process that measured it, from 1: 1 where the server ran as one process. */
    public int instance() {
        return round == null || round.instance() == null ? 1 : round.instance();
    }

    /** With where it stood in its run's rounds. */
    public PointRecord withRound(RoundRecord r) {
        return PointRecordBuilder.builder(this).round(r).build();
    }

    /**
     * The trend of throughput within the point, computed from {@code series} so that it always agrees
     * with it; written to run.json as {@code trend}, and null for points shorter than a few seconds.
     */
    @JsonProperty("trend")
    public Trend trend() {
        return Trend.of(series(), durationSeconds);
    }

    /**
     * The seconds in which no answer came while the point ran ({@link Stall}), from {@code series};
     * written to run.json as {@code stalls}, and null when there were none.
     */
    @JsonProperty("stalls")
    public List<Stall> stalls() {
        List<Stall> s = Stall.of(series(), durationSeconds, load);
        return s.isEmpty() ? null : s;
    }

    /**
     * How far apart the agents of a point started, the largest of their skews from the announced
     * instant, in ms; written to run.json as {@code startSkewMillis}, null for a point of one process.
     */
    @JsonProperty("startSkewMillis")
    public Double startSkewMillis() {
        return agents == null || agents.isEmpty() ? null
                : agents.stream().mapToDouble(a -> Math.abs(a.startSkewMillis())).max().orElse(0);
    }

    /** Whether this is a flow's point, whose {@code throughput} counts iterations, not requests. */
    public boolean flow() {
        return flowSteps.iterations() != null || flowSteps.steps() != null;
    }

    /**
     * The shortest point whose generator is judged: in a shorter one its fixed costs (a connection, a class's first use)
     * are the whole of it, and a flow of one iteration of four requests, 4 ms long, read its I/O thread 91% busy.
     */
    public static final double PACE_JUDGED_SECONDS = 0.1;

    /**
     * Whether the load generator set this point's pace ({@link GeneratorRecord#setThePaceOf} its server), in a point
     * of at least {@link #PACE_JUDGED_SECONDS}. Agents drove a point from other processes: the cores this one kept
     * apart from the server say nothing of theirs, so the server's machine decides ({@link ServerRecord#sharingItsCpus}).
     */
    public boolean generatorSetThePace() {
        return paceJudged() && generator() != null
                && generator().setThePaceOf(agents() == null ? server() : ServerRecord.sharingItsCpus(server()));
    }

    /** Whether this point lasted long enough ({@link #PACE_JUDGED_SECONDS}) to say whether its generator kept up. */
    public boolean paceJudged() {
        return durationSeconds() >= PACE_JUDGED_SECONDS;
    }

    /** The server's CPU per valid answer, in µs; null when its CPU was not measured or nothing was valid. */
    public Double serverCpuMicrosPerRequest() {
        return server == null || server.cpuPercent() == null || validated <= 0 ? null
                : server.cpuPercent() / 100 * durationSeconds * 1e6 / validated;
    }

    /** Requests answered or failed per second: a flow's steps' requests, else {@code throughput}'s own count. */
    public double requestsPerSecond() {
        return durationSeconds <= 0 ? 0 : requests / durationSeconds;
    }

    /**
     * Points of the same target under the same load are repeats of one another; within a run, loads
     * that differ only in length are named apart ({@link LoadRecord#namedApart}), so they are two rows.
     */
    public String key() {
        return target.label() + " @ " + load.describe();
    }

    /** {@code points} grouped by {@link #key()}, each group's repeats and the groups in the order first measured. */
    public static Map<String, List<PointRecord>> byKey(List<PointRecord> points) {
        Map<String, List<PointRecord>> groups = new LinkedHashMap<>();
        for (PointRecord p : points) {
            groups.computeIfAbsent(p.key(), k -> new ArrayList<>()).add(p);
        }
        return groups;
    }
}
