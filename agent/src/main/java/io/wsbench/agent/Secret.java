package io.wsbench.agent;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * The cluster's shared secret: every member (the controller and each agent) holds the same one, and
 * every message between them is sealed with a key made from it ({@link Seal}). It is read from
 * {@code WSBENCH_CLUSTER_SECRET} or a file, never from the command line (where {@code ps} and run.json
 * would show it), and it is never printed: {@link #toString} hides it.
 */
public final class Secret {

    /** The environment variable a secret is read from, and passed in to local agents. */
    public static final String ENVIRONMENT = "WSBENCH_CLUSTER_SECRET";
    /** Shorter secrets fall to a guess from a captured message in hours. */
    static final int MIN_LENGTH = 16;
    static final String HOW = "set " + ENVIRONMENT + " or give --secret-file FILE, the same on the controller and every agent"
            + " (make one with: openssl rand -base64 32)";

    private final byte[] bytes;

    private Secret(byte[] bytes) {
        this.bytes = bytes;
    }

    /**
     * The secret in {@code file} if given, else in the environment's {@value #ENVIRONMENT}.
     *
     * @throws IllegalArgumentException in one line, when there is none, the file cannot be read, or it is too short
     */
    public static Secret of(Path file, String environment) {
        String text;
        String from;
        if (file != null) {
            try {
                text = Files.readString(file, StandardCharsets.UTF_8).strip();
            } catch (NoSuchFileException e) {
                throw new IllegalArgumentException("--secret-file " + file + ": no such file");
            } catch (IOException e) {
                throw new IllegalArgumentException("--secret-file " + file + ": cannot be read (" + e.getMessage() + ")");
            }
            from = "--secret-file " + file;
        } else if (environment != null && !environment.isBlank()) {
            text = environment.strip();
            from = ENVIRONMENT;
        } else {
            throw new IllegalArgumentException("no cluster secret: " + HOW);
        }
        if (text.length() < MIN_LENGTH) {
            throw new IllegalArgumentException("the cluster secret in " + from + " has " + text.length() + " characters: give at least "
                    + MIN_LENGTH + " (make one with: openssl rand -base64 32)");
        }
        return new Secret(text.getBytes(StandardCharsets.UTF_8));
    }

    /** As {@link #of(Path, String)}, from this process's environment. */
    public static Secret of(Path file) {
        return of(file, System.getenv(ENVIRONMENT));
    }

    /** A new random secret, for the agents one run starts for itself ({@code --local}). */
    public static Secret generate() {
        byte[] random = new byte[32];
        new SecureRandom().nextBytes(random);
        return new Secret(Base64.getEncoder().withoutPadding().encodeToString(random).getBytes(StandardCharsets.US_ASCII));
    }

    /** The secret as the environment of a child process takes it ({@value #ENVIRONMENT}): never on its command line. */
    public String forEnvironment() {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    byte[] bytes() {
        return bytes.clone();
    }

    @Override
    public String toString() {
        return "[cluster secret]";
    }
}
