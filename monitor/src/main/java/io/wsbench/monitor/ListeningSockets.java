package io.wsbench.monitor;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The TCP sockets a process listens on, read from /proc: its open file descriptors name socket
 * inodes, and /proc/PID/net/tcp and tcp6 list each listening socket's address and inode.
 */
public final class ListeningSockets {

    private static final String LISTEN = "0A";

    private ListeningSockets() {
    }

    /** "127.0.0.1:8080", "[::]:40133", ... for every TCP socket process {@code pid} listens on. */
    public static List<String> of(long pid) throws IOException {
        Set<String> inodes = new HashSet<>();
        try (Stream<Path> fds = Files.list(Path.of("/proc", String.valueOf(pid), "fd"))) {
            for (Path fd : fds.toList()) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        inodes.add(target.substring(8, target.length() - 1));
                    }
                } catch (IOException e) {
                    // closed while we looked
                }
            }
        }
        List<String> listening = new ArrayList<>();
        for (String table : List.of("tcp", "tcp6")) {
            Path file = Path.of("/proc", String.valueOf(pid), "net", table);
            if (!Files.exists(file)) {
                continue;
            }
            List<String> lines = Files.readAllLines(file); // read once: the table changes as connections come and go
            for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
                String[] f = line.trim().split("\\s+");
                if (f.length > 9 && LISTEN.equals(f[3]) && inodes.contains(f[9])) {
                    listening.add(address(f[1]));
                }
            }
        }
        return listening;
    }

    /** /proc's "0100007F:1F90" (the address in the kernel's byte order, then the port) as "127.0.0.1:8080". */
    static String address(String hex) throws UnknownHostException {
        String[] parts = hex.split(":");
        byte[] raw = new byte[parts[0].length() / 2];
        // each 32-bit word is in host (little-endian) order
        for (int word = 0; word < raw.length / 4; word++) {
            for (int b = 0; b < 4; b++) {
                int at = word * 8 + (3 - b) * 2;
                raw[word * 4 + b] = (byte) Integer.parseInt(parts[0].substring(at, at + 2), 16);
            }
        }
        // an IPv4-mapped address in tcp6 (a Java server bound to 127.0.0.1) reads as the IPv4 one
        InetAddress address = InetAddress.getByAddress(raw);
        int port = Integer.parseInt(parts[1], 16);
        return (address instanceof java.net.Inet6Address ? "[" + address.getHostAddress() + "]" : address.getHostAddress()) + ":" + port;
    }
}
