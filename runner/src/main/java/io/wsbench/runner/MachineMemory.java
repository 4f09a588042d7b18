package io.wsbench.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The memory the machine can still give (Linux's MemAvailable), or -1 where it does not say. */
final class MachineMemory {

    private MachineMemory() {
    }

    static long availableBytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith("MemAvailable:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }
}
