package io.wsbench.core.load;

import io.wsbench.model.load.Profile;

import io.wsbench.model.record.ErrorCounts;
import io.wsbench.model.record.GeneratorRecord;
import io.wsbench.model.record.GeneratorRecordBuilder;
import io.wsbench.model.record.Http2Record;
import io.wsbench.model.record.SecondSample;
import io.wsbench.model.record.TlsRecord;
import io.wsbench.model.record.SecondSampleBuilder;
import org.HdrHistogram.Histogram;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Reads the recorders four times a second: the progress shown, and the per-second series, whose
 * seconds each I/O thread closes by its answers' completion times.
 */
final class Sampler {
    private final LoadEngine.PointState run;
    private final List<LoadEngine.Lane> lanes;
    private final ProgressListener progress;
    private final Histogram total = new Histogram(1, Recorder.HIGHEST_MICROS, 3);
    /** Seconds some lane has handed over and the series has not closed yet. */
    private final java.util.TreeMap<Integer, Recorder.SecondPart> pending = new java.util.TreeMap<>();
    /** The closed seconds, each with its latencies compressed (what an agent sends so that seconds merge exactly). */
    private final SecondLog series = new SecondLog();
    private int secondIndex;
    private long lastRate;
    private long lastActivity;
    private long lastActivityCount;
    private final ClientMemory memory;

    Sampler(LoadEngine.PointState run, List<LoadEngine.Lane> lanes, ProgressListener progress, ClientMemory memory) {
        this.run = run;
        this.memory = memory;
        this.lanes = lanes;
        this.progress = progress;
        this.lastActivity = run.start;
    }

    void tick(long now) {
        memory.sample();
        drainAll(now, false);
        // every lane has now handed over the seconds before now's: those are complete
        closeSecondsBefore(now);
        long errors = lanes.stream().mapToLong(l -> l.rec.errorsNow.sum()).sum();
        double elapsed = (now - run.start) / 1e9;
        double totalSeconds = run.deadline == Long.MAX_VALUE ? -1 : (run.deadline - run.start) / 1e9;
        long done = total.getTotalCount() + errors;
        double rate = secondIndex == 0 ? (elapsed > 0 ? total.getTotalCount() / elapsed : 0) : lastRate;
        progress.progress(done, run.spec.expectedRequests(), elapsed, totalSeconds, rate);
        if (total.getTotalCount() != lastActivityCount) {
            lastActivityCount = total.getTotalCount();
            lastActivity = now;
        }
    }

    /** Takes every lane's last, partial second too; after this the series is whole. */
    void lastTick(long now) {
        drainAll(now, true);
        closeSecondsBefore(now);
        while (!pending.isEmpty()) {
            closeSecond(); // the partial second the point ended in, and answers that came after its end
        }
    }

    /**
     * Closes the seconds before the one {@code now} falls in, silent ones too, but none after a
     * timed point's end: the answers still awaited then are not seconds of the point.
     */
    private void closeSecondsBefore(long now) {
        long upTo = run.deadline == Long.MAX_VALUE ? now : Math.min(now, run.deadline + 999_999_999L);
        int before = (int) ((upTo - run.start) / 1_000_000_000L);
        while (secondIndex < before) {
            closeSecond();
        }
    }

    private void drainAll(long now, boolean last) {
        for (LoadEngine.Lane lane : lanes) {
            Drained d = drain(lane, now, last);
            total.add(d.interval);
            lane.spare = d.interval; // handed back, emptied, at the next swap
            for (Recorder.SecondPart part : d.seconds) {
                pending.merge(part.second(), part, Recorder.SecondPart::plus);
            }
        }
    }

    private record Drained(Histogram interval, List<Recorder.SecondPart> seconds) {
    }

    /** Swaps the lane's histogram on the lane's own thread, so its writer never synchronizes. */
    private static Drained drain(LoadEngine.Lane lane, long now, boolean last) {
        Histogram spare = lane.spare;
        try {
            return lane.loop.submit(() -> new Drained(lane.rec.swap(spare), lane.rec.takeSeconds(now, last)))
                    .get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading the recorders", e);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("an I/O thread did not answer the sampler: " + e, e);
        }
    }

    private void closeSecond() {
        Recorder.SecondPart part = pending.remove(secondIndex);
        long count = part == null ? 0 : part.latencies().getTotalCount();
        SecondSample second = SecondSampleBuilder.builder().second(secondIndex).requests(count)
                .p99Micros(count == 0 ? 0 : part.latencies().getValueAtPercentile(99))
                .errors(part == null ? 0 : part.errors()).firstMicros(part == null ? null : part.firstNanos() / 1000)
                .lastMicros(part == null ? null : part.lastNanos() / 1000).build();
        Profile profile = run.spec.profile();
        if (profile != null) {
            long from = secondIndex * 1_000_000_000L;
            second = second.ramped(count == 0 ? 0 : part.latencies().getValueAtPercentile(50), null,
                    Measurement.round(run.spec.open() ? profile.count(from + 1_000_000_000L) - profile.count(from)
                            : profile.at(from + 500_000_000L)));
        }
        series.add(second, count == 0 ? "" : Measurement.encode(part.latencies()));
        progress.second(second, part == null ? null : part.latencies());
        lastRate = count;
        secondIndex++;
    }

    long maxLatencyMicros() {
        return total.getTotalCount() == 0 ? 0 : total.getMaxValue();
    }

    /**
     * Where a point whose target went away mid-point says it went: ", since second 0.6 (2,999 answers before: the server
     * went away)"; "" when nothing was ever answered (the target was never there).
     */
    String goneSince() {
        return lastActivityCount == 0 ? "" : String.format(java.util.Locale.ROOT, ", since second %.1f (%,d answers before it: the"
                + " server went away)", (lastActivity - run.start) / 1e9, lastActivityCount);
    }

