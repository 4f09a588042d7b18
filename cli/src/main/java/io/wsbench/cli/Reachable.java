package io.wsbench.cli;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;

/** Whether a URL's server accepts connections: checked before any load is sent, so a typo costs no run. */
final class Reachable {

    private Reachable() {
    }

    /** The address of the server of an http:// URL; port 80 where the URL names none. */
    static InetSocketAddress address(URI url) {
        return new InetSocketAddress(url.getHost(), url.getPort() > 0 ? url.getPort() : 80);
    }

    /** The address of {@code url}'s server, once it accepted a connection; else one line and exit code 2. */
    static InetSocketAddress check(URI url) {
        InetSocketAddress address = address(url);
        try (Socket s = new Socket()) {
            s.connect(address, 3000);
        } catch (IOException e) {
            String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            throw new Main.UserError("cannot connect to " + url + ": " + why);
        }
        return address;
    }
}
