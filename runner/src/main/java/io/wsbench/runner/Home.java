package io.wsbench.runner;

import java.nio.file.Files;
import java.nio.file.Path;

/** The wsbench checkout: where suites/, stacks/ and results/ live. */
public final class Home {

    private Home() {
    }

    public static Path find() {
        String prop = System.getProperty("wsbench.home");
        if (prop != null && !prop.isBlank()) {
            return Path.of(prop).toAbsolutePath().normalize();
        }
        String env = System.getenv("WSBENCH_HOME");
        if (env != null && !env.isBlank()) {
            return Path.of(env).toAbsolutePath().normalize();
        }
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("suites")) && Files.isDirectory(p.resolve("stacks"))) {
                return p;
            }
        }
        return Path.of("").toAbsolutePath();
    }

    public static String version() {
        String v = Home.class.getPackage().getImplementationVersion();
        return v == null ? "0.1.0-SNAPSHOT" : v;
    }

    /** The commit of the checkout, read from .git without running git; "" when unknown. */
    public static String gitCommit(Path home) {
        try {
            Path git = home.resolve(".git");
            if (Files.isRegularFile(git)) { // a worktree: "gitdir: ..."
                git = home.resolve(Files.readString(git).trim().substring("gitdir:".length()).trim());
            }
            String head = Files.readString(git.resolve("HEAD")).trim();
            if (!head.startsWith("ref:")) {
                return head;
            }
            String ref = head.substring(4).trim();
            Path refFile = git.resolve(ref);
            if (Files.isRegularFile(refFile)) {
                return Files.readString(refFile).trim();
            }
            Path packed = git.resolve("packed-refs");
            if (Files.isRegularFile(packed)) {
                for (String line : Files.readAllLines(packed)) {
                    if (line.endsWith(" " + ref)) {
                        return line.substring(0, line.indexOf(' '));
                    }
                }
            }
        } catch (Exception e) {
            // not a git checkout
        }
        return "";
    }
}
