package io.wsbench.launch;

import org.apache.maven.settings.Mirror;
import org.apache.maven.settings.Settings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Another version of a stack's artifacts, resolved in this process by Maven's resolver into the cache
 * (STACK/OPTION-VALUE/lib), without the network: from the local repository this build filled, and
 * from a repository in a temporary directory that settings.xml names as Central's mirror.
 */
class VersionResolutionTest {

    /** This module's own dependency, so in the local repository whenever this test is compiled (launch/pom.xml). */
    private static final String RESOLVER = "2.0.25";

    private static final Path LOCAL_REPOSITORY = Path.of(System.getProperty("maven.repo.local",
            Path.of(System.getProperty("user.home"), ".m2", "repository").toString()));

    @Test
    void anArtifactInTheLocalRepositoryIsCopiedWithItsDependenciesAndKept(@TempDir Path home, @TempDir Path nowhere) throws Exception {
        StackDescriptor stack = stack(home, "resolve.version=org.apache.maven.resolver:maven-resolver-util");
        Path cache = home.resolve("cache");
        // an empty Central: whatever is resolved comes from the local repository
        MavenCentral central = new MavenCentral(LOCAL_REPOSITORY, nowhere.toUri().toString(), new Settings());

        Path lib = StackVersions.resolve(stack, "version", RESOLVER, cache, () -> central);

        assertEquals(cache.resolve("web/version-" + RESOLVER + "/lib"), lib);
        assertEquals(List.of("maven-resolver-api-" + RESOLVER + ".jar", "maven-resolver-util-" + RESOLVER + ".jar"), names(lib));
        Path util = LOCAL_REPOSITORY.resolve("org/apache/maven/resolver/maven-resolver-util/" + RESOLVER
                + "/maven-resolver-util-" + RESOLVER + ".jar");
        assertEquals(-1, Files.mismatch(util, lib.resolve(util.getFileName())), "the jar of the local repository, byte for byte");
        assertEquals(RESOLVER + "\n", Files.readString(lib.resolveSibling("resolved")));
        assertEquals(List.of(), Files.readAllLines(lib.resolveSibling("resolution.log")), "nothing was downloaded");
        assertFalse(Files.exists(lib.resolveSibling("lib.partial")));

        // resolved once: the cache answers, without reading any settings
        assertEquals(lib, StackVersions.resolve(stack, "version", RESOLVER, cache, () -> {
            throw new IOException("settings read for a cached version");
        }));
    }

    @Test
    void centralsMirrorIsUsedWithTheDependenciesExclusionsAndTransitivityTheStackAsksFor(@TempDir Path home, @TempDir Path mirror)
            throws Exception {
        artifact(mirror, "web", "2.1.0", "org.example:web-core:2.1.0", "org.example:web-logging:2.1.0");
        artifact(mirror, "web-core", "2.1.0", "org.example:web-logging:2.1.0");
        artifact(mirror, "web-logging", "2.1.0");
        MavenCentral central = throughMirror(home, mirror);

        Path all = StackVersions.resolve(stack(home, "resolve.version=org.example:web"), "version", "2.1.0", home.resolve("all"), () -> central);
        assertEquals(List.of("web-2.1.0.jar", "web-core-2.1.0.jar", "web-logging-2.1.0.jar"), names(all));
        assertEquals("web 2.1.0", Files.readString(all.resolve("web-2.1.0.jar")));
        String log = Files.readString(all.resolveSibling("resolution.log"));
        assertTrue(log.contains("downloaded " + mirror.toUri() + "org/example/web-core/2.1.0/web-core-2.1.0.jar"), log);
        // the resolver's own warnings (this mirror has no checksums) are in the log, not on the console
        assertTrue(log.contains("WARNING: Could not validate integrity of download from " + mirror.toUri()
                + "org/example/web/2.1.0/web-2.1.0.jar: no checksums available"), log);

        Path excluded = StackVersions.resolve(stack(home, "resolve.version=org.example:web\nresolve.version.exclusions=org.example:web-logging"),
                "version", "2.1.0", home.resolve("excluded"), () -> central);
        assertEquals(List.of("web-2.1.0.jar", "web-core-2.1.0.jar"), names(excluded), "excluded from web and from what web brings");

        Path alone = StackVersions.resolve(stack(home, "resolve.version=org.example:web,org.example:web-core\nresolve.version.transitive=false"),
                "version", "2.1.0", home.resolve("alone"), () -> central);
        assertEquals(List.of("web-2.1.0.jar", "web-core-2.1.0.jar"), names(alone), "the named artifacts, nothing they bring");
    }

