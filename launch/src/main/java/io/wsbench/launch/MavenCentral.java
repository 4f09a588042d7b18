package io.wsbench.launch;

import org.apache.maven.settings.Mirror;
import org.apache.maven.settings.Proxy;
import org.apache.maven.settings.Server;
import org.apache.maven.settings.Settings;
import org.apache.maven.settings.building.DefaultSettingsBuilderFactory;
import org.apache.maven.settings.building.DefaultSettingsBuildingRequest;
import org.apache.maven.settings.building.SettingsBuildingException;
import org.apache.maven.settings.building.SettingsProblem;
import org.eclipse.aether.RepositoryException;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession.CloseableSession;
import org.eclipse.aether.artifact.Artifact;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.collection.CollectRequest;
import org.eclipse.aether.graph.Dependency;
import org.eclipse.aether.graph.Exclusion;
import org.eclipse.aether.repository.RemoteRepository;
import org.eclipse.aether.resolution.ArtifactRequest;
import org.eclipse.aether.resolution.ArtifactResolutionException;
import org.eclipse.aether.resolution.ArtifactResult;
import org.eclipse.aether.resolution.DependencyRequest;
import org.eclipse.aether.supplier.RepositorySystemSupplier;
import org.eclipse.aether.supplier.SessionBuilderSupplier;
import org.eclipse.aether.transfer.AbstractTransferListener;
import org.eclipse.aether.transfer.ArtifactNotFoundException;
import org.eclipse.aether.transfer.TransferEvent;
import org.eclipse.aether.util.artifact.JavaScopes;
import org.eclipse.aether.util.filter.DependencyFilterUtils;
import org.eclipse.aether.util.repository.AuthenticationBuilder;
import org.eclipse.aether.util.repository.DefaultAuthenticationSelector;
import org.eclipse.aether.util.repository.DefaultMirrorSelector;
import org.eclipse.aether.util.repository.DefaultProxySelector;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import java.util.stream.Stream;

/**
 * Maven Central as this user's Maven reaches it, resolved in this process by Maven's own resolver (the
 * repository system Maven 3.10 runs on; no {@code mvn} is started): through the local repository
 * (~/.m2/repository, or the one settings.xml names), with settings.xml's mirrors, proxies, server
 * logins and offline flag. Encrypted passwords (settings-security.xml) are not decrypted.
 */
final class MavenCentral {

    /** Where a MavenCentral comes from when one is needed: reading settings.xml may fail, and is not done for a cached version. */
    @FunctionalInterface
    interface Source {
        MavenCentral get() throws IOException;
    }

    static final String CENTRAL_URL = "https://repo.maven.apache.org/maven2/";

    private final Path localRepository;
    private final RemoteRepository central;
    private final Settings settings;

    /** Central at {@code url} (a test gives a file: URL) through {@code localRepository}, as {@code settings} say. */
    MavenCentral(Path localRepository, String url, Settings settings) {
        this.localRepository = localRepository;
        // the id "central" is Maven's own: mirrorOf=central and the local repository's record of origins name it
        this.central = new RemoteRepository.Builder("central", "default", url).build();
        this.settings = settings;
    }

    /** Central for the user running wsbench: ~/.m2/settings.xml over $MAVEN_HOME/conf/settings.xml, as mvn reads them. */
    static MavenCentral ofUser() throws IOException {
        Path m2 = Path.of(System.getProperty("user.home"), ".m2");
        DefaultSettingsBuildingRequest request = new DefaultSettingsBuildingRequest()
                .setUserSettingsFile(m2.resolve("settings.xml").toFile())
                .setSystemProperties(System.getProperties());
        String mavenHome = System.getenv("MAVEN_HOME");
        if (mavenHome != null && !mavenHome.isBlank()) {
            request.setGlobalSettingsFile(Path.of(mavenHome, "conf", "settings.xml").toFile());
        }
        Settings settings;
        try {
            settings = new DefaultSettingsBuilderFactory().newInstance().build(request).getEffectiveSettings();
        } catch (SettingsBuildingException e) {
            SettingsProblem first = e.getProblems().get(0);
            throw new IOException("cannot read Maven's settings: " + first.getMessage() + " (" + first.getLocation() + ")");
        }
        String local = System.getProperty("maven.repo.local", settings.getLocalRepository());
        return new MavenCentral(local == null || local.isBlank() ? m2.resolve("repository") : Path.of(local),
                CENTRAL_URL, settings);
    }

    /** Whether settings.xml keeps Maven offline: then a missing artifact says nothing of what Central has. */
    boolean offline() {
        return settings.isOffline();
    }

