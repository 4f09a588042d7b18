package io.wsbench.report;

import io.wsbench.model.record.ErrorKind;
import io.wsbench.model.record.GeneratorRecord;
import io.wsbench.model.record.LatencyRecord;
import io.wsbench.model.record.LoadRecord;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.ServerRecord;
import io.wsbench.model.record.TargetRecord;

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
            target("target.label", TargetRecord::label),
            target("target.stack", TargetRecord::stack),
            target("target.protocol", TargetRecord::protocol),
            target("target.variant", TargetRecord::variant),
            target("target.operation", TargetRecord::operation),
            target("target.security", TargetRecord::security),
            target("target.url", TargetRecord::url),
            load("load.model", LoadRecord::model),
            load("load.users", LoadRecord::users),
            load("load.requestsPerUser", LoadRecord::requestsPerUser),
            load("load.durationSeconds", LoadRecord::durationSeconds),
            load("load.rate", LoadRecord::rate),
            load("load.thinkTimeMillis", LoadRecord::thinkTimeMillis),
            load("load.keepAlive", LoadRecord::keepAlive),
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
            latency("latencyMicros.mean", LatencyRecord::mean),
            latency("latencyMicros.p50", LatencyRecord::p50),
            latency("latencyMicros.p90", LatencyRecord::p90),
            latency("latencyMicros.p99", LatencyRecord::p99),
            latency("latencyMicros.p999", LatencyRecord::p999),
            latency("latencyMicros.max", LatencyRecord::max),
            latency("latencyMicros.stdev", LatencyRecord::stdev),
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
            server("server.ownCpus", ServerRecord::ownCpus),
            server("server.ownCpusBusyPercent", ServerRecord::ownCpusBusyPercent),
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

    private static Column target(String name, Function<TargetRecord, Object> value) {
        return new Column(name, p -> value.apply(p.target()));
    }

    private static Column load(String name, Function<LoadRecord, Object> value) {
        return new Column(name, p -> value.apply(p.load()));
    }

    /** Empty where no answer passed its check: a latency is only a right answer's (not 0). */
    private static Column latency(String name, Function<LatencyRecord, Object> value) {
        return new Column(name, p -> p.validated() == 0 ? null : value.apply(p.latencyMicros()));
    }

    // A point measured without a monitor (an external URL) has no server record: leave the cells empty.
    private static Column server(String name, Function<ServerRecord, Object> value) {
        return new Column(name, p -> p.server() == null ? null : value.apply(p.server()));
    }

    private static Column generator(String name, Function<GeneratorRecord, Object> value) {
        return new Column(name, p -> p.generator() == null ? null : value.apply(p.generator()));
    }
}
