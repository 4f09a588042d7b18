package io.wsbench.launch;

import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** A stack's port is drawn below the kernel's ephemeral ports, which a load's client connections take, and is free. */
class FreePortTest {

    @Test
    void aPortBelowTheEphemeralRangeThatCanBeBound() throws Exception {
        Path range = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
        int low = Files.isReadable(range) ? Integer.parseInt(Files.readAllLines(range).get(0).trim().split("\\s+")[0]) : 0;
        for (int i = 0; i < 20; i++) {
            int port = StackLauncher.freePort();
            if (low > 11_000) {
                assertTrue(port >= 10_000 && port < low, port + " is not below the ephemeral ports, from " + low);
            }
            try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                assertTrue(s.isBound());
            }
        }
    }
}
