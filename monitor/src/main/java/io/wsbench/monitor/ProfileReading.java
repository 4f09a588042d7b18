package io.wsbench.monitor;

import io.wsbench.model.profile.Folded;
import io.wsbench.model.profile.PackageGroups;
import io.wsbench.model.record.ProfileRecord;
import io.wsbench.model.record.ProfileRecordBuilder;
import jdk.jfr.consumer.RecordedClass;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A profiler's recording (Flight Recorder's format, as async-profiler writes it) as three sets of
 * collapsed stacks: CPU samples, bytes allocated (the allocated class as the leaf frame) and
 * microseconds waited on locks (the lock as the leaf). A stack sampled in one of the JVM's own
 * threads gets a root frame naming it ({@link PackageGroups#GC_ROOT}, {@link PackageGroups#JIT_ROOT},
 * {@link PackageGroups#VM_ROOT}). Names that differ from one JVM to the next (a lambda's hidden
 * class, a generated accessor's number) are made the same, so that two runs' stacks can be compared.
 */
record ProfileReading(long cpuSamples, Folded cpu, Folded alloc, Folded waits) {

    private static final Pattern LAMBDA = Pattern.compile("\\$\\$Lambda[$/][^.;]*(\\.0x[0-9a-f]+)?");
    private static final Pattern GENERATED = Pattern.compile("(Generated(Serialization|Method|Constructor)Accessor)\\d+");
    private static final Pattern HIDDEN = Pattern.compile("/0x[0-9a-f]+");

    static ProfileReading read(Path file) throws IOException {
        Folded cpu = new Folded();
        Folded alloc = new Folded();
        Folded waits = new Folded();
        long samples = 0;
        try (RecordingFile recording = new RecordingFile(file)) {
            while (recording.hasMoreEvents()) {
                RecordedEvent e = recording.readEvent();
                RecordedStackTrace trace = e.getStackTrace();
                if (trace == null) {
                    continue;
                }
                switch (e.getEventType().getName()) {
                    case "jdk.ExecutionSample" -> {
                        cpu.add(frames(trace, root(e.getThread("sampledThread")), null), 1);
                        samples++;
                    }
                    case "jdk.ObjectAllocationInNewTLAB" -> alloc.add(frames(trace, null, allocated(e)), e.getLong("tlabSize"));
                    case "jdk.ObjectAllocationOutsideTLAB" -> alloc.add(frames(trace, null, allocated(e)), e.getLong("allocationSize"));
                    case "jdk.ObjectAllocationSample" -> alloc.add(frames(trace, null, allocated(e)), e.getLong("weight"));
                    case "jdk.JavaMonitorEnter" -> waits.add(frames(trace, null, "[lock " + className(e.getClass("monitorClass")) + "]"),
                            e.getDuration().toNanos() / 1000);
                    case "jdk.ThreadPark" -> waits.add(frames(trace, null, "[park " + className(e.getClass("parkedClass")) + "]"),
                            e.getDuration().toNanos() / 1000);
                    default -> {
                    }
                }
            }
        }
        return new ProfileReading(samples, cpu, alloc, waits);
    }

    /** Writes the three collapsed-stack files, {@code base} + {@link ProfileRecord#CPU} and the others. */
    void write(Path base) throws IOException {
        cpu.write(Path.of(base + ProfileRecord.CPU));
        alloc.write(Path.of(base + ProfileRecord.ALLOC));
        waits.write(Path.of(base + ProfileRecord.WAIT));
    }

    /**
     * The point's record: the process's {@code cpuMicros} (measured by the kernel) split over the
     * parts in proportion to their samples, and how much of it the samples cover.
     */
    ProfileRecord record(String profiler, double periodMicros, double cpuMicros, PackageGroups groups, String files) {
        double sampled = cpuSamples * periodMicros;
        double whole = cpuMicros > 0 ? cpuMicros : sampled;
        List<ProfileRecord.Part> parts = new ArrayList<>();
        if (cpuSamples > 0) {
            for (Map.Entry<String, Long> p : groups.split(cpu).entrySet()) {
                parts.add(new ProfileRecord.Part(p.getKey(), round(whole * p.getValue() / cpuSamples)));
            }
        }
        double coverage = cpuMicros > 0 ? Math.round(1000 * sampled / cpuMicros) / 1000.0 : 0;
        return ProfileRecordBuilder.builder().profiler(profiler).periodMicros(periodMicros)
                .cpuSamples(cpuSamples).coverage(coverage).cpuMicros(round(whole)).parts(parts)
                .allocBytes(alloc.total()).waitMicros(waits.total()).files(files).build();
    }

    private static double round(double micros) {
        return Math.round(micros * 10) / 10.0;
    }

    /** The root frame of a JVM thread of its own (a collector, a compiler), or null for the others. */
    static String root(RecordedThread t) {
        String name = t == null ? null : t.getOSName() != null ? t.getOSName() : t.getJavaName();
        if (name == null) {
            return null;
        }
        if (name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre") || name.startsWith("JVMCI")) {
            return PackageGroups.JIT_ROOT;
        }
        if (name.startsWith("GC Thread") || name.startsWith("G1 ") || name.startsWith("ZWorker") || name.startsWith("ZDriver")
                || name.startsWith("Shenandoah") || name.startsWith("Parallel GC") || name.startsWith("VM Thread")) {
            return PackageGroups.GC_ROOT; // the VM thread runs the collector's pauses of the serial and G1 collectors
        }
        return t.getJavaName() == null ? PackageGroups.VM_ROOT : null;
    }

    /** The frames from the root, with {@code root} and {@code leaf} added when not null. */
    static List<String> frames(RecordedStackTrace trace, String root, String leaf) {
        List<RecordedFrame> fs = trace.getFrames();
        List<String> names = new ArrayList<>(fs.size() + 2);
        if (root != null) {
            names.add(root);
        }
        for (int i = fs.size() - 1; i >= 0; i--) {
            names.add(name(fs.get(i)));
        }
        if (leaf != null) {
            names.add(leaf);
        }
        return names;
    }

    /** "pkg.Class.method" for Java code; a native function's name, a kernel one's with "_[k]". */
    static String name(RecordedFrame f) {
        String type = f.getType();
        String method = f.getMethod() == null ? "?" : f.getMethod().getName();
        if ("Native".equals(type) || "C++".equals(type) || "Kernel".equals(type)) {
            int paren = method.indexOf('(');
            String fn = (paren > 0 ? method.substring(0, paren) : method).replace(';', ',');
            return "Kernel".equals(type) ? fn + "_[k]" : fn;
        }
        String owner = f.getMethod() == null ? "?" : f.getMethod().getType().getName();
        return stable(owner + "." + method);
    }

    /** The same name whatever JVM made it: lambdas' hidden classes and generated accessors lose their numbers. */
    static String stable(String frame) {
        String s = LAMBDA.matcher(frame).replaceAll("\\$\\$Lambda");
        s = GENERATED.matcher(s).replaceAll("$1");
        return HIDDEN.matcher(s).replaceAll("").replace(';', ',').replace(' ', '_');
    }

    private static String allocated(RecordedEvent e) {
        return className(e.getClass("objectClass"));
    }

    private static String className(RecordedClass c) {
        return c == null ? "?" : stable(javaName(c.getName()));
    }

    /** "byte[]" for the JVM's "[B", "java.lang.String[][]" for "[[Ljava.lang.String;": as Java code spells them. */
    static String javaName(String name) {
        int dims = 0;
        while (dims < name.length() && name.charAt(dims) == '[') {
            dims++;
        }
        if (dims == 0) {
            return name;
        }
        String element = name.substring(dims);
        String base = switch (element) {
            case "B" -> "byte";
            case "C" -> "char";
            case "D" -> "double";
            case "F" -> "float";
            case "I" -> "int";
            case "J" -> "long";
            case "S" -> "short";
            case "Z" -> "boolean";
            default -> element.startsWith("L") && element.endsWith(";") ? element.substring(1, element.length() - 1) : element;
        };
        return base + "[]".repeat(dims);
    }
}
