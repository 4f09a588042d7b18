package io.wsbench.core.load;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import io.wsbench.model.record.AgentRecord;
import io.wsbench.model.record.ErrorCounts;
import io.wsbench.model.record.ErrorKind;
import io.wsbench.model.record.GeneratorRecord;
import io.wsbench.model.record.GeneratorRecordBuilder;
import io.wsbench.model.record.LatencyRecord;
import io.wsbench.model.record.LoadRecord;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.PointRecordBuilder;
import io.wsbench.model.record.RunJson;
import io.wsbench.model.record.SecondSample;
import io.wsbench.model.record.StepRecord;
import io.wsbench.model.record.ServerRecord;
import io.wsbench.model.record.TargetRecord;
import io.wsbench.model.record.TlsRecord;
import io.wsbench.model.record.SecondSampleBuilder;
import io.wsbench.model.record.StepRecordBuilder;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

/**
 * What the load engine measured for one point: latencies of valid answers, counts, bytes, the
 * per-second series and the generator's own CPU. {@code aborted} says why a point stopped early.
 * {@code eachRequestMicros} is every answer's latency in order (null for an error), when asked for.
 * {@code tls} is how the point's connections spoke TLS (null for plain HTTP). {@code unfinished}
 * counts the requests asked for or due that were never answered: in flight when the point ended, or
 * never sent (an open loop behind its schedule, a point stopped early). {@code clientFailure} is what
 * the first request source or check that threw said (null when none did). {@code firstRefusal}: a point of single
 * requests' first answer that failed its status or its check, in a line (null when none did; a flow's steps keep
 * theirs). {@code firstConnectionFailure}: the first connection error's reason, in a line (a connect that failed, a
 * connection the server closed before its answer; null when none). {@code agents}: each load
 * agent's share, for a point several ran together (null for this process's own). {@code secondLatencies}:
 * each second's latencies of the series, as {@link #encode} writes a histogram ("" for a second
 * without answers), so that the seconds of several agents merge exactly; for the wire, not run.json.
 */
