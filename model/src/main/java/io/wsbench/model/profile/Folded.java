package io.wsbench.model.profile;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Stacks with a weight each, in the collapsed form Brendan Gregg's flamegraph.pl, async-profiler,
 * speedscope and most flame-graph tools read: one line per distinct stack, its frames from the
 * root to the leaf joined by {@code ;}, a space, and its weight ({@code java.lang.Thread.run;a.B.c 42}).
 * What the weight counts is the file's: CPU samples, bytes allocated or microseconds waited.
 */
public final class Folded {

    private final Map<String, Long> stacks = new LinkedHashMap<>();

    /** Adds {@code weight} to the stack whose frames, from the root to the leaf, are {@code frames}. */
    public void add(List<String> frames, long weight) {
        if (weight > 0 && !frames.isEmpty()) {
            stacks.merge(String.join(";", frames), weight, Long::sum);
        }
    }

    public void addAll(Folded other) {
        other.stacks.forEach((s, w) -> stacks.merge(s, w, Long::sum));
    }

    public long total() {
        return stacks.values().stream().mapToLong(Long::longValue).sum();
    }

    public boolean isEmpty() {
        return stacks.isEmpty();
    }

    /** Each stack (frames from the root) with its weight, heaviest first. */
    public List<Map.Entry<List<String>, Long>> stacks() {
        List<Map.Entry<List<String>, Long>> all = new ArrayList<>();
        stacks.forEach((s, w) -> all.add(Map.entry(Arrays.asList(s.split(";")), w)));
        all.sort(Map.Entry.<List<String>, Long>comparingByValue().reversed());
        return all;
    }

    /**
     * The weight per frame name at the leaf of the stacks, as {@code leafOf} picks it from the frames
     * (root first): the "self" view a ranking of where time went reads.
     */
    public Map<String, Long> byLeaf(java.util.function.Function<List<String>, String> leafOf) {
        Map<String, Long> by = new LinkedHashMap<>();
        stacks().forEach(e -> by.merge(leafOf.apply(e.getKey()), e.getValue(), Long::sum));
        return by;
    }

    public static Folded of(Collection<Folded> all) {
        Folded sum = new Folded();
        all.forEach(sum::addAll);
        return sum;
    }

    /**
     * Reads a collapsed-stacks file, gzip-compressed or plain (a run before 2026-12-04 wrote them plain,
     * without the ".gz"); a missing file is an empty profile.
     */
    public static Folded read(Path file) throws IOException {
        Folded f = new Folded();
        String name = file.getFileName().toString();
        if (!Files.isRegularFile(file) && name.endsWith(".gz")) {
            file = file.resolveSibling(name.substring(0, name.length() - 3));
        }
        if (!Files.isRegularFile(file)) {
            return f;
        }
        try (java.io.InputStream raw = new java.io.BufferedInputStream(Files.newInputStream(file));
             java.io.BufferedReader lines = new java.io.BufferedReader(new java.io.InputStreamReader(gunzipped(raw), StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                int space = line.lastIndexOf(' ');
                if (space > 0) {
                    try {
                        f.stacks.merge(line.substring(0, space), Long.parseLong(line.substring(space + 1).trim()), Long::sum);
                    } catch (NumberFormatException e) {
                        throw new IOException(file + ": not a collapsed-stacks line: " + line);
                    }
                }
            }
        }
        return f;
    }

    /** {@code in} itself, or its gzip stream's content when it starts with gzip's magic bytes. */
    private static java.io.InputStream gunzipped(java.io.InputStream in) throws IOException {
        in.mark(2);
        int a = in.read();
        int b = in.read();
        in.reset();
        return a == 0x1f && b == 0x8b ? new java.util.zip.GZIPInputStream(in) : in;
    }

    /**
     * Writes the heaviest stacks first, gzip-compressed when the name ends with ".gz": a run keeps a
     * point's stacks of each kind, and as text a default run's took 28 MB (zcat them for flamegraph.pl).
     */
    public void write(Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        boolean gzip = file.getFileName().toString().endsWith(".gz");
        try (java.io.OutputStream raw = Files.newOutputStream(file);
             java.io.OutputStream out = gzip ? new java.util.zip.GZIPOutputStream(raw, 1 << 16) : raw;
             BufferedWriter w = new BufferedWriter(new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8))) {
            write(w);
        }
    }

    public void write(Appendable out) throws IOException {
        List<Map.Entry<String, Long>> sorted = new ArrayList<>(stacks.entrySet());
        sorted.sort(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        for (Map.Entry<String, Long> e : sorted) {
            out.append(e.getKey()).append(' ').append(String.valueOf(e.getValue())).append('\n');
        }
    }

    /**
     * The stacks as a tree for a flame graph, each node's value the weight of the stacks through it
     * times {@code scale} (e.g. microseconds per request per sample); nodes under {@code minShare}
     * of the whole are folded into their parent's self time, so a graph of a long run stays small.
     */
    public Node tree(String rootName, double scale, double minShare) {
        Node root = new Node(rootName);
        for (Map.Entry<List<String>, Long> e : stacks()) {
            double v = e.getValue() * scale;
            Node at = root;
            at.value += v;
            for (String frame : e.getKey()) {
                at = at.child(frame);
                at.value += v;
            }
        }
        root.prune(root.value * minShare);
        return root;
    }

    /** A frame in a flame graph: its name, its weight with its callees', and its callees. */
    public static final class Node {
        public final String name;
        public double value;
        public final List<Node> children = new ArrayList<>();
        private final Map<String, Node> byName = new LinkedHashMap<>();

        Node(String name) {
            this.name = name;
        }

        Node child(String frame) {
            return byName.computeIfAbsent(frame, n -> {
                Node c = new Node(n);
                children.add(c);
                return c;
            });
        }

        public Node find(String frame) {
            return byName.get(frame);
        }

        void prune(double min) {
            children.removeIf(c -> c.value < min);
            byName.values().removeIf(c -> c.value < min);
            children.sort(Comparator.comparing((Node c) -> c.name));
            children.forEach(c -> c.prune(min));
        }

        /** How many nodes the tree holds, this one included. */
        public int size() {
            return 1 + children.stream().mapToInt(Node::size).sum();
        }
    }
}
