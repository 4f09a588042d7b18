package io.wsbench.runner;

import io.wsbench.launch.StackCatalog;
import io.wsbench.model.suite.Suite;
import io.wsbench.model.suite.TargetSpec;
import io.wsbench.model.suite.UserStack;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A suite's targets grouped by the server they share, and whether those servers can all be up at once
 * (and as how many processes each): what {@link SuiteRunner} decides before it starts any, so that it
 * runs in rounds or, grouped, one server after another.
 */
final class ServerGroups {

    private ServerGroups() {
    }

    /**
     * Why the suite's servers cannot all be up at once, so that it runs grouped as before; null when
     * they can: asked for, a cold-start target (a fresh server each repeat), servers of the user's
     * own that listen on a port of their own (two of them may want the same), or more servers than
     * the machine's free memory holds.
     */
    static String groupedBecause(Suite suite, Map<String, List<TargetSpec>> groups) {
        if (suite.rounds().grouped()) {
            return "asked (order: grouped)";
        }
        if (groups.keySet().stream().anyMatch(k -> k.contains("#cold"))) {
            return "a cold-start target needs a fresh server of its own for each repeat";
        }
        long ownPorts = groups.values().stream().map(g -> g.get(0).stack()).filter(java.util.Objects::nonNull)
                .map(stack -> suite.stacks().get(stack))
                .filter(own -> own != null && own.command() != null && !takesPort(own)).count();
        if (ownPorts > 1) {
            return ownPorts + " servers of your own choose their own ports (no ${port} in their command or environment)";
        }
        long servers = started(groups);
        long available = MachineMemory.availableBytes();
        if (servers > 1 && available > 0 && servers * SERVER_BYTES > available) {
            return String.format(Locale.ROOT, "%d servers at %d MB each need more than the %d MB of memory available",
                    servers, SERVER_BYTES >> 20, available >> 20);
        }
        return null;
    }

    private static long started(Map<String, List<TargetSpec>> groups) {
        return groups.keySet().stream().filter(k -> !k.startsWith("url ")).count();
    }

    /**
     * How many processes of each server the rounds start: the suite's {@code instances}, or as many as
     * the machine's free memory holds at {@link #SERVER_BYTES} each (then said in a note).
     */
    static int instancesThatFit(RunUnderWay run, Map<String, List<TargetSpec>> groups) {
        int k = run.suite.rounds().instances();
        long servers = started(groups);
        long available = MachineMemory.availableBytes();
        if (k <= 1 || servers == 0 || available <= 0 || servers * k * SERVER_BYTES <= available) {
            return k;
        }
        int fit = (int) Math.max(1, available / (servers * SERVER_BYTES));
        run.note(String.format(Locale.ROOT, "instances: %d processes of each of %d servers at %d MB each need more than the"
                + " %d MB of memory available: %d each", k, servers, SERVER_BYTES >> 20, available >> 20, fit));
        return fit;
    }

    /** What one idle server is counted to need, when a run asks whether all its servers fit in memory at once. */
    static final long SERVER_BYTES = 768L << 20;

    static boolean takesPort(UserStack own) {
        return own.command().stream().anyMatch(w -> w.contains("{port}"))
                || (own.environment() != null && own.environment().values().stream().anyMatch(v -> v.contains("{port}")));
    }

    /** Targets by the server they share: same stack, same own options, or same address; a cold-start target shares with no one. */
    static Map<String, List<TargetSpec>> of(StackCatalog catalog, Suite suite) {
        Map<String, List<TargetSpec>> groups = new LinkedHashMap<>();
        List<TargetSpec> targets = suite.targets();
        for (int i = 0; i < targets.size(); i++) {
            TargetSpec t = targets.get(i);
            if (SuiteCheck.unavailable(catalog, t) != null) {
                continue;
            }
            // a URL's server is the one at its address: targets of two addresses are two servers
            String server = t.stack() == null ? "url " + (t.url() == null ? "" : URI.create(t.url()).getAuthority())
                    : t.stack() + (t.ownOptions().isEmpty() ? "" : " " + new TreeMap<>(t.ownOptions()));
            groups.computeIfAbsent(t.cold() ? server + "#cold" + i : server, k -> new ArrayList<>()).add(t);
        }
        return groups;
    }
}
