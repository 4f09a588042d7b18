package io.wsbench.contract.security;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * The keys of the secured configurations: an RSA-2048 key pair and self-signed certificate for the
 * client and one for the server, each keystore also trusting the other side's certificate, and
 * the UsernameToken credentials. Generated with the JDK's keytool on first use into
 * {@code <wsbench home>/target/keys} (never committed); both the stacks and wsbench's client load
 * them from there. Passwords are random per generation and only ever read from that directory:
 * {@link #toString()} redacts them, so they cannot reach a log by accident.
 *
 * @param dir           the directory of the keystores and their secrets
 * @param storePassword the password of both keystores and of the private keys in them
 * @param userPassword  the UsernameToken password of {@value #USERNAME}
 */
public record WsSecurityKeys(Path dir, String storePassword, String userPassword) {

    public static final String CLIENT_ALIAS = "client";
    public static final String SERVER_ALIAS = "server";
    public static final String USERNAME = "wsbench";
    /** The system property (set by the stack launcher as -Dwsbench.keys) naming the directory. */
    public static final String DIR_PROPERTY = "wsbench.keys";

    static final String SECRETS = "secrets.properties";

    /** The keys in {@link #defaultDir()}, generated if missing. */
    public static WsSecurityKeys load() {
        return in(defaultDir());
    }

    /** -Dwsbench.keys, else target/keys under -Dwsbench.home, else under the checkout holding the working directory. */
    public static Path defaultDir() {
        String p = System.getProperty(DIR_PROPERTY);
        if (p != null && !p.isBlank()) {
            return Path.of(p).toAbsolutePath().normalize();
        }
        String home = System.getProperty("wsbench.home");
        if (home == null || home.isBlank()) {
            home = System.getenv("WSBENCH_HOME");
        }
        if (home != null && !home.isBlank()) {
            return Path.of(home).toAbsolutePath().normalize().resolve("target/keys");
        }
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            if (Files.isDirectory(d.resolve("suites")) && Files.isDirectory(d.resolve("stacks"))) {
                return d.resolve("target/keys");
            }
        }
        return Path.of("target/keys").toAbsolutePath();
    }

    /** The keys in {@code dir}, generated there first if it holds none. Safe when several processes race. */
    public static synchronized WsSecurityKeys in(Path dir) {
        if (!Files.isRegularFile(dir.resolve(SECRETS))) {
            generate(dir);
        }
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(dir.resolve(SECRETS))) {
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new WsSecurityKeys(dir, p.getProperty("store.password"), p.getProperty("user.password"));
    }

    /** PKCS12: the client's private key ({@value #CLIENT_ALIAS}) and the server's certificate ({@value #SERVER_ALIAS}). */
    public Path clientStore() {
        return dir.resolve("client.p12");
    }

    /** PKCS12: the server's private key ({@value #SERVER_ALIAS}) and the client's certificate ({@value #CLIENT_ALIAS}). */
    public Path serverStore() {
        return dir.resolve("server.p12");
    }

    /**
     * The configuration of WSS4J's Merlin crypto (2.x and later property names) over the keystore
     * holding {@code alias}'s private key ({@value #CLIENT_ALIAS} or {@value #SERVER_ALIAS}), that
     * store also serving as the truststore: the other side's certificate is in it.
     */
    public Properties merlin(String alias) {
        Path store = switch (alias) {
            case CLIENT_ALIAS -> clientStore();
            case SERVER_ALIAS -> serverStore();
            default -> throw new IllegalArgumentException("no keystore holds the key of " + alias);
        };
        Properties p = new Properties();
        String m = "org.apache.wss4j.crypto.merlin.";
        p.setProperty("org.apache.wss4j.crypto.provider", "org.apache.wss4j.common.crypto.Merlin");
        p.setProperty(m + "keystore.type", "PKCS12");
        p.setProperty(m + "keystore.file", store.toString());
        p.setProperty(m + "keystore.password", storePassword);
        p.setProperty(m + "keystore.alias", alias);
        p.setProperty(m + "truststore.type", "PKCS12");
        p.setProperty(m + "truststore.file", store.toString());
        p.setProperty(m + "truststore.password", storePassword);
        return p;
    }

    public KeyStore open(Path store) {
        try (InputStream in = Files.newInputStream(store)) {
            KeyStore ks = KeyStore.getInstance("PKCS12");
            ks.load(in, storePassword.toCharArray());
            return ks;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (Exception e) {
            throw new IllegalStateException("cannot open keystore " + store + ": " + e.getClass().getSimpleName());
        }
    }

    /**
     * A freshly generated self-signed certificate (CN=wsbench-stranger) whose private key is thrown
     * away at once: no side holds it, so a message encrypted for it can be read by nobody.
     */
    public static X509Certificate strangerCertificate() {
        Path tmp = null;
        try {
            tmp = Files.createTempDirectory("wsbench-stranger-");
            Path ks = tmp.resolve("stranger.p12");
            String password = random();
            keytool(password, "-genkeypair", "-alias", "stranger", "-keyalg", "RSA", "-keysize", "2048",
                    "-sigalg", "SHA256withRSA", "-validity", "2", "-dname", "CN=wsbench-stranger",
                    "-storetype", "PKCS12", "-keystore", ks.toString(),
                    "-storepass:env", "WSBENCH_STOREPASS", "-keypass:env", "WSBENCH_STOREPASS");
            KeyStore store = KeyStore.getInstance("PKCS12");
            try (InputStream in = Files.newInputStream(ks)) {
                store.load(in, password.toCharArray());
            }
            return (X509Certificate) store.getCertificate("stranger");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot generate a stranger's certificate", e);
        } catch (Exception e) {
            throw new IllegalStateException("cannot generate a stranger's certificate: " + e.getClass().getSimpleName());
        } finally {
            if (tmp != null) {
                delete(tmp);
            }
        }
    }

    @Override
    public String toString() {
        return "WsSecurityKeys[" + dir + ", passwords redacted]";
    }

    static void generate(Path dir) {
        Path tmp = null;
        try {
            Files.createDirectories(dir.getParent());
            tmp = Files.createTempDirectory(dir.getParent(), ".keys-");
            String store = random();
            String user = random();
            for (String side : List.of(CLIENT_ALIAS, SERVER_ALIAS)) {
                Path ks = tmp.resolve(side + ".p12");
                keytool(store, "-genkeypair", "-alias", side, "-keyalg", "RSA", "-keysize", "2048",
                        "-sigalg", "SHA256withRSA", "-validity", "3650", "-dname", "CN=wsbench-" + side,
                        "-storetype", "PKCS12", "-keystore", ks.toString(),
                        "-storepass:env", "WSBENCH_STOREPASS", "-keypass:env", "WSBENCH_STOREPASS");
                keytool(store, "-exportcert", "-rfc", "-alias", side, "-keystore", ks.toString(),
                        "-storepass:env", "WSBENCH_STOREPASS", "-file", tmp.resolve(side + ".cer").toString());
            }
            // each side trusts the other's certificate
            for (String[] pair : List.of(new String[]{CLIENT_ALIAS, SERVER_ALIAS}, new String[]{SERVER_ALIAS, CLIENT_ALIAS})) {
                keytool(store, "-importcert", "-noprompt", "-alias", pair[1],
                        "-file", tmp.resolve(pair[1] + ".cer").toString(), "-storetype", "PKCS12",
                        "-keystore", tmp.resolve(pair[0] + ".p12").toString(), "-storepass:env", "WSBENCH_STOREPASS");
            }
            Properties p = new Properties();
            p.setProperty("store.password", store);
            p.setProperty("user.password", user);
            Path secrets = tmp.resolve(SECRETS);
            try (OutputStream out = Files.newOutputStream(secrets)) {
                p.store(out, "generated test keys: never commit, never print");
            }
            try {
                Files.setPosixFilePermissions(secrets, PosixFilePermissions.fromString("rw-------"));
            } catch (UnsupportedOperationException ignored) {
                // not a POSIX file system
            }
            try {
                Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
                tmp = null;
            } catch (FileSystemException e) {
                // another process generated them first: use theirs. Linux's rename says ENOTEMPTY, which the
                // JDK reports as a plain FileSystemException ("Directory not empty"), not DirectoryNotEmptyException
                if (!Files.isRegularFile(dir.resolve(SECRETS))) {
                    throw e;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot generate test keys in " + dir, e);
        } finally {
            if (tmp != null) {
                delete(tmp);
            }
        }
    }

    private static void keytool(String storePassword, String... args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        // the password goes through the environment, never onto a command line others can read
        Map<String, String> env = pb.environment();
        env.put("WSBENCH_STOREPASS", storePassword);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes());
        try {
            if (p.waitFor() != 0) {
                throw new IOException("keytool " + args[0] + " failed: " + out.replace(storePassword, "***").trim());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while generating keys");
        }
    }

    private static String random() {
        SecureRandom r = new SecureRandom();
        String alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
        StringBuilder sb = new StringBuilder(24);
        for (int i = 0; i < 24; i++) {
            sb.append(alphabet.charAt(r.nextInt(alphabet.length())));
        }
        return sb.toString();
    }

    private static void delete(Path tree) {
        try (Stream<Path> s = Files.walk(tree)) {
            s.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException ignored) {
            // best effort: a leftover temporary directory holds no live key
        }
    }
}
