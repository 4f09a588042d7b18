package io.wsbench.history;

import io.wsbench.model.Redacted;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Where the history is kept: a file (SQLite, the default {@code results/history.db}) or a database
 * by its JDBC URL ({@code jdbc:postgresql://host/db?user=…&password=…}), so that a team's CI
 * machines share one. Chosen by {@code --history}, else {@code WSBENCH_HISTORY}, else the default.
 * The password, whether in the URL or in {@code WSBENCH_HISTORY_PASSWORD}, goes to the driver and
 * nowhere else: {@link #shown()} is what a console, a log or run.json may say of it.
 */
public record HistoryLocation(String jdbcUrl, String user, String password) {

    /** The environment variable that names the history when {@code --history} does not. */
    public static final String ENV = "WSBENCH_HISTORY";
    /** The password of a database history, kept out of the URL (and out of every line wsbench writes). */
    public static final String PASSWORD_ENV = "WSBENCH_HISTORY_PASSWORD";
    /** The user of a database history, when the URL does not say it. */
    public static final String USER_ENV = "WSBENCH_HISTORY_USER";

    /** A password= parameter (group 2 the password) and a URL's user:password@ (group 2 the password). */
    private static final Pattern PASSWORD_PARAM = Pattern.compile("(?i)([?&;]password=)([^&;]*)");
    private static final Pattern USER_INFO = Pattern.compile("(//[^/@:]*):([^/@]*)@");

    @Override
    public String toString() {
        return shown();
    }

    /**
     * The history {@code given} names ({@code --history}; null for none), else the environment's, else
     * the SQLite file {@code otherwise} (a run's: history.db beside its directory, results/history.db
     * for a run in results/).
     */
    public static HistoryLocation of(String given, Map<String, String> env, Path otherwise) {
        String where = given != null && !given.isBlank() ? given : env.get(ENV);
        String user = env.get(USER_ENV);
        String password = env.get(PASSWORD_ENV);
        if (where == null || where.isBlank()) {
            return file(otherwise);
        }
        if (where.startsWith("jdbc:")) {
            if (!where.startsWith("jdbc:sqlite:") && !where.startsWith("jdbc:postgresql:")) {
                throw new IllegalArgumentException("history " + redact(where)
                        + ": a history is a file, jdbc:sqlite:FILE or jdbc:postgresql://HOST/DATABASE");
            }
            return new HistoryLocation(where, user, password);
        }
        return file(Path.of(where));
    }

    /** The SQLite history in {@code file}. */
    public static HistoryLocation file(Path file) {
        return new HistoryLocation("jdbc:sqlite:" + file.toAbsolutePath(), null, null);
    }

    /** Whether it is a file of its own (SQLite), which a first use creates. */
    public boolean sqlite() {
        return jdbcUrl.startsWith("jdbc:sqlite:");
    }

    /** The SQLite file, or null for a database server. */
    public Path sqliteFile() {
        return sqlite() ? Path.of(jdbcUrl.substring("jdbc:sqlite:".length())) : null;
    }

    /** The location as wsbench may print or record it: no password, in the URL or beside it. */
    public String shown() {
        return sqlite() ? sqliteFile().toString() : redact(jdbcUrl);
    }

    /** {@code url} with any password in it (a password= parameter, or user:password@) replaced by ***: {@link Redacted#url}. */
    public static String redact(String url) {
        return Redacted.url(url);
    }

    /** {@code text} with this location's password, wherever it stands, replaced by ***. */
    public String redactIn(String text) {
        if (text == null) {
            return null;
        }
        String s = redact(text.replace(jdbcUrl, redact(jdbcUrl)));
        for (String secret : secrets()) {
            s = s.replace(secret, "***");
        }
        return s;
    }

    /** The passwords this location holds: the one beside it and any in its URL. */
    private List<String> secrets() {
        List<String> all = new java.util.ArrayList<>();
        if (password != null && !password.isEmpty()) {
            all.add(password);
        }
        for (Pattern p : List.of(PASSWORD_PARAM, USER_INFO)) {
            var m = p.matcher(jdbcUrl);
            while (m.find()) {
                if (!m.group(2).isEmpty()) {
                    all.add(m.group(2));
                }
            }
        }
        return all;
    }
}
