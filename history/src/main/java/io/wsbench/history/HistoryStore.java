package io.wsbench.history;

import com.fasterxml.jackson.core.type.TypeReference;
import io.wsbench.model.record.RunJson;
import io.wsbench.model.record.RunRecord;
import org.flywaydb.core.Flyway;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * The history of runs in a database: one line per run and one per row of it ({@link StoredRow}),
 * SQLite in a file by default, PostgreSQL for a shared one. Its schema is Flyway's to create and
 * migrate (the scripts in {@code io/wsbench/history/db}), so an older history opens in a newer
 * wsbench. run.json stays the record of truth: the history is an index of the runs' rows that
 * {@link #importRuns} can rebuild from their directories at any time. A database that cannot be
 * opened or written is a {@link HistoryException} whose message names it without its password.
 */
public final class HistoryStore implements AutoCloseable {

    private static final String MIGRATIONS = "classpath:io/wsbench/history/db";

    /** Flyway tells every step of a migration at INFO: the console wants a failure, not the steps (held: JUL keeps loggers weakly). */
    private static final java.util.logging.Logger FLYWAY = java.util.logging.Logger.getLogger("org.flywaydb");

    static {
        FLYWAY.setLevel(java.util.logging.Level.WARNING);
    }

    private final HistoryLocation where;
    private final Connection db;

    private HistoryStore(HistoryLocation where, Connection db) {
        this.where = where;
        this.db = db;
    }

    /** Opens the history at {@code where}, creating it (a SQLite file and its folder) or migrating its schema first. */
    public static HistoryStore open(HistoryLocation where) {
        try {
            if (where.sqlite()) {
                Path parent = where.sqliteFile().toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
            }
            Flyway.configure(HistoryStore.class.getClassLoader())
                    .dataSource(where.jdbcUrl(), where.user(), where.password())
                    .locations(MIGRATIONS)
                    .table("wsbench_schema_history")
                    .load()
                    .migrate();
            Properties props = new Properties();
            if (where.user() != null) {
                props.setProperty("user", where.user());
            }
            if (where.password() != null) {
                props.setProperty("password", where.password());
            }
            if (where.sqlite()) {
                props.setProperty("busy_timeout", "15000"); // two runs ending at once wait for each other's write
            }
            Connection c = DriverManager.getConnection(where.jdbcUrl(), props);
            return new HistoryStore(where, c);
        } catch (IOException | SQLException | RuntimeException e) {
            throw new HistoryException("history " + where.shown() + ": cannot be opened: " + where.redactIn(reason(e)), e);
        }
    }

    public HistoryLocation location() {
        return where;
    }

    /**
     * Records {@code run} as run {@code id} (its directory's name), replacing what the history held of
     * that id: recording a run again, or importing it after it was recorded live, leaves one copy.
     */
    public void record(String id, RunRecord run, String source) {
        List<StoredRow> rows = StoredRow.of(id, run);
        StoredRun r = StoredRun.of(id, run, source);
        try {
            db.setAutoCommit(false);
            try {
                delete(id);
                try (PreparedStatement s = db.prepareStatement("INSERT INTO runs (id, suite, started_at, finished_at, status,"
                        + " wsbench_version, git_commit, machine, placement, jdk, stacks, command, baseline, rounds, source)"
                        + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                    int i = 0;
                    s.setString(++i, r.id());
                    s.setString(++i, r.suite());
                    s.setString(++i, r.startedAt());
                    s.setString(++i, r.finishedAt());
                    s.setString(++i, r.status());
                    s.setString(++i, r.wsbenchVersion());
                    s.setString(++i, r.gitCommit());
                    s.setString(++i, r.machine());
                    s.setString(++i, r.placement());
                    s.setString(++i, r.jdk());
                    s.setString(++i, json(r.stacks()));
                    s.setString(++i, where.redactIn(r.command()));
                    s.setString(++i, r.baseline());
                    s.setInt(++i, r.rounds());
                    s.setString(++i, r.source());
                    s.executeUpdate();
                }
                try (PreparedStatement s = db.prepareStatement("INSERT INTO run_rows (run_id, row_key, position, target, load_label, flow,"
                        + " repeats, throughput, throughput_low, throughput_high, ratio_baseline, ratio, ratio_low, ratio_high,"
                        + " mean_micros, mean_low, mean_high, p99_micros, p99_low, p99_high, requests, errors, errors_by_kind,"
                        + " server_cpu_micros_per_request, stack_version)"
                        + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                    int position = 0;
                    for (StoredRow row : rows) {
                        int i = 0;
                        s.setString(++i, id);
                        s.setString(++i, row.row());
                        s.setInt(++i, position++); // the run's own order of its rows (the suite's)
                        s.setString(++i, row.target());
                        s.setString(++i, row.load());
                        s.setInt(++i, row.flow() ? 1 : 0);
                        s.setInt(++i, row.repeats());
                        i = figure(s, i, row.throughput());
                        s.setString(++i, row.ratioBaseline());
                        i = figure(s, i, row.ratio());
                        i = figure(s, i, row.meanMicros());
                        i = figure(s, i, row.p99Micros());
                        s.setLong(++i, row.requests());
                        s.setLong(++i, row.errors());
                        s.setString(++i, row.errorsByKind().isEmpty() ? null : json(row.errorsByKind()));
                        number(s, ++i, row.serverCpuMicrosPerRequest());
                        s.setString(++i, row.stackVersion());
                        s.addBatch();
                    }
                    s.executeBatch();
                }
                db.commit();
            } catch (SQLException | RuntimeException e) {
                db.rollback();
                throw e;
            } finally {
                db.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw new HistoryException("history " + where.shown() + ": cannot record run " + id + ": " + where.redactIn(reason(e)), e);
        }
    }

    /**
     * Records every run.json under {@code dir} (a results folder, or one run's), each under its
     * directory's name; a file that is not a run is skipped and named in the answer.
     */
    public Imported importRuns(Path dir) {
        List<String> recorded = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(dir, 3)) {
            files = walk.filter(p -> p.getFileName().toString().equals("run.json")).sorted().toList();
        } catch (IOException e) {
            throw new HistoryException("history import " + dir + ": cannot be read: " + reason(e), e);
        }
        for (Path f : files) {
            RunRecord run;
            try {
                run = RunJson.MAPPER.readValue(f.toFile(), RunRecord.class);
            } catch (IOException | RuntimeException e) {
                skipped.add(f + ": " + firstLine(reason(e)));
                continue;
            }
            if (run.suite() == null || run.startedAt() == null || run.points() == null) {
                skipped.add(f + ": not a run's record (no suite, start or points)");
                continue;
            }
            String id = f.toAbsolutePath().getParent().getFileName().toString();
            record(id, run, f.toAbsolutePath().toString());
            recorded.add(id);
        }
        return new Imported(recorded, skipped);
    }

    /** What {@link #importRuns} did: the runs recorded (their ids) and the files skipped, each with why. */
    public record Imported(List<String> recorded, List<String> skipped) {
    }

    /** The runs of {@code suite}, oldest first (every suite's when null). */
    public List<StoredRun> runs(String suite) {
        String sql = "SELECT id, suite, started_at, finished_at, status, wsbench_version, git_commit, machine, placement,"
                + " jdk, stacks, command, baseline, rounds, source FROM runs"
                + (suite == null ? "" : " WHERE suite = ?") + " ORDER BY started_at, id";
        try (PreparedStatement s = db.prepareStatement(sql)) {
            if (suite != null) {
                s.setString(1, suite);
            }
            List<StoredRun> runs = new ArrayList<>();
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    runs.add(new StoredRun(r.getString(1), r.getString(2), r.getString(3), r.getString(4), r.getString(5),
                            r.getString(6), r.getString(7), r.getString(8), r.getString(9), r.getString(10),
                            map(r.getString(11), new TypeReference<Map<String, String>>() { }), r.getString(12),
                            r.getString(13), r.getInt(14), r.getString(15)));
                }
            }
            return runs;
        } catch (SQLException e) {
            throw new HistoryException("history " + where.shown() + ": cannot be read: " + where.redactIn(reason(e)), e);
        }
    }

    /** The rows of the runs of {@code suite}, in the runs' order and each run's rows in its own. */
    public List<StoredRow> rows(String suite) {
        String sql = "SELECT w.run_id, w.row_key, w.target, w.load_label, w.flow, w.repeats, w.throughput, w.throughput_low,"
                + " w.throughput_high, w.ratio_baseline, w.ratio, w.ratio_low, w.ratio_high, w.mean_micros, w.mean_low,"
                + " w.mean_high, w.p99_micros, w.p99_low, w.p99_high, w.requests, w.errors, w.errors_by_kind,"
                + " w.server_cpu_micros_per_request, w.stack_version"
                + " FROM run_rows w JOIN runs r ON r.id = w.run_id WHERE r.suite = ? ORDER BY r.started_at, r.id, w.position";
        try (PreparedStatement s = db.prepareStatement(sql)) {
            s.setString(1, suite);
            List<StoredRow> rows = new ArrayList<>();
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    int repeats = r.getInt(6);
                    rows.add(new StoredRow(r.getString(1), r.getString(2), r.getString(3), r.getString(4), r.getInt(5) != 0,
                            repeats, figure(r, 7, repeats), r.getString(10), figure(r, 11, repeats), figure(r, 14, repeats),
                            figure(r, 17, repeats), r.getLong(20), r.getLong(21),
                            map(r.getString(22), new TypeReference<Map<String, Long>>() { }), number(r, 23), r.getString(24)));
                }
            }
            return rows;
        } catch (SQLException e) {
            throw new HistoryException("history " + where.shown() + ": cannot be read: " + where.redactIn(reason(e)), e);
        }
    }

    /** The suites the history holds, by name. */
    public List<String> suites() {
        try (PreparedStatement s = db.prepareStatement("SELECT DISTINCT suite FROM runs ORDER BY suite");
             ResultSet r = s.executeQuery()) {
            List<String> names = new ArrayList<>();
            while (r.next()) {
                names.add(r.getString(1));
            }
            return names;
        } catch (SQLException e) {
            throw new HistoryException("history " + where.shown() + ": cannot be read: " + where.redactIn(reason(e)), e);
        }
    }

    private void delete(String id) throws SQLException {
        for (String sql : List.of("DELETE FROM run_rows WHERE run_id = ?", "DELETE FROM runs WHERE id = ?")) {
            try (PreparedStatement s = db.prepareStatement(sql)) {
                s.setString(1, id);
                s.executeUpdate();
            }
        }
    }

    /** Sets a figure's median, low and high from parameter {@code i + 1} on; returns the last index set. */
    private static int figure(PreparedStatement s, int i, StoredRow.Figure f) throws SQLException {
        number(s, ++i, f == null ? null : f.median());
        number(s, ++i, f == null ? null : f.low());
        number(s, ++i, f == null ? null : f.high());
        return i;
    }

    private static StoredRow.Figure figure(ResultSet r, int column, int n) throws SQLException {
        Double median = number(r, column);
        return median == null ? null : new StoredRow.Figure(median, number(r, column + 1), number(r, column + 2));
    }

    private static void number(PreparedStatement s, int i, Double v) throws SQLException {
        if (v == null || !Double.isFinite(v)) {
            s.setNull(i, Types.DOUBLE);
        } else {
            s.setDouble(i, v);
        }
    }

    private static Double number(ResultSet r, int column) throws SQLException {
        double v = r.getDouble(column);
        return r.wasNull() ? null : v;
    }

    private static String json(Object o) {
        try {
            return o == null ? null : RunJson.MAPPER.writer().without(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT)
                    .writeValueAsString(o);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static <T> T map(String json, TypeReference<T> type) {
        if (json == null) {
            return null;
        }
        try {
            return RunJson.MAPPER.readValue(json, type);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String reason(Throwable e) {
        Throwable deepest = e;
        while (deepest.getCause() != null && deepest.getCause() != deepest) {
            deepest = deepest.getCause();
        }
        String m = deepest.getMessage() != null ? deepest.getMessage() : e.getMessage();
        return m == null ? e.getClass().getSimpleName() : firstLine(m);
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).strip();
    }

    @Override
    public void close() {
        try {
            db.close();
        } catch (SQLException e) {
            // closing: nothing left to lose
        }
    }
}
