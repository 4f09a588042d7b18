package io.wsbench.stacks.direct;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.Version;

import io.wsbench.contract.JarVersion;
import io.wsbench.contract.StackArgs;
import io.wsbench.contract.page.SlowDependency;
import io.wsbench.contract.seismic.Catalog;

import org.sqlite.SQLiteJDBCLoader;

import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The direct stack: Netty's HTTP codec and the hello service, nothing else. It is the floor the
 * framework stacks are measured against. Listens on 127.0.0.1 only.
 */
public final class DirectServer {

    private DirectServer() {
    }

    public static void main(String[] args) throws InterruptedException {
        int port = StackArgs.port(args);
        boolean epoll = Epoll.isAvailable();
        IoHandlerFactory io = epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
        int ioThreads = Integer.getInteger("wsbench.threads", Runtime.getRuntime().availableProcessors());
        EventLoopGroup boss = new MultiThreadIoEventLoopGroup(1, io);
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(ioThreads, io);
        Class<? extends ServerChannel> channel = epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
        if (System.getProperty("wsbench.faults", "").contains("exit-at-start")) {
            // a release that will not start, as an API break would make one: said, and gone before it listens
            System.err.println("direct: fault exit-at-start: exiting before listening");
            System.exit(3);
        }
        HelloRoutes routes = new HelloRoutes(Faults.fromProperty());
        // made on first use: a run of SOAP's hello never pays for the catalog, GraphQL's schema or the page's database
        Once<Catalog> catalog = Once.of(Catalog::configured);
        Once<SeismicRoute> seismic = Once.of(() -> new SeismicRoute(catalog.get()));
        Once<GraphQlRoute> graphql = Once.of(() -> new GraphQlRoute(routes, catalog.get()));
        if (!System.getProperty(Catalog.FILE_PROPERTY, "").isBlank()) {
            catalog.get(); // a user's catalog is read before listening: a file it cannot read stops the start, in one line
        }
        if (routes.faults().spinAfterLoad()) {
            Faults.spinAfterLoad(HelloHandler.LAST_REQUEST);
        }
        long dependencyDelay = Long.getLong("wsbench.dependencyDelayMillis", 50);
        Once<PageRoute> page = Once.of(() -> {
            PageRoute p = new PageRoute(new SlowDependency(dependencyDelay));
            System.out.println(p.describe());
            return p;
        });
        // sized like a servlet container's request threads (Tomcat's maxThreads is 200)
        int workerThreads = Integer.getInteger("wsbench.workers", 200);
        AtomicInteger workerCount = new AtomicInteger();
        ExecutorService workers = Executors.newFixedThreadPool(workerThreads, r -> {
            Thread t = new Thread(r, "worker-" + workerCount.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        try {
            Channel server = new ServerBootstrap().group(boss, group).channel(channel)
                    .option(ChannelOption.SO_BACKLOG, 4096)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            // HTTP/1.1, or h2c by prior knowledge: the same handler either way
                            ch.pipeline().addLast(new Http2OrHttp1(() -> new HelloHandler(routes, seismic, graphql, page, workers)));
                        }
                    })
                    .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port)).sync().channel();
            System.out.println("direct stack listening on http://127.0.0.1:" + port + " (" + (epoll ? "epoll" : "nio")
                    + ", " + ioThreads + " threads, faults: " + routes.faults() + ")");
            System.out.println("page: its SQLite database and its dependency (answering after " + dependencyDelay
                    + " ms) made on its first request; " + workerThreads + " worker threads");
            // what wsbench records as this server's versions (RunningStack.LOADED): the JVM is an option
            System.out.println("wsbench loaded: Netty " + Version.identify().get("netty-common").artifactVersion()
                    + "; SQLite JDBC " + SQLiteJDBCLoader.getVersion() + "; graphql-java " + JarVersion.of(graphql.GraphQL.class)
                    + "; Java " + Runtime.version());
            server.closeFuture().sync();
        } catch (Exception e) {
            if (e instanceof BindException || e.getCause() instanceof BindException
                    || String.valueOf(e.getMessage()).contains("Address already in use")) {
                System.out.println("port " + port + " on 127.0.0.1 is already in use");
                System.exit(2);
            }
            throw e;
        } finally {
            boss.shutdownGracefully();
            group.shutdownGracefully();
            workers.shutdownNow();
            if (page.made() != null) {
                page.made().close();
            }
        }
    }
}
