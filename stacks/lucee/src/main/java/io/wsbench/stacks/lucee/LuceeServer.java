package io.wsbench.stacks.lucee;

import io.wsbench.contract.StackArgs;
import io.wsbench.contract.page.PageContract;
import io.wsbench.contract.page.SlowDependency;
import io.wsbench.stacks.tomcathost.ServletHost;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * The lucee stack: Lucee's CFMLServlet (the loader's jakarta one, for Tomcat 10 and later) in
 * embedded Tomcat, serving the CFML pages of {@code target/stack/webroot}. The Lucee version is
 * an option ({@code -Dwsbench.version}, default the bundled one): its jars are loaded in a class
 * loader of their own (see {@link LuceeJars}). Lucee keeps its configuration and compiled pages in
 * a work directory under the user's cache, {@code ~/.cache/wsbench/lucee/VERSION/work} (or
 * {@code -Dwsbench.workDir}), that later starts reuse, so only the first start unpacks the engine.
 * A second server started while the first holds that directory gets one of its own per port.
 * For seed 003's page it also runs the slow dependency and creates the page's SQLite database,
 * which Application.cfc finds through system properties. Listens on 127.0.0.1 only.
 */
public final class LuceeServer {

    /** The exit code the stack launcher reports as "unavailable here", with the last line as the reason. */
    private static final int UNAVAILABLE = 77;
    private static final List<FileLock> HELD = new ArrayList<>();

    private LuceeServer() {
    }

    public static void main(String[] args) throws Exception {
        Path stack = ServletHost.stackDir(LuceeServer.class);
        String version = System.getProperty("wsbench.version", "").isBlank() ? bundledVersion()
                : System.getProperty("wsbench.version").trim();
        try {
            LuceeJars.major(version);
        } catch (IllegalArgumentException e) {
            ServletHost.fail(e.getMessage(), 2);
        }
        Path cache = cacheDir().resolve(version);
        int port = StackArgs.port(args);
        Path work = workDir(cache, port);
        // Lucee's and Tomcat's temporary files go under the work directory, before anything made one
        Path tmp = Files.createDirectories(work.resolve("tmp"));
        System.setProperty("java.io.tmpdir", tmp.toString());
        removeEarlierTomcats(tmp);

        ClassLoader lucee;
        try {
            lucee = loader(LuceeJars.of(stack, cache, version));
        } catch (IOException e) {
            ServletHost.fail("Lucee " + version + " cannot be had here: " + e.getMessage(), UNAVAILABLE);
            return;
        }
        String loaded = versionIn(lucee);
        if (!version.equals(loaded)) {
            ServletHost.fail("asked for Lucee " + version + " but its jars hold " + loaded, 2);
        }
        ServletHost.loaded("Lucee " + loaded);

        SlowDependency dependency = new SlowDependency(Long.getLong("wsbench.dependencyDelayMillis", 50));
        Path db = pageDatabase(tmp.resolve("page-" + port + ".db"));
        // read by Application.cfc: where the page's datasource and dependency are
        System.setProperty("wsbench.page.db", db.toString());
        System.setProperty("wsbench.page.dependency", dependency.url());
        System.setProperty("wsbench.page.dependencyStats", dependency.statsUrl());

        ServletHost host = new ServletHost(args, tmp);
        // the pages stay where Maven put them: a fixed path keeps Lucee's compiled classes valid across starts
        host.context().setDocBase(stack.resolve("webroot").toString());
        Thread.currentThread().setContextClassLoader(lucee);
        Object servlet = lucee.loadClass("lucee.loader.servlet.jakarta.CFMLServlet").getDeclaredConstructor().newInstance();
        host.servlet("CFMLServlet", servlet, Map.of(
                "lucee-server-directory", work.resolve("server").toString(),
                "lucee-web-directory", work.resolve("web").toString()), "*.cfm", "*.cfc", "*.cfml");
        host.context().addWelcomeFile("index.cfm");
        host.serve("lucee stack (Lucee " + loaded + ", work directory " + work + "; page: SQLite " + db
                + ", dependency " + dependency.url() + " answering after " + dependency.delayMillis() + " ms)");
    }

    /**
     * The shared work directory when no other server holds it, else work-PORT. The lock is held
     * (never released) for the life of the process; the OS drops it when the process ends.
     */
    static Path workDir(Path cache, int port) throws IOException {
        String override = System.getProperty("wsbench.workDir");
        Path shared = override != null && !override.isBlank() ? Path.of(override).toAbsolutePath() : cache.resolve("work");
        Files.createDirectories(shared);
        FileChannel channel = FileChannel.open(shared.resolve(".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock lock = channel.tryLock();
        if (lock != null) {
            HELD.add(lock);
            return shared;
        }
        channel.close();
        Path own = shared.resolveSibling(shared.getFileName() + "-" + port);
        Files.createDirectories(own);
        return own;
    }

    /** wsbench's cache: -Dwsbench.cacheDir, else $XDG_CACHE_HOME/wsbench/lucee, else ~/.cache/wsbench/lucee. */
    static Path cacheDir() {
        String override = System.getProperty("wsbench.cacheDir");
        if (override != null && !override.isBlank()) {
            return Path.of(override).toAbsolutePath();
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("wsbench").resolve("lucee");
    }

    /**
     * Tomcat makes a base directory per start under tmp/; the work directory is this
     * process's (it holds the lock), so those of earlier starts are left over and go.
     */
    private static void removeEarlierTomcats(Path tmp) throws IOException {
        try (Stream<Path> dirs = Files.list(tmp)) {
            for (Path d : dirs.filter(d -> d.getFileName().toString().startsWith("wsbench-tomcat")
                    || d.getFileName().toString().startsWith("page-")).toList()) {
                LuceeJars.delete(d);
            }
        }
    }

    /** Seed 003's database, created afresh for this start from the contract the validator checks. */
    private static Path pageDatabase(Path file) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            PageContract.create(c);
        }
        file.toFile().deleteOnExit();
        return file;
    }

    private static ClassLoader loader(List<Path> jars) throws IOException {
        URL[] urls = new URL[jars.size()];
        for (int i = 0; i < urls.length; i++) {
            urls[i] = jars.get(i).toUri().toURL();
        }
        return new URLClassLoader("lucee", urls, LuceeServer.class.getClassLoader());
    }

    private static String versionIn(ClassLoader lucee) throws IOException {
        try (InputStream in = lucee.getResourceAsStream("META-INF/maven/org.lucee/lucee/pom.properties")) {
            if (in == null) {
                return "?";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "?");
        }
    }

    /** The version this module bundles, written into lucee.properties by the build. */
    private static String bundledVersion() throws IOException {
        try (InputStream in = LuceeServer.class.getResourceAsStream("/lucee.properties")) {
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version");
        }
    }
}
