package io.wsbench.history;

import io.wsbench.model.record.Environment;
import io.wsbench.model.record.RunRecord;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A run as the history keeps it: when, what suite, which wsbench (version and commit), the
 * {@link #machine} it ran on (its kind: runs are compared only with runs of the same kind), where its
 * processes were pinned, the JDK and each stack's versions, and how many rounds it measured.
 */
public record StoredRun(String id, String suite, String startedAt, String finishedAt, String status,
                        String wsbenchVersion, String gitCommit, String machine, String placement, String jdk,
                        Map<String, String> stacks, String command, String baseline, int rounds, String source) {

    static StoredRun of(String id, RunRecord run, String source) {
        Environment env = run.environment();
        int rounds = run.points() == null ? 0
                : run.points().stream().mapToInt(p -> p.repeat()).max().orElse(0);
        return new StoredRun(id, run.suite(), run.startedAt(), run.finishedAt(), run.status(), run.wsbenchVersion(),
                run.gitCommit(), machine(env), env == null || env.cpus() == null ? null : new TreeMap<>(env.cpus()).toString(),
                env == null ? null : env.jvm(), env == null || env.stacks() == null ? null : new TreeMap<>(env.stacks()),
                run.command(), run.baseline(), rounds, source);
    }

    /**
     * Whether the run was made with {@code --quick}: its points shrunk to a fraction of a second and measured once, its
     * figures of another kind than a full run's (a quick SOAP @ 5 users read 30,327 req/s among full runs' 40,000-44,500).
     * Quick runs are a series of their own, as runs of another machine are.
     */
    public boolean quick() {
        return command != null && java.util.Arrays.asList(command.split("\\s+")).contains("--quick");
    }

    /**
     * The kind of machine a run had: its CPU model, its cores and its memory in GiB. Two runs of one
     * kind may be compared; runs on other kinds are other series.
     */
    public static String machine(Environment env) {
        if (env == null) {
            return "unknown";
        }
        return String.format(Locale.ROOT, "%s, %d cores, %d GiB", env.cpuModel() == null ? "unknown CPU" : env.cpuModel().strip(),
                env.cores(), Math.round(env.memoryBytes() / (double) (1L << 30)));
    }

    /** The commit, shortened to 12 characters, or "?" when the run did not know it. */
    public String shortCommit() {
        return gitCommit == null || gitCommit.isBlank() ? "?" : gitCommit.substring(0, Math.min(12, gitCommit.length()));
    }
}
