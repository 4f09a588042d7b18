package io.wsbench.model.record;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Where a run happened: enough to tell whether two runs are comparable. */
@com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
public record Environment(String cpuModel, int cores, String os, String kernel, String jvm,
                          long memoryBytes, Map<String, String> stacks, Map<String, String> cpus,
                          Map<String, List<String>> jvmOptions, String idle) {

    /**
     * {@code jvmOptions}: the JVM options each server was given by the suite (heap, GC, system
     * properties), by the name {@code stacks} gives it; null when none was given any. {@code idle}: how
     * the machine's idle cores waited while load was measured, "poll" (kept out of halt) or "halt"
     * (as the OS chose); null in a run that did not say.
     */
    public Environment {
        jvmOptions = jvmOptions == null || jvmOptions.isEmpty() ? null : Collections.unmodifiableMap(new TreeMap<>(jvmOptions));
    }

    public Environment(String cpuModel, int cores, String os, String kernel, String jvm, long memoryBytes,
                       Map<String, String> stacks, Map<String, String> cpus) {
        this(cpuModel, cores, os, kernel, jvm, memoryBytes, stacks, cpus, null, null);
    }

    /** {@code cpus}: the cores each process was pinned to ("generator", "servers"), null when none was. */
    public Environment(String cpuModel, int cores, String os, String kernel, String jvm, long memoryBytes,
                       Map<String, String> stacks) {
        this(cpuModel, cores, os, kernel, jvm, memoryBytes, stacks, null, null, null);
    }

    public static Environment detect(Map<String, String> stacks) {
        return new Environment(detectCpuModel(), detectCores(),
                System.getProperty("os.name") + " " + System.getProperty("os.arch"),
                System.getProperty("os.version"),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
                detectMemoryBytes(), stacks);
    }

    public Environment withStacks(Map<String, String> more) {
        return new Environment(cpuModel, cores, os, kernel, jvm, memoryBytes, more, cpus, jvmOptions, idle);
    }

    public Environment withCpus(Map<String, String> placed) {
        return new Environment(cpuModel, cores, os, kernel, jvm, memoryBytes, stacks, placed, jvmOptions, idle);
    }

    /** With how the idle cores waited ("poll" or "halt"). */
    public Environment withIdle(String how) {
        return new Environment(cpuModel, cores, os, kernel, jvm, memoryBytes, stacks, cpus, jvmOptions, how);
    }

    /** With the JVM options server {@code stack} was started with (none: unchanged). */
    public Environment withJvmOptions(String stack, List<String> options) {
        if (options.isEmpty()) {
            return this;
        }
        Map<String, List<String>> all = new TreeMap<>(jvmOptions == null ? Map.of() : jvmOptions);
        all.put(stack, List.copyOf(options));
        return new Environment(cpuModel, cores, os, kernel, jvm, memoryBytes, stacks, cpus, all, idle);
    }

    /**
     * The machine's CPUs as /proc/stat counts them (the same CPUs its machine-wide figures are over),
     * not the JVM's available processors, which a {@code taskset} around wsbench narrows.
     */
    private static int detectCores() {
        try (java.util.stream.Stream<String> lines = java.nio.file.Files.lines(java.nio.file.Path.of("/proc/stat"))) {
            long n = lines.filter(l -> l.matches("cpu\\d+ .*")).count();
            if (n > 0) {
                return (int) n;
            }
        } catch (java.io.IOException | RuntimeException e) {
            // not Linux: the JVM's count
        }
        return Runtime.getRuntime().availableProcessors();
    }

    private static String detectCpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: fall through
        }
        return System.getProperty("os.arch");
    }

    private static long detectMemoryBytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith("MemTotal:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        return Runtime.getRuntime().maxMemory();
    }
}
