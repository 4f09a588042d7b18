package io.wsbench.cli;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/** PHP with ext/soap for the tests that need a SOAP stack of another language: installed as the php-soap stack does. */
final class Php {

    private Php() {
    }

    /** Null when php with ext/soap runs here (installing it with apt-get as root if need be), else why not. */
    static synchronized String available() throws IOException, InterruptedException {
        if (hasSoap()) {
            return null;
        }
        boolean root = "root".equals(System.getProperty("user.name"));
        if (!root || !new java.io.File("/usr/bin/apt-get").canExecute()) {
            return "php with ext/soap is not installed and apt-get can't be run here";
        }
        Process p = new ProcessBuilder("sh", "-c", "apt-get update -q && apt-get install -y -q --no-install-recommends php-cli php-soap")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            return "apt-get install php-cli php-soap took more than 5 minutes";
        }
        return hasSoap() ? null : "apt-get could not install php-cli php-soap";
    }

    private static boolean hasSoap() throws InterruptedException {
        try {
            Process p = new ProcessBuilder("php", "-r", "exit(extension_loaded('soap') ? 0 : 1);")
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException noPhp) {
            return false;
        }
    }
}
