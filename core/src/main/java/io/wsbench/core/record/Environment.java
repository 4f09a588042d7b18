package io.wsbench.core.record;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** Where a run happened: enough to tell whether two runs are comparable. */
@com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
public record Environment(String cpuModel, int cores, String os, String kernel, String jvm,
                          long memoryBytes, Map<String, String> stacks, Map<String, String> cpus) {

    /** {@code cpus}: the cores each process was pinned to ("generator", "servers"), null when none was. */
    public Environment(String cpuModel, int cores, String os, String kernel, String jvm, long memoryBytes,
                       Map<String, String> stacks) {
        this(cpuModel, cores, os, kernel, jvm, memoryBytes, stacks, null);
    }

    public static Environment detect(Map<String, String> stacks) {
        return new Environment(detectCpuModel(), Runtime.getRuntime().availableProcessors(),
                System.getProperty("os.name") + " " + System.getProperty("os.arch"),
                System.getProperty("os.version"),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
                detectMemoryBytes(), stacks);
    }

    public Environment withStacks(Map<String, String> more) {
        return new Environment(cpuModel, cores, os, kernel, jvm, memoryBytes, more, cpus);
    }

    public Environment withCpus(Map<String, String> placed) {
        return new Environment(cpuModel, cores, os, kernel, jvm, memoryBytes, stacks, placed);
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
