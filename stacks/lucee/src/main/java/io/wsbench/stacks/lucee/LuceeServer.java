package io.wsbench.stacks.lucee;

import io.wsbench.stacks.container.ServletHost;
import lucee.loader.servlet.jakarta.CFMLServlet;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;

/**
 * The lucee stack: Lucee's CFMLServlet (the loader's jakarta one, for Tomcat 10 and later) in embedded Tomcat, serving the CFML pages of
 * {@code target/stack/webroot}. Lucee keeps its configuration and compiled pages in a work
 * directory ({@code target/stack/work}, or {@code -Dwsbench.workDir}) that later starts reuse, so
 * only the first start unpacks the engine. A second server started while the first holds that
 * directory gets one of its own per port. Listens on 127.0.0.1 only.
 */
public final class LuceeServer {

    private LuceeServer() {
    }

    public static void main(String[] args) throws Exception {
        Path stack = stackDir();
        Path webroot = stack.resolve("webroot");
        Path work = workDir(stack, port(args));
        // stack.properties points java.io.tmpdir under work/; Tomcat's base directory is made there
        Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir")));
        ServletHost host = new ServletHost(args);
        // the pages stay where Maven put them: a fixed path keeps Lucee's compiled classes valid across starts
        host.context().setDocBase(webroot.toString());
        host.servlet("CFMLServlet", new CFMLServlet(), Map.of(
                "lucee-server-directory", work.resolve("server").toString(),
                "lucee-web-directory", work.resolve("web").toString()), "*.cfm", "*.cfc", "*.cfml");
        host.context().addWelcomeFile("index.cfm");
        host.serve("lucee stack (Lucee " + luceeVersion() + ", work directory " + work + ")");
    }

    /**
     * The shared work directory when no other server holds it, else work-PORT. The lock is held
     * (never released) for the life of the process; the OS drops it when the process ends.
     */
    static Path workDir(Path stack, int port) throws IOException {
        String override = System.getProperty("wsbench.workDir");
        Path shared = override != null && !override.isBlank() ? Path.of(override).toAbsolutePath() : stack.resolve("work");
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

    private static final java.util.List<FileLock> HELD = new java.util.ArrayList<>();

    private static String luceeVersion() {
        try (var in = LuceeServer.class.getClassLoader().getResourceAsStream("META-INF/maven/org.lucee/lucee/pom.properties")) {
            if (in != null) {
                var p = new java.util.Properties();
                p.load(in);
                return p.getProperty("version", "?");
            }
        } catch (IOException e) {
            // the version is only for the log line
        }
        return "?";
    }

    /** target/stack, found from this class's jar in target/stack/lib. */
    private static Path stackDir() throws URISyntaxException {
        Path code = Path.of(LuceeServer.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        return (Files.isRegularFile(code) ? code.getParent().getParent() : code.getParent().resolve("stack")).toAbsolutePath();
    }

    private static int port(String[] args) {
        for (int i = 0; i < args.length - 1; i++) {
            if ("--port".equals(args[i])) {
                return Integer.parseInt(args[i + 1]);
            }
        }
        return 8080;
    }
}
