package io.wsbench.launch;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Which cores a process runs on, set and read with util-linux's taskset (sched_setaffinity): the
 * one place wsbench places processes, the generator pinning itself and each server started on its
 * cores from its first instruction.
 */
public final class Cores {

    private Cores() {
    }

    /** The cores process {@code pid} may run on now, as a CPU list ("0,1"). */
    public static String of(long pid) throws StackException {
        String said = taskset("cannot read the cores of process " + pid, "--cpu-list", "--pid", String.valueOf(pid));
        if (!said.contains(":")) {
            throw new StackException("cannot read the cores of process " + pid + ": " + said);
        }
        return said.substring(said.lastIndexOf(':') + 1).trim();
    }

    /** Pins every thread of process {@code pid}, and those it starts later, to {@code cores}. */
    public static void pin(long pid, String cores) throws StackException {
        taskset("cannot pin process " + pid + " to cores " + cores, "--all-tasks", "--cpu-list", "--pid", cores,
                String.valueOf(pid));
    }

    /** Pins one thread ({@code tid}, a task of this or another process) to {@code cores}, its process's other threads left as they are. */
    public static void pinThread(long tid, String cores) throws StackException {
        taskset("cannot pin thread " + tid + " to cores " + cores, "--cpu-list", "--pid", cores, String.valueOf(tid));
    }

    /** Pins the calling thread, and only it, to {@code cores}. */
    public static void pinThisThread(String cores) throws StackException {
        String self;
        try {
            self = java.nio.file.Files.readSymbolicLink(java.nio.file.Path.of("/proc/thread-self")).toString(); // "pid/task/tid"
        } catch (IOException | UnsupportedOperationException e) {
            throw new StackException("cannot pin a thread to cores " + cores + ": /proc/thread-self: " + e.getMessage());
        }
        pinThread(Long.parseLong(self.substring(self.lastIndexOf('/') + 1)), cores);
    }

    /** {@code command} started on {@code cores} only (every thread it starts too); as it is for null cores. */
    public static List<String> on(String cores, List<String> command) {
        if (cores == null) {
            return command;
        }
        List<String> placed = new ArrayList<>(List.of("taskset", "--cpu-list", cores));
        placed.addAll(command);
        return placed;
    }

    private static String taskset(String failure, String... args) throws StackException {
        List<String> cmd = new ArrayList<>(List.of("taskset"));
        cmd.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String said = new String(p.getInputStream().readAllBytes()).trim();
            if (p.waitFor() != 0) {
                throw new StackException(failure + ": " + said);
            }
            return said;
        } catch (IOException e) {
            throw new StackException(failure + ": taskset (util-linux) is needed: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StackException(failure + ": interrupted");
        }
    }
}
