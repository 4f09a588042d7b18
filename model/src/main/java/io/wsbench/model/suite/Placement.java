package io.wsbench.model.suite;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.BitSet;

/**
 * Which cores the load generator and the servers may run on (a suite's {@code cpus:}, or
 * {@code --cpus GENERATOR:SERVERS}), as Linux CPU lists such as "0", "1-3" or "0,2". The two sets
 * must not overlap: the point is that the generator's and a server's threads never share a core.
 *
 * <p>{@code oneUser}: where a point of one user (a closed loop on one connection) sends from. "apart" (the
 * default): from the generator's cores, as every other point. "together": the generator's I/O thread moves onto
 * the servers' cores for the point and back after it. One user's requests and answers take turns, so the two never
 * run at once and sharing a core costs neither any time; what it takes out of every round trip is the wake-up of
 * another core, which on a virtual machine is the hypervisor's to time (the direct stack's SOAP hello at 1 user, wrk
 * as the client, spread ±0.4–0.7% over ten 2 s rounds on one core, ±7–10% on two: docs/numbers.md, "One user on one
 * core"). It suits
 * light servers; a JVM stack whose own threads (its JIT, its pool) then share the core with the generator
 * measured noisier together, and its ratio to another stack moved: the seed 001 suites keep "apart".
 * In the mapping form, {@code generator} and {@code servers} may both be left out for auto's lists.
 */
public record Placement(String generator, String servers, String oneUser) {

    /** {@code oneUser}'s default: every point sends from the generator's cores. */
    public static final String APART = "apart";
    /** {@code oneUser}: a one-user point sends from the servers' cores. */
    public static final String TOGETHER = "together";

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
        oneUser = oneUser == null ? APART : oneUser;
        if (!oneUser.equals(APART) && !oneUser.equals(TOGETHER)) {
            throw new IllegalArgumentException("cpus: oneUser is 'apart' or 'together', not '" + oneUser + "'");
        }
    }

    public Placement(String generator, String servers) {
        this(generator, servers, APART);
    }

    /**
     * {@code cpus:} as a mapping: {@code generator} and {@code servers} (both, or neither for auto's lists), and
     * {@code oneUser}; null where auto places nothing (one core).
     */
    @JsonCreator(mode = JsonCreator.Mode.PROPERTIES)
    public static Placement of(@JsonProperty("generator") String generator, @JsonProperty("servers") String servers,
                               @JsonProperty("oneUser") String oneUser) {
        if (generator == null && servers == null) {
            Placement auto = auto();
            return auto == null ? null : auto.withOneUser(oneUser);
        }
        return new Placement(generator, servers, oneUser);
    }

    /** This placement, a one-user point sending from where {@code oneUser} says ("apart" or "together"; null: apart). */
    public Placement withOneUser(String oneUser) {
        return new Placement(generator, servers, oneUser);
    }

    /** Whether a point of one user sends from the servers' cores. */
    public boolean oneUserTogether() {
        return TOGETHER.equals(oneUser);
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
