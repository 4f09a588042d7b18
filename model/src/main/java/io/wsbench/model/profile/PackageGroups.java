package io.wsbench.model.profile;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a server's CPU went, by the kind of code that spent it: each CPU sample is given to the
 * group of the topmost frame of its stack that some group claims by package, the longest prefix
 * winning (searching down from the leaf, so {@code HashMap.get} called by Woodstox counts as XML, and a digest called by WSS4J as
 * crypto). Code outside the JDK that no group claims is the application's: a sample whose topmost
 * such frame comes first is the application's; one with neither is the rest. The JVM's own threads are named by the root frame the profiler gives them
 * ({@link #GC_ROOT}, {@link #JIT_ROOT}). The framework is the stack's: its descriptor (or a user's
 * stack) names its packages.
 */
public final class PackageGroups {

    public static final String APPLICATION = "application";
    public static final String FRAMEWORK = "framework";
    public static final String XML = "XML and JSON parsing, binding";
    public static final String SECURITY = "WS-Security, crypto";
    public static final String HTTP = "HTTP and I/O";
    public static final String GC = "GC";
    public static final String JIT = "JIT compilation";
    public static final String REST = "the rest (JDK, VM)";
    /** The root frame of a stack sampled in a garbage collector's thread. */
    public static final String GC_ROOT = "[GC]";
    /** The root frame of a stack sampled in a JIT compiler's thread. */
    public static final String JIT_ROOT = "[JIT compiler]";
    /** The root frame of a stack sampled in another of the VM's own threads. */
    public static final String VM_ROOT = "[VM]";

    /** The order the parts are shown in. */
    public static final List<String> PARTS = List.of(APPLICATION, FRAMEWORK, XML, SECURITY, HTTP, GC, JIT, REST);

    private static final List<String> JDK = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.", "jakarta.");
    private static final Map<String, List<String>> BUILT_IN = new LinkedHashMap<>();

    static {
        BUILT_IN.put(SECURITY, List.of("org.apache.wss4j.", "org.apache.ws.security.", "org.apache.xml.security.",
                "org.apache.rampart.", "org.opensaml.", "org.bouncycastle.", "javax.crypto.", "java.security.",
                "sun.security.", "com.sun.crypto.", "com.sun.org.apache.xml.internal.security.",
                "com.sun.xml.wss.", "com.sun.xml.ws.security.", "org.apache.cxf.ws.security."));
        BUILT_IN.put(XML, List.of("com.ctc.wstx.", "org.codehaus.stax2.", "com.sun.org.apache.xerces.",
                "com.sun.org.apache.xml.", "com.sun.org.apache.xpath.", "com.sun.xml.internal.stream.",
                "com.sun.xml.stream.", "com.sun.xml.fastinfoset.", "org.apache.xerces.", "org.apache.xml.",
                "org.apache.axiom.", "javax.xml.", "jakarta.xml.bind.", "javax.xml.bind.", "com.sun.xml.bind.",
                "org.glassfish.jaxb.", "com.sun.istack.", "org.jvnet.staxex.", "com.fasterxml.jackson.",
                "org.w3c.dom.", "org.xml.sax.", "flex.messaging.io."));
        BUILT_IN.put(HTTP, List.of("org.apache.tomcat.", "org.apache.coyote.", "org.apache.catalina.",
                "org.eclipse.jetty.", "io.netty.", "io.undertow.", "org.xnio.", "sun.nio.", "java.nio.",
                "java.net.", "sun.net.", "jakarta.servlet.", "javax.servlet.", "com.sun.net.httpserver."));
    }

    private final Map<String, List<String>> groups;

    private PackageGroups(Map<String, List<String>> groups) {
        this.groups = groups;
    }

    /** The built-in groups, with {@code framework} the packages of the stack's framework (may be empty). */
    public static PackageGroups of(List<String> framework, List<String> application) {
        Map<String, List<String>> g = new LinkedHashMap<>();
        g.put(APPLICATION, prefixes(application));
        g.put(FRAMEWORK, prefixes(framework));
        g.putAll(BUILT_IN);
        return new PackageGroups(g);
    }

    private static List<String> prefixes(List<String> packages) {
        List<String> p = new ArrayList<>();
        for (String s : packages) {
            String t = s.trim();
            if (!t.isEmpty()) {
                p.add(t.endsWith(".") ? t : t + ".");
            }
        }
        return p;
    }

    /** The part a stack (frames from the root to the leaf) belongs to. */
    public String partOf(List<String> frames) {
        if (frames.isEmpty()) {
            return REST;
        }
        String root = frames.get(0);
        if (root.equals(GC_ROOT)) {
            return GC;
        }
        if (root.equals(JIT_ROOT)) {
            return JIT;
        }
        for (int i = frames.size() - 1; i >= 0; i--) {
            String f = frames.get(i);
            String claimed = claim(f);
            if (claimed != null) {
                return claimed;
            }
            if (javaFrame(f) && JDK.stream().noneMatch(f::startsWith)) {
                return APPLICATION; // code outside the JDK that no group names is the application's
            }
        }
        return REST;
    }

    /** The group whose longest package prefix the frame starts with (org.apache.cxf.ws.security. over org.apache.cxf.). */
    private String claim(String frame) {
        String best = null;
        int longest = 0;
        for (Map.Entry<String, List<String>> g : groups.entrySet()) {
            for (String prefix : g.getValue()) {
                if (prefix.length() > longest && frame.startsWith(prefix)) {
                    best = g.getKey();
                    longest = prefix.length();
                }
            }
        }
        return best;
    }

    /** Whether a frame names a Java method ("pkg.Class.method"), not a native or kernel function. */
    static boolean javaFrame(String f) {
        return JAVA_FRAME.matcher(f).matches();
    }

    /** A class's name and a method's, dot-separated: no "::", "@@", "[k]" or "()" of native and kernel frames. */
    private static final java.util.regex.Pattern JAVA_FRAME =
            java.util.regex.Pattern.compile("[A-Za-z_$][\\w$]*(\\.[\\w$]+)*\\.[\\w$<>]+");

    /**
     * The frame a stack's weight is credited to in a ranking: its topmost Java frame outside the JDK
     * (the server's line that ran or called into the JDK), else its leaf.
     */
    public static String ownFrame(List<String> frames) {
        for (int i = frames.size() - 1; i >= 0; i--) {
            String f = frames.get(i);
            if (javaFrame(f) && JDK.stream().noneMatch(f::startsWith)) {
                return f;
            }
        }
        return frames.isEmpty() ? "?" : frames.get(frames.size() - 1);
    }

    /** The weight of {@code stacks} per part, in {@link #PARTS}' order, parts with none left out. */
    public Map<String, Long> split(Folded stacks) {
        Map<String, Long> parts = new LinkedHashMap<>();
        PARTS.forEach(p -> parts.put(p, 0L));
        for (Map.Entry<List<String>, Long> e : stacks.stacks()) {
            parts.merge(partOf(e.getKey()), e.getValue(), Long::sum);
        }
        parts.values().removeIf(v -> v == 0);
        return parts;
    }
}
