package io.wsbench.model.suite;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.BitSet;

/**
 * Which cores the load generator and the servers may run on (a suite's {@code cpus:}, or
 * {@code --cpus GENERATOR:SERVERS}), as Linux CPU lists such as "0", "1-3" or "0,2". The two sets
 * must not overlap: the point is that the generator's and a server's threads never share a core.
 */
public record Placement(@JsonProperty("generator") String generator, @JsonProperty("servers") String servers) {

    @JsonCreator(mode = JsonCreator.Mode.PROPERTIES)
    public Placement {
        if (generator == null || servers == null) {
            throw new IllegalArgumentException("cpus needs both 'generator' and 'servers', e.g. { generator: \"1\", servers: \"0\" }");
        }
        BitSet g = cores(generator);
        BitSet s = cores(servers);
        if (g.intersects(s)) {
            throw new IllegalArgumentException("cpus: the generator's cores (" + generator + ") and the servers' ("
                    + servers + ") overlap");
        }
        int online = Runtime.getRuntime().availableProcessors();
        if (Math.max(g.length(), s.length()) > online) {
            throw new IllegalArgumentException("cpus: this machine has cores 0-" + (online - 1) + " only, not "
                    + (g.length() > online ? generator : servers));
        }
    }

    /**
     * "auto": the generator on the last quarter of the cores (at least one), the servers on the
     * rest; null on a machine of one core, where nothing can be kept apart.
     */
    public static Placement auto() {
        String[] lists = autoLists(Runtime.getRuntime().availableProcessors());
        return lists == null ? null : new Placement(lists[0], lists[1]);
    }

    /** The generator's and the servers' CPU lists on {@code cores} cores, or null for one core. */
    static String[] autoLists(int cores) {
        if (cores < 2) {
            return null;
        }
        int generator = Math.max(1, cores / 4);
        int first = cores - generator;
        return new String[]{generator == 1 ? String.valueOf(first) : first + "-" + (cores - 1),
                first == 1 ? "0" : "0-" + (first - 1)};
    }

    /** "1:0" (generator:servers), as {@code --cpus} takes it, or "auto" ({@link #auto()}). */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static Placement parse(String text) {
        if ("auto".equals(text)) {
            return auto();
        }
        String[] parts = text.split(":");
        if (parts.length != 2) {
            throw new IllegalArgumentException("cpus takes auto or GENERATOR:SERVERS, e.g. 1:0 or 3:0-2, not '" + text + "'");
        }
        return new Placement(parts[0].trim(), parts[1].trim());
    }

    /** The cores of a Linux CPU list ("0-2,4"), as {@code cpus:} and a process's {@code Cpus_allowed_list} write them. */
    public static BitSet cores(String list) {
        if (!list.matches("\\d+(-\\d+)?(,\\d+(-\\d+)?)*")) {
            throw new IllegalArgumentException("cpus: '" + list + "' is not a CPU list such as 0, 1-3 or 0,2");
        }
        BitSet set = new BitSet();
        for (String range : list.split(",")) {
            String[] ends = range.split("-");
            int from = Integer.parseInt(ends[0]);
            int to = ends.length == 2 ? Integer.parseInt(ends[1]) : from;
            if (to < from) {
                throw new IllegalArgumentException("cpus: '" + range + "' runs backwards");
            }
            set.set(from, to + 1);
        }
        return set;
    }
}