    @Test
    void aVersionCentralDoesNotHaveIsRefusedInOneLineAndNothingIsCached(@TempDir Path home, @TempDir Path mirror) throws Exception {
        artifact(mirror, "web", "2.1.0");
        StackDescriptor stack = stack(home, "resolve.version=org.example:web");
        Path cache = home.resolve("cache");

        StackException missing = assertThrows(StackException.class,
                () -> StackVersions.resolve(stack, "version", "2.1.999", cache, () -> throughMirror(home, mirror)));
        Path dir = cache.resolve("web/version-2.1.999");
        assertEquals("stack web: version 2.1.999 cannot be had from Maven Central (no such version); lines known to run here: "
                + "2.1.x and 2.0.x (details: " + dir.resolve("resolution.log") + ")", missing.getMessage());
        assertTrue(Files.readString(dir.resolve("resolution.log")).contains("org.example:web:jar:2.1.999"));
        assertFalse(Files.exists(dir.resolve("resolved")));
        assertFalse(Files.exists(dir.resolve("lib")));

        Settings offline = new Settings();
        offline.setOffline(true);
        StackException notAsked = assertThrows(StackException.class, () -> StackVersions.resolve(stack, "version", "2.1.0", cache,
                () -> new MavenCentral(home.resolve("empty-local"), mirror.toUri().toString(), offline)));
        assertTrue(notAsked.getMessage().startsWith("stack web: version 2.1.0 cannot be had from Maven Central (Maven is offline); "),
                notAsked.getMessage());
    }

    private static MavenCentral throughMirror(Path home, Path mirror) {
        Mirror m = new Mirror();
        m.setId("in-house");
        m.setMirrorOf("central");
        m.setUrl(mirror.toUri().toString());
        Settings settings = new Settings();
        settings.addMirror(m);
        // Central itself is out of reach: only the mirror can answer
        return new MavenCentral(home.resolve("local-repository"), "http://127.0.0.1:9/maven2/", settings);
    }

    private static StackDescriptor stack(Path home, String resolve) throws IOException {
        Path dir = Files.createDirectories(home.resolve("stacks/web/target/stack/lib"));
        return StackDescriptor.load(Files.writeString(dir.resolveSibling("stack.properties"), """
                name=web
                main=Web
                option.version=2.0.0
                resolve.version.lines=2.1.x and 2.0.x
                """ + resolve + "\n"));
    }

    /** org.example:ARTIFACT:VERSION in the repository {@code repo}: a pom with {@code dependencies} and a jar holding its name. */
    private static void artifact(Path repo, String artifact, String version, String... dependencies) throws IOException {
        Path dir = Files.createDirectories(repo.resolve("org/example").resolve(artifact).resolve(version));
        StringBuilder deps = new StringBuilder();
        for (String d : dependencies) {
            String[] gav = d.split(":");
            deps.append("<dependency><groupId>").append(gav[0]).append("</groupId><artifactId>").append(gav[1])
                    .append("</artifactId><version>").append(gav[2]).append("</version></dependency>");
        }
        Files.writeString(dir.resolve(artifact + "-" + version + ".pom"), """
                <project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
                  <groupId>org.example</groupId><artifactId>%s</artifactId><version>%s</version>
                  <dependencies>%s</dependencies>
                </project>
                """.formatted(artifact, version, deps));
        Files.writeString(dir.resolve(artifact + "-" + version + ".jar"), artifact + " " + version);
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
