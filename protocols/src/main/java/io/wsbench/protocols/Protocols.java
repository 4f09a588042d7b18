package io.wsbench.protocols;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The protocols wsbench speaks, by the names suites use. */
public final class Protocols {

    private static final Map<String, Protocol> ALL = new LinkedHashMap<>();

    static {
        for (Protocol p : List.of(Soap.V11, Soap.V12, new RestXml(), new Json(), new Plain(), new Wddx(), new Html(), new Amf())) {
            ALL.put(p.name(), p);
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
