package io.wsbench.monitor;

import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import sun.tools.attach.HotSpotVirtualMachine;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Diagnostic commands sent to a local JVM through the Attach API, as the JDK's jcmd sends them:
 * over a Unix-domain socket the JVM opens on first request, readable by its own user only. No TCP
 * port, no agent loaded into the server.
 */
final class Jcmd implements AutoCloseable {

    private final long pid;
    private final HotSpotVirtualMachine vm;

    private Jcmd(long pid, HotSpotVirtualMachine vm) {
        this.pid = pid;
        this.vm = vm;
    }

    static Jcmd attach(long pid) throws IOException {
        try {
            VirtualMachine vm = VirtualMachine.attach(String.valueOf(pid));
            if (!(vm instanceof HotSpotVirtualMachine hotspot)) {
                vm.detach();
                throw new IOException("process " + pid + " is not a HotSpot JVM");
            }
            return new Jcmd(pid, hotspot);
        } catch (AttachNotSupportedException e) {
            throw new IOException("cannot attach to process " + pid + ": " + e.getMessage(), e);
        }
    }

    /** Runs {@code command} (e.g. "JFR.start name=x") and returns what the JVM answered. */
    String run(String command) throws IOException {
        try (InputStream in = vm.executeJCmd(command)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
        }
    }

    long pid() {
        return pid;
    }

    @Override
    public void close() {
        try {
            vm.detach();
        } catch (IOException e) {
            // the server is gone: nothing to release
        }
    }
}
