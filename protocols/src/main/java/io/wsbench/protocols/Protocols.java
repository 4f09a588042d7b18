package io.wsbench.protocols;

import io.wsbench.model.Plugins;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The protocols wsbench speaks, by the names suites use: those {@link Plugins} finds. */
public final class Protocols {

    private static final Map<String, Protocol> ALL = new LinkedHashMap<>();

    static {
        // wsbench's own and any other plug-in jar's, in the order their jars come
        for (Protocol p : Plugins.of(Protocol.class)) {
            Protocol before = ALL.putIfAbsent(p.name(), p);
            if (before != null) {
                throw new IllegalStateException("two protocols are named " + p.name() + ": "
                        + before.getClass().getName() + " and " + p.getClass().getName());
            }
        }
    }

    private Protocols() {
    }

    public static Protocol byName(String name) {
        Protocol p = ALL.get(name);
        if (p == null) {
            throw new IllegalArgumentException("unknown protocol '" + name + "' (known: " + String.join(", ", names()) + ")");
        }
        return p;
    }

    public static List<String> names() {
        return List.copyOf(ALL.keySet());
    }

    public static List<Protocol> all() {
        return List.copyOf(ALL.values());
    }
}