public record Measurement(Histogram latencies, long requests, long ok, ErrorCounts errors,
                          long bytesSent, long bytesReceived, long requestsSent, double durationSeconds,
                          List<SecondSample> series, GeneratorRecord generator, String aborted,
                          List<Long> eachRequestMicros, TlsRecord tls, long unfinished, String clientFailure,
                          List<AgentRecord> agents, List<String> secondLatencies, FlowFigures flow, String firstRefusal,
                          String firstConnectionFailure) {

    public Measurement(Histogram latencies, long requests, long ok, ErrorCounts errors, long bytesSent,
                       long bytesReceived, long requestsSent, double durationSeconds, List<SecondSample> series,
                       GeneratorRecord generator, String aborted, List<Long> eachRequestMicros, TlsRecord tls,
                       long unfinished, String clientFailure, List<AgentRecord> agents, List<String> secondLatencies) {
        this(latencies, requests, ok, errors, bytesSent, bytesReceived, requestsSent, durationSeconds, series,
                generator, aborted, eachRequestMicros, tls, unfinished, clientFailure, agents, secondLatencies, null, null, null);
    }

    public Measurement(Histogram latencies, long requests, long ok, ErrorCounts errors, long bytesSent,
                       long bytesReceived, long requestsSent, double durationSeconds, List<SecondSample> series,
                       GeneratorRecord generator, String aborted, List<Long> eachRequestMicros, TlsRecord tls,
                       long unfinished, String clientFailure, List<AgentRecord> agents) {
        this(latencies, requests, ok, errors, bytesSent, bytesReceived, requestsSent, durationSeconds, series,
                generator, aborted, eachRequestMicros, tls, unfinished, clientFailure, agents, null);
    }

    public Measurement(Histogram latencies, long requests, long ok, ErrorCounts errors, long bytesSent,
                       long bytesReceived, long requestsSent, double durationSeconds, List<SecondSample> series,
                       GeneratorRecord generator, String aborted, List<Long> eachRequestMicros, TlsRecord tls,
                       long unfinished, String clientFailure) {
        this(latencies, requests, ok, errors, bytesSent, bytesReceived, requestsSent, durationSeconds, series,
                generator, aborted, eachRequestMicros, tls, unfinished, clientFailure, null);
    }

    public Measurement(Histogram latencies, long requests, long ok, ErrorCounts errors, long bytesSent,
                       long bytesReceived, long requestsSent, double durationSeconds, List<SecondSample> series,
                       GeneratorRecord generator, String aborted, List<Long> eachRequestMicros, TlsRecord tls) {
        this(latencies, requests, ok, errors, bytesSent, bytesReceived, requestsSent, durationSeconds, series,
                generator, aborted, eachRequestMicros, tls, 0, null);
    }

    public Measurement(Histogram latencies, long requests, long ok, ErrorCounts errors, long bytesSent,
                       long bytesReceived, long requestsSent, double durationSeconds, List<SecondSample> series,
                       GeneratorRecord generator, String aborted, List<Long> eachRequestMicros) {
        this(latencies, requests, ok, errors, bytesSent, bytesReceived, requestsSent, durationSeconds, series,
                generator, aborted, eachRequestMicros, null);
    }

    public Measurement(Histogram latencies, long requests, long ok, ErrorCounts errors, long bytesSent,
                       long bytesReceived, long requestsSent, double durationSeconds, List<SecondSample> series,
                       GeneratorRecord generator, String aborted) {
        this(latencies, requests, ok, errors, bytesSent, bytesReceived, requestsSent, durationSeconds, series,
                generator, aborted, null);
    }

    /**
     * run.json's mapper, compact, with each histogram in {@link #encode}'s form: made on first use, by an agent's
     * measurement or the controller reading one, so that a point measured here and printed as text never builds a
     * mapper (Jackson's first one costs a start about 40 ms of CPU).
     */
    private static final class Wire {
        static final ObjectMapper MAPPER = RunJson.MAPPER.copy()
                .disable(SerializationFeature.INDENT_OUTPUT)
                .registerModule(new SimpleModule()
                        .addSerializer(Histogram.class, new StdSerializer<>(Histogram.class) {
                            @Override
                            public void serialize(Histogram h, JsonGenerator out, SerializerProvider p) throws IOException {
                                out.writeString(encode(h));
                            }
                        })
                        .addDeserializer(Histogram.class, new StdDeserializer<>(Histogram.class) {
                            @Override
                            public Histogram deserialize(JsonParser in, DeserializationContext c) throws IOException {
                                return decode(in.getValueAsString());
                            }
                        }));
    }

    /**
     * The parts of one point, run at once by several generators, as one measurement that is exactly
     * their sum: latencies merged by {@link Histogram#add}, never averaged percentiles; requests,
     * errors, bytes and unfinished requests summed; the longest part's duration. Each second of the
     * series sums the parts' requests and errors, takes the earliest first answer and the latest last
     * one, and its p99 is the largest of the parts' p99s for it: an upper bound of the true one, since
     * parts send no per-second histograms. The first reason
     * a part stopped early, or its client failed, is kept. Each request's latency in order cannot be
     * interleaved from the parts and is left out; a single part is returned as it is.
     */
    public static Measurement merge(List<Measurement> parts) {
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("no measurement to merge");
        }
        if (parts.size() == 1) {
            return parts.get(0);
        }
        Histogram latencies = parts.get(0).latencies().copy();
        parts.subList(1, parts.size()).forEach(p -> latencies.add(p.latencies()));
        double seconds = parts.stream().mapToDouble(Measurement::durationSeconds).max().orElseThrow();
        return new Measurement(latencies, sum(parts, Measurement::requests), sum(parts, Measurement::ok),
                parts.stream().map(Measurement::errors).reduce(ErrorCounts::plus).orElseThrow(),
                sum(parts, Measurement::bytesSent), sum(parts, Measurement::bytesReceived),
                sum(parts, Measurement::requestsSent), seconds, mergeSeries(parts), mergeGenerator(parts, seconds),
                first(parts, Measurement::aborted), null, mergeTls(parts), sum(parts, Measurement::unfinished),
                first(parts, Measurement::clientFailure), null, null,
                parts.get(0).flow() == null ? null : FlowFigures.merge(parts.stream().map(Measurement::flow).toList()),
                first(parts, Measurement::firstRefusal), first(parts, Measurement::firstConnectionFailure));
    }

    private static long sum(List<Measurement> parts, ToLongFunction<Measurement> figure) {
        return parts.stream().mapToLong(figure).sum();
    }

    private static <T> T first(List<Measurement> parts, Function<Measurement, T> figure) {
        return parts.stream().map(figure).filter(Objects::nonNull).findFirst().orElse(null);
    }

    /**
     * The parts' series second by second: requests and errors summed, and the p99 of the second's
     * latencies of every part added together when every part sent them ({@code secondLatencies});
     * else the largest of the parts' p99s, an upper bound of the true one.
     */
    private static List<SecondSample> mergeSeries(List<Measurement> parts) {
        boolean exact = parts.stream().allMatch(m -> m.secondLatencies() != null && m.secondLatencies().size() == m.series().size());
        TreeMap<Integer, SecondSample> bySecond = new TreeMap<>();
        TreeMap<Integer, Histogram> latencies = new TreeMap<>();
        for (Measurement m : parts) {
            for (int i = 0; i < m.series().size(); i++) {
                SecondSample s = m.series().get(i);
                bySecond.merge(s.second(), s, (a, b) -> SecondSampleBuilder.builder()
                        .second(a.second()).requests(a.requests() + b.requests())
                        .p99Micros(Math.max(a.p99Micros(), b.p99Micros())).errors(a.errors() + b.errors())
                        .firstMicros(edge(a.firstMicros(), b.firstMicros(), Math::min))
                        .lastMicros(edge(a.lastMicros(), b.lastMicros(), Math::max))
                        .p50Micros(edge(a.p50Micros(), b.p50Micros(), Math::max))
                        .sent(edge(a.sent(), b.sent(), Long::sum)).offered(edge(a.offered(), b.offered(), Double::sum)).build());
                String encoded = exact ? m.secondLatencies().get(i) : "";
                if (!encoded.isEmpty()) {
                    latencies.computeIfAbsent(s.second(), k -> new Histogram(2)).add(decode(encoded));
                }
            }
        }
        if (exact) {
            latencies.forEach((second, h) -> bySecond.computeIfPresent(second, (k, s) ->
                    SecondSampleBuilder.builder().second(k).requests(s.requests())
                            .p99Micros(h.getValueAtPercentile(99)).errors(s.errors()).firstMicros(s.firstMicros())
                            .lastMicros(s.lastMicros())
                            .p50Micros(s.p50Micros() == null ? null : h.getValueAtPercentile(50)).sent(s.sent())
                            .offered(s.offered()).build()));
        }
        return List.copyOf(bySecond.values());
    }

    /** Two parts' figure for a second (an answer's time, a count), either of which may be missing, put together by {@code pick}. */
    private static <T> T edge(T a, T b, java.util.function.BinaryOperator<T> pick) {
        return a == null ? b : b == null ? a : pick.apply(a, b);
    }

    /**
     * The generators together: their I/O threads, CPU time, heaps and WS-Security time summed, the
     * CPU share over the point's duration as one generator's, the busiest I/O thread of any, and the
     * per-request figures weighted by each part's requests.
     */
    private static GeneratorRecord mergeGenerator(List<Measurement> parts, double seconds) {
        List<Measurement> measured = parts.stream().filter(m -> m.generator() != null).toList();
        if (measured.isEmpty()) {
            return null;
        }
        List<GeneratorRecord> g = measured.stream().map(Measurement::generator).toList();
        double cpu = round(g.stream().mapToDouble(GeneratorRecord::cpuSeconds).sum());
        Double busiest = g.stream().map(GeneratorRecord::ioBusiestPercent).filter(Objects::nonNull)
                .max(Double::compare).orElse(null);
        Double allocated = perRequest(measured, m -> m.generator().allocatedBytesPerRequest(), Measurement::requestsSent);
        Double security = total(g, GeneratorRecord::securitySeconds);
        return GeneratorRecordBuilder.builder().ioThreads(g.stream().mapToInt(GeneratorRecord::ioThreads).sum()).cpuSeconds(cpu)
                .cpuPercent(seconds > 0 ? round(100 * cpu / seconds) : 0).ioBusiestPercent(busiest)
                .heapUsedMaxBytes(count(g, GeneratorRecord::heapUsedMaxBytes))
                .heapLiveBytes(count(g, GeneratorRecord::heapLiveBytes))
                .allocatedBytesPerRequest(allocated == null ? null : Math.round(allocated))
                .securitySeconds(security == null ? null : round(security))
                .checkMicrosPerRequest(perRequest(measured, m -> m.generator().checkMicrosPerRequest(), Measurement::requests))
                .http2(http2(g)).serverClosedConnections(count(g, GeneratorRecord::serverClosedConnections))
                .serverClosedIdleConnections(count(g, GeneratorRecord::serverClosedIdleConnections))
                .sentAgainOnNewConnection(count(g, GeneratorRecord::sentAgainOnNewConnection))
                .reopenedAfterKeepAliveTimeout(count(g, GeneratorRecord::reopenedAfterKeepAliveTimeout))
                .idleCloseSeenMillis(g.stream().map(GeneratorRecord::idleCloseSeenMillis).filter(Objects::nonNull).min(Long::compare).orElse(null))
                .build();
    }

    /** {@link #total} of a whole-number figure, as one; null where no part has it. */
    private static Long count(List<GeneratorRecord> g, Function<GeneratorRecord, Number> figure) {
        Double sum = total(g, figure);
        return sum == null ? null : sum.longValue();
    }

    /** The parts' HTTP/2 figures together: their connections and events summed; null over HTTP/1.1. */
    private static io.wsbench.model.record.Http2Record http2(List<GeneratorRecord> g) {
        List<io.wsbench.model.record.Http2Record> parts = g.stream().map(GeneratorRecord::http2).filter(Objects::nonNull).toList();
        if (parts.isEmpty()) {
            return null;
        }
        java.util.Map<String, Long> events = new java.util.TreeMap<>();
        parts.forEach(p -> p.events().forEach((k, v) -> events.merge(k, v, Long::sum)));
        return new io.wsbench.model.record.Http2Record(parts.get(0).protocol(), parts.get(0).streams(),
                parts.stream().mapToLong(io.wsbench.model.record.Http2Record::connections).sum(), events,
                parts.stream().mapToLong(io.wsbench.model.record.Http2Record::grpcMessages).sum());
    }

    /** A figure summed over the generators that have it; null when none has. */
    private static Double total(List<GeneratorRecord> g, Function<GeneratorRecord, Number> figure) {
        List<Number> known = g.stream().map(figure).filter(Objects::nonNull).toList();
        return known.isEmpty() ? null : known.stream().mapToDouble(Number::doubleValue).sum();
    }

    /** A per-request figure of the parts that have it, weighted by their requests; null when none has. */
    private static Double perRequest(List<Measurement> parts, Function<Measurement, Number> figure,
                                     ToLongFunction<Measurement> requests) {
        List<Measurement> known = parts.stream().filter(m -> figure.apply(m) != null).toList();
        long count = sum(known, requests);
        if (known.isEmpty()) {
            return null;
        }
        return count == 0 ? 0.0 : round(known.stream()
                .mapToDouble(m -> figure.apply(m).doubleValue() * requests.applyAsLong(m)).sum() / count);
    }

    /** The first part's protocol and settings; the handshakes of all, with their mean and resumed share. */
    private static TlsRecord mergeTls(List<Measurement> parts) {
        List<TlsRecord> t = parts.stream().map(Measurement::tls).filter(Objects::nonNull).toList();
        if (t.isEmpty()) {
            return null;
        }
        TlsRecord first = t.get(0);
        long handshakes = t.stream().mapToLong(TlsRecord::handshakes).sum();
        return new TlsRecord(first.protocol(), first.cipherSuite(), first.provider(), first.insecure(),
                first.clientCertificate(), handshakes,
                handshakes == 0 ? 0 : round(weighted(t, TlsRecord::handshakeMicrosMean) / handshakes),
                handshakes == 0 ? 0 : Math.round(10000 * weighted(t, TlsRecord::resumedShare) / handshakes) / 10000.0);
    }

    private static double weighted(List<TlsRecord> t, ToDoubleFunction<TlsRecord> figure) {
        return t.stream().mapToDouble(r -> figure.applyAsDouble(r) * r.handshakes()).sum();
    }

    /** This measurement as compact JSON, its histogram compressed: what an agent sends its controller. */
    public byte[] toBytes() {
        try {
            return Wire.MAPPER.writeValueAsBytes(this);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The measurement {@link #toBytes} wrote, equal to it in every field. */
    public static Measurement fromBytes(byte[] json) {
        try {
            return Wire.MAPPER.readValue(json, Measurement.class);
        } catch (IOException e) {
            throw new IllegalArgumentException("not a measurement: " + e.getMessage(), e);
        }
    }

    public double throughput() {
        return durationSeconds > 0 ? ok / durationSeconds : 0;
    }

    public LatencyRecord latency() {
        return latency(latencies);
    }

    private static LatencyRecord latency(Histogram h) {
        if (h.getTotalCount() == 0) {
            return new LatencyRecord(0, 0, 0, 0, 0, 0, 0);
        }
        return new LatencyRecord(round(h.getMean()), h.getValueAtPercentile(50), h.getValueAtPercentile(90),
                h.getValueAtPercentile(99), h.getValueAtPercentile(99.9), h.getMaxValue(),
                round(h.getStdDeviation()));
    }

    public PointRecord toPoint(TargetRecord target, LoadRecord load, int repeat, ServerRecord server) {
        // a flow's point is its iterations'; its requests are its steps'
        List<StepRecord> steps = flow == null ? null : steps(flow.steps());
        long answered = steps == null ? requests : steps.stream().mapToLong(StepRecord::requests).sum();
        PointRecord p = PointRecordBuilder.builder().target(target).load(load).repeat(repeat).requests(answered)
                .durationSeconds(round(durationSeconds)).throughput(round(throughput())).latencyMicros(latency())
                .traffic(new PointRecord.Traffic(requestsSent == 0 ? 0 : round((double) bytesSent / requestsSent),
                        requests == 0 ? 0 : round((double) bytesReceived
                                / Math.max(1, requests - errors.count(ErrorKind.CONNECT) - errors.count(ErrorKind.TIMEOUT)))))
                .errors(errors).validated(ok).server(server).generator(generator).aborted(aborted)
                .detail(new PointRecord.Detail(SecondSample.edgesBesideSilence(series), encode(latencies), null)).build()
                .withTransport(tls, unfinished, agents);
        return flow == null ? p.withEachRequest(eachRequestMicros)
                : p.withFlowSteps(new PointRecord.FlowSteps(requests, steps, steps(flow.setup()), steps(flow.teardown())));
    }

    private List<StepRecord> steps(List<StepFigures> figures) {
        return figures.stream().map(f -> StepRecordBuilder.builder().name(f.name())
                .requests(f.requests()).validated(f.ok()).errors(f.errors()).latencyMicros(latency(f.latencies()))
                .throughput(durationSeconds > 0 ? round(f.ok() / durationSeconds) : 0)
                .bytesSentPerRequest(f.requestsSent() == 0 ? 0 : round((double) f.bytesSent() / f.requestsSent()))
                .bytesReceivedPerRequest(f.requests() == 0 ? 0 : round((double) f.bytesReceived() / Math.max(1, f.requests() - f.errors().count(ErrorKind.CONNECT) - f.errors().count(ErrorKind.TIMEOUT))))
                .histogram(encode(f.latencies())).firstFailure(f.firstFailure()).redirects(f.redirects()).build()).toList();
    }

    /** This measurement with each agent's share of it: a point that several agents ran together. */
    public Measurement withAgents(List<AgentRecord> shares) {
        return new Measurement(latencies, requests, ok, errors, bytesSent, bytesReceived, requestsSent, durationSeconds,
                series, generator, aborted, eachRequestMicros, tls, unfinished, clientFailure, List.copyOf(shares), secondLatencies, flow, firstRefusal, firstConnectionFailure);
    }

    /** This measurement of a point stopped early, for {@code why}. */
    public Measurement withAborted(String why) {
        return new Measurement(latencies, requests, ok, errors, bytesSent, bytesReceived, requestsSent, durationSeconds,
                series, generator, why, eachRequestMicros, tls, unfinished, clientFailure, agents, secondLatencies, flow, firstRefusal, firstConnectionFailure);
    }

    /**
     * This measurement of a flow's iterations with its steps' figures beside them; {@code seconds}:
     * the span of the iterations (setup and teardown left out), over which the iteration rate is.
     */
    Measurement withFlow(FlowFigures figures, double seconds) {
        return new Measurement(latencies, requests, ok, errors, bytesSent, bytesReceived, requestsSent, seconds,
                series, generator, aborted, eachRequestMicros, tls, unfinished, clientFailure, agents, secondLatencies, figures, firstRefusal, firstConnectionFailure);
    }

    /** A point that measured nothing: it could not start, for {@code why}. */
    public static Measurement nothing(String why) {
        return new Measurement(new Histogram(3), 0, 0, ErrorCounts.NONE, 0, 0, 0, 0, List.of(), null, why, null, null,
                0, null, null, null, null, null, null);
    }

    /** As {@link io.wsbench.model.record.Histograms#encode}: HdrHistogram's compressed form, base64-encoded. */
    public static String encode(Histogram h) {
        return io.wsbench.model.record.Histograms.encode(h);
    }

    /** As {@link io.wsbench.model.record.Histograms#decode}. */
    public static Histogram decode(String base64) {
        return io.wsbench.model.record.Histograms.decode(base64);
    }

    static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }
}
