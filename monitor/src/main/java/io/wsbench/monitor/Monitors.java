package io.wsbench.monitor;

import io.wsbench.model.Plugins;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The kinds of monitor in wsbench's jars ({@link Plugins}), by name. */
public final class Monitors {

    private static final Map<String, MonitorKind> ALL = new LinkedHashMap<>();

    static {
        for (MonitorKind k : Plugins.of(MonitorKind.class)) {
            ALL.putIfAbsent(k.name(), k);
        }
    }

    private Monitors() {
    }

    public static List<String> names() {
        return List.copyOf(ALL.keySet());
    }

    public static List<MonitorKind> all() {
        return List.copyOf(ALL.values());
    }

    /**
     * The kinds a comma-separated list names ("none" for none), in the order they are found: the
     * process monitor makes a point's server record and the others add to it, so it comes first,
     * and is taken with any other. An unknown name is an IllegalArgumentException.
     */
    public static List<MonitorKind> named(String list) {
        List<MonitorKind> kinds = new ArrayList<>();
        for (String name : list.split(",")) {
            String n = name.trim();
            if (n.isEmpty() || n.equals("none")) {
                continue;
            }
            MonitorKind k = ALL.get(n);
            if (k == null) {
                throw new IllegalArgumentException("unknown monitor '" + n + "' (known: " + String.join(", ", names())
                        + ", or none)");
            }
            kinds.add(k);
        }
        if (!kinds.isEmpty() && ALL.containsKey("proc")) {
            kinds.add(ALL.get("proc"));
        }
        return ALL.values().stream().filter(kinds::contains).toList();
    }

    /**
     * {@code kinds} attached to {@code server}: those that apply to it, and why each that applies
     * could not watch it. Whoever attaches decides whether a failure costs its figures or the run.
     */
    public static Attached attach(List<MonitorKind> kinds, MonitorKind.ServerProcess server) {
        List<Monitor> monitors = new ArrayList<>();
        Map<MonitorKind, Exception> failed = new LinkedHashMap<>();
        for (MonitorKind kind : kinds) {
            try {
                Monitor m = kind.attach(server);
                if (m != null) {
                    monitors.add(m);
                }
            } catch (IOException | RuntimeException e) {
                failed.put(kind, e);
            }
        }
        return new Attached(List.copyOf(monitors), failed);
    }

    /** The monitors that watch a server, and the kinds that could not, with why. */
    public record Attached(List<Monitor> monitors, Map<MonitorKind, Exception> failed) {

        /** The JVM counters among them, whose JIT clock a warm-up watches; null when none was chosen. */
        public JvmCounters jvm() {
            return monitors.stream().filter(JvmCounters.class::isInstance).map(JvmCounters.class::cast)
                    .findFirst().orElse(null);
        }
    }
}
