package io.wsbench.stacks.warhost;

import io.wsbench.stacks.tomcathost.ServletHost;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A user's WAR in wsbench's embedded Tomcat: the line (9, 10.1 or 11) is the Tomcat on the class
 * path, which the stack launcher picks from the {@code tomcat} option; the WAR is
 * {@code -Dwsbench.war}. Deployed at "/", listening on 127.0.0.1 only.
 */
public final class WarHost {

    private WarHost() {
    }

    public static void main(String[] args) {
        String war = System.getProperty("wsbench.war", "");
        if (war.isBlank()) {
            ServletHost.fail("no WAR to deploy: give it as -Dwsbench.war=FILE", 2);
        }
        Path file = Path.of(war);
        if (!Files.exists(file)) {
            ServletHost.fail("no such WAR file: " + file.toAbsolutePath(), 2);
        }
        ServletHost.ofWar(args, file).serve("WAR " + file.getFileName());
    }
}