    /**
     * Copies {@code artifacts} (group:artifact, jars) at {@code version} into {@code dir}, named as
     * maven-dependency-plugin's copy-dependencies names them (cxf-core-4.1.5.jar); when
     * {@code transitive}, with their compile and runtime dependencies (versions as Maven mediates
     * them), less {@code exclusions} (group:artifact). What was downloaded, and the resolver's warnings, go to {@code log}.
     */
    List<Path> copy(List<String> artifacts, String version, List<String> exclusions, boolean transitive, Path dir,
                    List<String> log) throws RepositoryException, IOException {
        List<Exclusion> excluded = exclusions.stream().map(ga -> ga.split(":"))
                .map(ga -> new Exclusion(ga[0], ga[1], "*", "*")).toList();
        List<Dependency> named = artifacts.stream().map(ga -> ga.split(":"))
                .map(ga -> new Dependency(new DefaultArtifact(ga[0], ga[1], "jar", version), JavaScopes.COMPILE, false, excluded))
                .toList();
        List<String> said = Collections.synchronizedList(log); // the resolver downloads on several threads
        List<ArtifactResult> results;
        Runnable restoreLogs = resolverLogsInto(said);
        try (RepositorySystem system = new RepositorySystemSupplier().get();
             CloseableSession session = session(system, said)) {
            List<RemoteRepository> repositories = system.newResolutionRepositories(session, List.of(central));
            if (transitive) {
                CollectRequest collect = new CollectRequest(named, List.of(), repositories);
                results = system.resolveDependencies(session,
                        new DependencyRequest(collect, DependencyFilterUtils.classpathFilter(JavaScopes.RUNTIME))).getArtifactResults();
            } else {
                results = system.resolveArtifacts(session, named.stream()
                        .map(d -> new ArtifactRequest(d.getArtifact(), repositories, null)).toList());
            }
        } finally {
            restoreLogs.run();
        }
        Files.createDirectories(dir);
        List<Path> copied = new ArrayList<>();
        for (ArtifactResult result : results) {
            Artifact a = result.getArtifact();
            Path to = dir.resolve(a.getArtifactId() + "-" + a.getBaseVersion()
                    + (a.getClassifier().isEmpty() ? "" : "-" + a.getClassifier()) + "." + a.getExtension());
            copied.add(Files.copy(a.getPath(), to, StandardCopyOption.REPLACE_EXISTING));
        }
        return copied;
    }

    /**
     * The versions of {@code groupArtifact} that Central's metadata lists within {@code range} (Maven's
     * range syntax, e.g. [4.0.0,4.2.3]), oldest first, as Maven orders versions.
     */
    List<String> versions(String groupArtifact, String range) throws RepositoryException {
        String[] ga = groupArtifact.split(":");
        List<String> said = Collections.synchronizedList(new ArrayList<>());
        Runnable restoreLogs = resolverLogsInto(said);
        try (RepositorySystem system = new RepositorySystemSupplier().get();
             CloseableSession session = session(system, said)) {
            org.eclipse.aether.resolution.VersionRangeRequest request = new org.eclipse.aether.resolution.VersionRangeRequest(
                    new DefaultArtifact(ga[0], ga[1], "jar", range), system.newResolutionRepositories(session, List.of(central)), null);
            return system.resolveVersionRange(session, request).getVersions().stream().map(Object::toString).toList();
        } finally {
            restoreLogs.run();
        }
    }

    /**
     * Sends the resolver's own messages (slf4j, to java.util.logging in the CLI) to {@code said}, as mvn's
     * went to its log, never to the console; the Runnable returned puts them back.
     */
    private static Runnable resolverLogsInto(List<String> said) {
        List<Logger> logs = Stream.of("org.eclipse.aether", "org.apache.http").map(Logger::getLogger).toList();
        Handler into = new Handler() {
            @Override
            public void publish(LogRecord record) {
                said.add(record.getLevel() + ": " + new SimpleFormatter().formatMessage(record));
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        logs.forEach(l -> {
            l.addHandler(into);
            l.setUseParentHandlers(false);
        });
        return () -> logs.forEach(l -> {
            l.removeHandler(into);
            l.setUseParentHandlers(true);
        });
    }

    private CloseableSession session(RepositorySystem system, List<String> log) {
        DefaultMirrorSelector mirrors = new DefaultMirrorSelector();
        for (Mirror m : settings.getMirrors()) {
            mirrors.add(m.getId(), m.getUrl(), m.getLayout(), false, m.isBlocked(), m.getMirrorOf(), m.getMirrorOfLayouts());
        }
        DefaultProxySelector proxies = new DefaultProxySelector();
        for (Proxy p : settings.getProxies()) {
            if (p.isActive()) {
                proxies.add(new org.eclipse.aether.repository.Proxy(p.getProtocol(), p.getHost(), p.getPort(),
                        new AuthenticationBuilder().addUsername(p.getUsername()).addPassword(p.getPassword()).build()),
                        p.getNonProxyHosts());
            }
        }
        DefaultAuthenticationSelector logins = new DefaultAuthenticationSelector();
        for (Server s : settings.getServers()) {
            logins.add(s.getId(), new AuthenticationBuilder().addUsername(s.getUsername()).addPassword(s.getPassword())
                    .addPrivateKey(s.getPrivateKey(), s.getPassphrase()).build());
        }
        return new SessionBuilderSupplier(system).get()
                .withLocalRepositoryBaseDirectories(localRepository)
                .setOffline(settings.isOffline())
                .setMirrorSelector(mirrors)
                .setProxySelector(proxies)
                .setAuthenticationSelector(logins)
                .setSystemProperties(System.getProperties())
                .setTransferListener(new AbstractTransferListener() {
                    @Override
                    public void transferSucceeded(TransferEvent event) {
                        log.add("downloaded " + event.getResource().getRepositoryUrl() + event.getResource().getResourceName());
                    }

                    @Override
                    public void transferFailed(TransferEvent event) {
                        log.add("not downloaded " + event.getResource().getRepositoryUrl() + event.getResource().getResourceName()
                                + ": " + event.getException().getMessage());
                    }
                })
                .build();
    }

    /**
     * The artifact Maven Central did not have, somewhere in {@code e}'s causes (the one asked for, or a
     * dependency of it, or a parent POM); null when the failure was something else (the network, a
     * refused download).
     */
    static Artifact missing(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof ArtifactNotFoundException n) {
                return n.getArtifact();
            }
            if (t instanceof ArtifactResolutionException r) {
                for (ArtifactResult a : r.getResults()) {
                    for (Exception x : a.getExceptions()) {
                        if (x instanceof ArtifactNotFoundException n) {
                            return n.getArtifact();
                        }
                    }
                }
            }
        }
        return null;
    }
}