    /** True when nothing but connect errors happened for a while: the target is gone. */
    boolean onlyConnectErrors(long forNanos) {
        return run.lastConnectFailure != null && System.nanoTime() - lastActivity > forNanos
                && run.lastConnectFailureNanos - lastActivity > 0;
    }

    /**
     * The point's measurement: {@code nanos} its duration, {@code cpuNanos} the process's CPU over {@code cpuWallNanos}
     * of wall time (from just before the start to the last answer read and the I/O threads stopped), over which its
     * share of a core is (a 10-request point's last answer came 30 ms in, its CPU was read 100 ms in: 437% of a core
     * on 2 cores, over the point's duration).
     */
    Measurement result(long nanos, long cpuNanos, long cpuWallNanos, Double ioBusyPercent, String aborted, String clientFailure,
                       String firstRefusal, String firstConnectionFailure) {
        ErrorTally tally = new ErrorTally();
        long sent = 0, received = 0, reqs = 0, unfinished = 0;
        for (LoadEngine.Lane l : lanes) {
            Recorder r = l.rec;
            tally.add(r);
            unfinished += r.unfinished;
            sent += r.bytesSent;
            received += r.bytesReceived;
            reqs += r.requestsSent;
        }
        ErrorCounts errors = tally.counts();
        long ok = total.getTotalCount();
        double seconds = nanos / 1e9;
        GeneratorRecord gen = GeneratorRecordBuilder.builder().ioThreads(lanes.size())
                .cpuSeconds(Measurement.round(cpuNanos / 1e9))
                .cpuPercent(cpuWallNanos > 0 ? Measurement.round(100.0 * cpuNanos / cpuWallNanos) : 0)
                .ioBusiestPercent(ioBusyPercent).heapUsedMaxBytes(memory.heapUsedMax())
                .heapLiveBytes(ClientMemory.liveAfterCollection()).allocatedBytesPerRequest(memory.allocatedPerRequest(reqs))
                .http2(http2()).serverClosedConnections(run.http2 != null ? null : counted(run.h1ServerCloses))
                .serverClosedIdleConnections(run.http2 != null ? null : counted(run.h1IdleCloses))
                .sentAgainOnNewConnection(run.http2 != null ? null : counted(run.h1SentAgain))
                .reopenedAfterKeepAliveTimeout(run.http2 != null ? null : counted(run.h1KeepAliveExpired))
                .idleCloseSeenMillis(run.idleCloseNanos() == 0 ? null : run.idleCloseNanos() / 1_000_000)
                .build();
        List<SecondSample> whole = withSent(series.seconds());
        List<String> latencies = series.latencies();
        series.close();
        return new Measurement(total, ok + errors.total(), ok, errors, sent, received, reqs, seconds,
                whole, gen, aborted, each(), tls(), unfinished, clientFailure, null, latencies, null, firstRefusal,
                firstConnectionFailure);
    }

    /** A count of the point's, null where none. */
    private static Long counted(java.util.concurrent.atomic.LongAdder n) {
        long sum = n.sum();
        return sum == 0 ? null : sum;
    }

    private Http2Record http2() {
        if (run.http2 == null) {
            return null;
        }
        java.util.Map<String, Long> events = new java.util.TreeMap<>();
        run.streamErrors.forEach((k, v) -> events.put(k, v.sum()));
        return new Http2Record(run.tls != null ? "h2" : "h2c", run.http2.streams(), run.h2Connections.sum(), events,
                run.grpcMessages.sum());
    }

    /** The series, each second of a profiled point with the requests every lane sent in it. */
    private List<SecondSample> withSent(List<SecondSample> series) {
        if (run.spec.profile() == null) {
            return List.copyOf(series);
        }
        List<SecondSample> out = new ArrayList<>(series.size());
        for (SecondSample s : series) {
            long n = 0;
            for (LoadEngine.Lane l : lanes) {
                n += s.second() < l.rec.sentBySecond.length ? l.rec.sentBySecond[s.second()] : 0;
            }
            out.add(s.ramped(s.p50Micros(), n, s.offered()));
        }
        return List.copyOf(out);
    }

    /** The handshakes of every lane; null for plain HTTP. */
    private TlsRecord tls() {
        if (run.tls == null) {
            return null;
        }
        long handshakes = 0, nanos = 0, resumed = 0;
        String protocol = null, cipher = null;
        for (LoadEngine.Lane l : lanes) {
            handshakes += l.rec.handshakes;
            nanos += l.rec.handshakeNanos;
            resumed += l.rec.resumed;
            if (protocol == null) {
                protocol = l.rec.tlsProtocol;
                cipher = l.rec.cipherSuite;
            }
        }
        return new TlsRecord(protocol, cipher, run.tls.provider(), run.tls.insecure(), run.tls.clientCertificate(),
                handshakes, handshakes == 0 ? 0 : Measurement.round(nanos / 1e3 / handshakes),
                handshakes == 0 ? 0 : Math.round(10000.0 * resumed / handshakes) / 10000.0);
    }

    /** Every lane's answers merged in the order they completed; null unless asked for. */
    private List<Long> each() {
        if (!run.spec.eachRequest()) {
            return null;
        }
        List<long[]> all = new ArrayList<>();
        for (LoadEngine.Lane l : lanes) {
            for (int i = 0; i < l.rec.eachCount; i++) {
                all.add(new long[]{l.rec.eachAt[i], l.rec.eachMicros[i]});
            }
        }
        all.sort((a, b) -> Long.compare(a[0], b[0]));
        List<Long> out = new ArrayList<>(all.size());
        all.forEach(a -> out.add(a[1] < 0 ? null : a[1]));
        return java.util.Collections.unmodifiableList(out);
    }
}
