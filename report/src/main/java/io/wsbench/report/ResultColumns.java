package io.wsbench.report;

import io.wsbench.model.record.ErrorKind;
import io.wsbench.model.record.GeneratorRecord;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.ServerRecord;

import java.util.List;
import java.util.function.Function;

/**
 * The columns of the results sheets, one row per point (per repeat), named by their path in
 * run.json. CSV, XLSX and ODS all print this one list ({@link #of}), so the three files always agree:
 * the fixed columns, with one {@code errors.KIND} column for every kind of error the run's points
 * list (the transport's, and each kind their protocols declare), wherever the points put it.
 */
final class ResultColumns {

    /** A value is a String, Number, Boolean, or null for "not recorded". */
    record Column(String name, Function<PointRecord, Object> value) {
    }

    /** The columns of {@code points}: {@link #FIXED}, with their kinds of error in the place of {@link #ERRORS}. */
    static List<Column> of(List<PointRecord> points) {
        java.util.Set<ErrorKind> kinds = new java.util.TreeSet<>(ErrorKind.ORDER);
        kinds.addAll(ErrorKind.TRANSPORT);
        points.stream().filter(p -> p.errors() != null).forEach(p -> kinds.addAll(p.errors().byKind().keySet()));
        List<Column> all = new java.util.ArrayList<>();
        for (Column c : FIXED) {
            if (c != ERRORS) {
                all.add(c);
                continue;
            }
            for (ErrorKind k : kinds) {
                all.add(col("errors." + k.key(), p -> p.errors() == null ? null : p.errors().count(k)));
            }
        }
        return all;
    }

    /** Where the error kinds' columns go. */
    private static final Column ERRORS = col("errors", p -> null);

    private static final List<Column> FIXED = List.of(
            col("target.label", p -> p.target().label()),
            col("target.stack", p -> p.target().stack()),
            col("target.protocol", p -> p.target().protocol()),
            col("target.variant", p -> p.target().variant()),
            col("target.operation", p -> p.target().operation()),
            col("target.security", p -> p.target().security()),
            col("target.url", p -> p.target().url()),
            col("load.model", p -> p.load().model()),
            col("load.users", p -> p.load().users()),
            col("load.requestsPerUser", p -> p.load().requestsPerUser()),
            col("load.durationSeconds", p -> p.load().durationSeconds()),
            col("load.rate", p -> p.load().rate()),
            col("load.thinkTimeMillis", p -> p.load().thinkTimeMillis()),
            col("load.keepAlive", p -> p.load().keepAlive()),
            col("repeat", PointRecord::repeat),
            col("round.position", p -> p.round() == null ? null : p.round().position()),
            col("round.idleServersCpuPercent", p -> p.round() == null || p.round().idleServersCpuPercent() == null ? null
                    : p.round().idleCpuPercent()),
            col("requests", PointRecord::requests),
            col("unfinished", PointRecord::unfinished),
            col("durationSeconds", PointRecord::durationSeconds),
            col("throughput", PointRecord::throughput),
            // a flow's throughput counts iterations: its requests per second stand beside it
            col("requestsPerSecond", p -> p.flow() ? p.requestsPerSecond() : null),
            col("latencyMicros.mean", p -> p.latencyMicros().mean()),
            col("latencyMicros.p50", p -> p.latencyMicros().p50()),
            col("latencyMicros.p90", p -> p.latencyMicros().p90()),
            col("latencyMicros.p99", p -> p.latencyMicros().p99()),
            col("latencyMicros.p999", p -> p.latencyMicros().p999()),
            col("latencyMicros.max", p -> p.latencyMicros().max()),
            col("latencyMicros.stdev", p -> p.latencyMicros().stdev()),
            col("bytesSentPerRequest", PointRecord::bytesSentPerRequest),
            col("bytesReceivedPerRequest", PointRecord::bytesReceivedPerRequest),
            ERRORS,
            col("validated", PointRecord::validated),
            server("server.pid", ServerRecord::pid),
            server("server.cpuPercent", ServerRecord::cpuPercent),
            server("server.cpuUserPercent", ServerRecord::cpuUserPercent),
            server("server.cpuSystemPercent", ServerRecord::cpuSystemPercent),
            server("server.rssMaxBytes", ServerRecord::rssMaxBytes),
            server("server.threadsMax", ServerRecord::threadsMax),
            server("server.residualCpuPercent", ServerRecord::residualCpuPercent),
            server("server.machineCpuPercent", ServerRecord::machineCpuPercent),
            generator("generator.ioThreads", GeneratorRecord::ioThreads),
            generator("generator.cpuSeconds", GeneratorRecord::cpuSeconds),
            generator("generator.cpuPercent", GeneratorRecord::cpuPercent),
            generator("generator.ioBusiestPercent", GeneratorRecord::ioBusiestPercent),
            generator("generator.heapUsedMaxBytes", GeneratorRecord::heapUsedMaxBytes),
            generator("generator.heapLiveBytes", GeneratorRecord::heapLiveBytes),
            generator("generator.allocatedBytesPerRequest", GeneratorRecord::allocatedBytesPerRequest),
            generator("generator.securitySeconds", GeneratorRecord::securitySeconds),
            generator("generator.checkMicrosPerRequest", GeneratorRecord::checkMicrosPerRequest),
            col("aborted", PointRecord::aborted));

    private ResultColumns() {
    }

    private static Column col(String name, Function<PointRecord, Object> value) {
        return new Column(name, value);
    }

    // A point measured without a monitor (an external URL) has no server record: leave the cells empty.
    private static Column server(String name, Function<ServerRecord, Object> value) {
        return new Column(name, p -> p.server() == null ? null : value.apply(p.server()));
    }

    private static Column generator(String name, Function<GeneratorRecord, Object> value) {
        return new Column(name, p -> p.generator() == null ? null : value.apply(p.generator()));
    }
}
