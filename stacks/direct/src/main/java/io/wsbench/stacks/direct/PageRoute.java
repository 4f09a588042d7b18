package io.wsbench.stacks.direct;

import io.wsbench.contract.page.PageContract;
import io.wsbench.contract.page.SlowDependency;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Seed 003's page on the direct stack: a call to the slow dependency plus a query of every table
 * of a SQLite database, either one after the other on the request's thread ({@code inline}, the
 * seed's control) or with the call handed to a bounded pool shared by all requests while the
 * queries run, then joined (the seed's cfthread with maxthreads = N). It runs on worker threads,
 * never on Netty's event loop, because both halves block.
 */
final class PageRoute implements AutoCloseable {

    static final int MAX_POOL = 200;

    private final SlowDependency dependency;
    private final URI dependencyUri;
    private final HttpClient http;
    private final String jdbcUrl;
    private final Path dbDir;
    private final ThreadLocal<Connection> connections;
    private final List<Connection> opened = new ArrayList<>();
    private final Map<Integer, ExecutorService> pools = new ConcurrentHashMap<>();

    PageRoute(SlowDependency dependency) {
        this.dependency = dependency;
        this.dependencyUri = URI.create(dependency.url());
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
        try {
            this.dbDir = Files.createTempDirectory("wsbench-page-db");
            Path file = dbDir.resolve("page.db");
            this.jdbcUrl = "jdbc:sqlite:" + file.toAbsolutePath();
            seed();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create the page database: " + e.getMessage(), e);
        }
        // one connection per worker thread, as a container's connection pool hands each request one
        this.connections = ThreadLocal.withInitial(this::open);
    }

    String describe() {
        return "page: SQLite " + jdbcUrl.substring("jdbc:sqlite:".length()) + ", dependency on port "
                + dependency.port() + " answering after " + dependency.delayMillis() + " ms";
    }

    /** Creates the tables of {@link PageContract} and fills them, once, at start. */
    private void seed() throws SQLException {
        try (Connection c = DriverManager.getConnection(jdbcUrl)) {
            PageContract.create(c);
        }
    }

    private Connection open() {
        try {
            Connection c = DriverManager.getConnection(jdbcUrl);
            synchronized (opened) {
                opened.add(c);
            }
            return c;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The control: the call, then the queries, on this thread. */
    HelloRoutes.Answer inline() {
        try {
            String fetched = fetch();
            return answer("inline", 0, fetched, queryAll());
        } catch (IOException | SQLException | RuntimeException e) {
            return failure(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return failure(e);
        }
    }

    /** The call on the shared pool of {@code size} threads while this thread queries; joined at the end. */
    HelloRoutes.Answer pooled(int size) {
        if (size < 1 || size > MAX_POOL) {
            return HelloRoutes.Answer.of(400, "text/plain; charset=utf-8", "pool size must be 1 to " + MAX_POOL);
        }
        ExecutorService pool = pools.computeIfAbsent(size, PageRoute::newPool);
        try {
            Future<String> call = pool.submit(this::fetch);
            String tables = queryAll();
            return answer("pool", size, call.get(), tables);
        } catch (ExecutionException e) {
            return failure(e.getCause() instanceof Exception x ? x : e);
        } catch (SQLException | RuntimeException e) {
            return failure(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return failure(e);
        }
    }

    HelloRoutes.Answer dependencyStats(boolean reset) {
        return HelloRoutes.Answer.of(200, "text/plain; charset=utf-8", dependency.stats(reset));
    }

    private static ExecutorService newPool(int size) {
        AtomicInteger n = new AtomicInteger();
        return Executors.newFixedThreadPool(size, r -> {
            Thread t = new Thread(r, "page-pool" + size + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    private String fetch() throws IOException, InterruptedException {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(dependencyUri).timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            throw new IOException("dependency answered " + r.statusCode());
        }
        return r.body();
    }

    /** cfdbinfo type="tables", then SELECT * of each application table: the rows and a checksum of each. */
    private String queryAll() throws SQLException {
        Connection c = connections.get();
        List<String> names = new ArrayList<>();
        DatabaseMetaData meta = c.getMetaData();
        try (ResultSet t = meta.getTables(null, null, "%", new String[]{"TABLE"})) {
            while (t.next()) {
                names.add(t.getString("TABLE_NAME"));
            }
        }
        StringBuilder sb = new StringBuilder(256);
        for (String name : names) {
            if (name.startsWith(PageContract.SYSTEM_PREFIX) || name.startsWith("sqlite_")) {
                continue;
            }
            int rows = 0;
            long checksum = 0;
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT * FROM " + name)) {
                int columns = r.getMetaData().getColumnCount();
                String[] values = new String[columns];
                while (r.next()) {
                    for (int i = 0; i < columns; i++) {
                        values[i] = r.getString(i + 1);
                    }
                    checksum += PageContract.rowChecksum(values);
                    rows++;
                }
            }
            sb.append("<table name=\"").append(name).append("\" rows=\"").append(rows)
                    .append("\" checksum=\"").append(checksum).append("\"/>");
        }
        return sb.toString();
    }

    private static HelloRoutes.Answer answer(String mode, int pool, String fetched, String tables) {
        String body = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><page mode=\"" + mode + "\""
                + (pool > 0 ? " pool=\"" + pool + "\"" : "") + "><dependency>" + io.wsbench.contract.Xml.text(fetched) + "</dependency>"
                + tables + "</page>";
        return HelloRoutes.Answer.of(200, "text/xml; charset=utf-8", body);
    }

    private static HelloRoutes.Answer failure(Exception e) {
        return HelloRoutes.Answer.of(500, "text/plain; charset=utf-8", "page failed: " + e);
    }

    /** Closes the database, its pools and the dependency it calls. */
    @Override
    public void close() {
        pools.values().forEach(ExecutorService::shutdownNow);
        synchronized (opened) {
            for (Connection c : opened) {
                try {
                    c.close();
                } catch (SQLException e) {
                    // closing on the way out: nothing left to do with it
                }
            }
        }
        try (var files = Files.list(dbDir)) {
            for (Path f : files.toList()) {
                Files.deleteIfExists(f);
            }
            Files.deleteIfExists(dbDir);
        } catch (IOException e) {
            // a temp directory left behind is harmless
        }
        dependency.close();
    }
}
