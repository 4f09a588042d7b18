package io.wsbench.core.load;

import io.wsbench.core.record.ErrorCounts;
import io.wsbench.core.record.GeneratorRecord;
import io.wsbench.core.record.LatencyRecord;
import io.wsbench.core.record.LoadRecord;
import io.wsbench.core.record.PointRecord;
import io.wsbench.core.record.SecondSample;
import io.wsbench.core.record.ServerRecord;
import io.wsbench.core.record.TargetRecord;
import io.wsbench.core.record.TlsRecord;
import org.HdrHistogram.Histogram;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.List;

/**
 * What the load engine measured for one point: latencies of valid answers, counts, bytes, the
 * per-second series and the generator's own CPU. {@code aborted} says why a point stopped early.
 * {@code eachRequestMicros} is every answer's latency in order (null for an error), when asked for.
 * {@code tls} is how the point's connections spoke TLS (null for plain HTTP). {@code unfinished}
 * counts the requests asked for or due that were never answered: in flight when the point ended, or
 * never sent (an open loop behind its schedule, a point stopped early). {@code clientFailure} is what
 * the first request source or check that threw said (null when none did).
 */
public record Measurement(Histogram latencies, long requests, long ok, ErrorCounts errors,
                          long bytesSent, long bytesReceived, long requestsSent, double durationSeconds,
                          List<SecondSample> series, GeneratorRecord generator, String aborted,
                          List<Long> eachRequestMicros, TlsRecord tls, long unfinished, String clientFailure) {

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

    public double throughput() {
        return durationSeconds > 0 ? ok / durationSeconds : 0;
    }

    public LatencyRecord latency() {
        Histogram h = latencies;
        if (h.getTotalCount() == 0) {
            return new LatencyRecord(0, 0, 0, 0, 0, 0, 0);
        }
        return new LatencyRecord(round(h.getMean()), h.getValueAtPercentile(50), h.getValueAtPercentile(90),
                h.getValueAtPercentile(99), h.getValueAtPercentile(99.9), h.getMaxValue(),
                round(h.getStdDeviation()));
    }

    public PointRecord toPoint(TargetRecord target, LoadRecord load, int repeat, ServerRecord server) {
        return new PointRecord(target, load, repeat, requests, round(durationSeconds), round(throughput()),
                latency(),
                requestsSent == 0 ? 0 : round((double) bytesSent / requestsSent),
                requests == 0 ? 0 : round((double) bytesReceived / Math.max(1, requests - errors.connect() - errors.timeout())),
                errors, ok, server, generator, series, encode(latencies), aborted, eachRequestMicros, tls, unfinished);
    }

    /** The histogram in HdrHistogram's compressed form, base64-encoded: small, exact and mergeable. */
    public static String encode(Histogram h) {
        ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int n = h.encodeIntoCompressedByteBuffer(buf);
        return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buf.array(), n));
    }

    public static Histogram decode(String base64) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
        } catch (java.util.zip.DataFormatException e) {
            throw new IllegalArgumentException("not an encoded histogram: " + e.getMessage(), e);
        }
    }

    static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }
}
