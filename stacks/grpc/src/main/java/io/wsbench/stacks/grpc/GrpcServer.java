package io.wsbench.stacks.grpc;

import io.grpc.Server;
import io.grpc.Status;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.protobuf.services.ProtoReflectionServiceV1;
import io.grpc.stub.StreamObserver;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.Version;
import io.wsbench.contract.StackArgs;
import io.wsbench.contract.hello.HelloContract;
import io.wsbench.contract.seismic.Catalog;
import io.wsbench.contract.seismic.Quake;
import io.wsbench.stacks.grpc.proto.GreetRequest;
import io.wsbench.stacks.grpc.proto.HelloGrpc;
import io.wsbench.stacks.grpc.proto.HelloReply;
import io.wsbench.stacks.grpc.proto.HelloRequest;
import io.wsbench.stacks.grpc.proto.QuakeQuery;
import io.wsbench.stacks.grpc.proto.QuakeResults;
import io.wsbench.stacks.grpc.proto.Region;
import io.wsbench.stacks.grpc.proto.ResultSet;
import io.wsbench.stacks.grpc.proto.SeismicGrpc;

import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.Collections;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The grpc stack: grpc-java on its Netty transport, serving wsbench.proto (messages and stubs generated
 * by protoc): seed 000's hello, a greeting made from a row, and seed 001's matchQuakes over the same
 * catalog as the SOAP stacks, whole or streamed a quake at a time; and gRPC's reflection service (v1), so
 * a client without the .proto (grpcurl, {@code wsbench grpc URL}) can ask for it. Listens on 127.0.0.1 only, h2c
 * (gRPC's plain-text HTTP/2, prior knowledge). Calls run on the transport's threads, as grpc-java's
 * own benchmarks serve them ({@code directExecutor}): none of them blocks.
 * <p>
 * Faults, to prove wsbench counts what gRPC says ({@code -Dwsbench.faults=unavailable-every-N}): every
 * Nth call to Greet (over all connections) ends with status UNAVAILABLE and no message.
 */
public final class GrpcServer {

    private GrpcServer() {
    }

    public static void main(String[] args) throws Exception {
        int port = StackArgs.port(args);
        String faults = System.getProperty("wsbench.faults", "none").toLowerCase(Locale.ROOT);
        java.util.regex.Matcher every = java.util.regex.Pattern.compile("unavailable-every-(\\d+)").matcher(faults);
        int unavailableEvery = every.find() ? Integer.parseInt(every.group(1)) : 0;
        Catalog catalog = Catalog.configured();
        boolean epoll = Epoll.isAvailable();
        int threads = Integer.getInteger("wsbench.threads", Runtime.getRuntime().availableProcessors());
        EventLoopGroup boss = new MultiThreadIoEventLoopGroup(1, epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory());
        EventLoopGroup workers = new MultiThreadIoEventLoopGroup(threads, epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory());
        Server server = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", port))
                .bossEventLoopGroup(boss).workerEventLoopGroup(workers)
                .channelType(epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class)
                .directExecutor()
                .addService(new HelloService(unavailableEvery))
                .addService(new SeismicService(catalog))
                .addService(ProtoReflectionServiceV1.newInstance())
                .build();
        try {
            server.start();
        } catch (IOException e) {
            if (e instanceof BindException || e.getCause() instanceof BindException) {
                System.out.println("port " + port + " on 127.0.0.1 is already in use");
                System.exit(2);
            }
            throw e;
        }
        System.out.println("grpc stack listening on 127.0.0.1:" + port + " (h2c; " + (epoll ? "epoll" : "nio") + ", "
                + threads + " threads, faults: " + faults + ")");
        System.out.println("wsbench loaded: grpc-java " + io.wsbench.contract.JarVersion.of(NettyServerBuilder.class)
                + "; protobuf-java " + com.google.protobuf.RuntimeVersion.MAJOR + "." + com.google.protobuf.RuntimeVersion.MINOR
                + "." + com.google.protobuf.RuntimeVersion.PATCH
                + "; Netty " + Version.identify().get("netty-common").artifactVersion() + "; Java " + Runtime.version());
        Runtime.getRuntime().addShutdownHook(new Thread(server::shutdownNow));
        server.awaitTermination();
    }

    /** Hello and Greet. */
    static final class HelloService extends HelloGrpc.HelloImplBase {
        private static final HelloReply HELLO = HelloReply.newBuilder().setGreeting(HelloContract.GREETING).build();
        private final int unavailableEvery;
        private final AtomicLong greets = new AtomicLong();

        HelloService(int unavailableEvery) {
            this.unavailableEvery = unavailableEvery;
        }

        @Override
        public void hello(HelloRequest request, StreamObserver<HelloReply> out) {
            out.onNext(HELLO);
            out.onCompleted();
        }

        @Override
        public void greet(GreetRequest request, StreamObserver<HelloReply> out) {
            if (unavailableEvery > 0 && greets.incrementAndGet() % unavailableEvery == 0) {
                out.onError(Status.UNAVAILABLE.withDescription("fault unavailable-every-" + unavailableEvery).asRuntimeException());
                return;
            }
            if (request.getTimes() < 1) {
                out.onError(Status.INVALID_ARGUMENT.withDescription("times must be 1 or more, not " + request.getTimes())
                        .asRuntimeException());
                return;
            }
            String greeting = String.join(" ", Collections.nCopies(request.getTimes(), "Hello " + request.getName()));
            out.onNext(HelloReply.newBuilder().setGreeting(greeting).build());
            out.onCompleted();
        }
    }

    /** matchQuakes, whole and streamed. */
    static final class SeismicService extends SeismicGrpc.SeismicImplBase {
        private final Catalog catalog;

        SeismicService(Catalog catalog) {
            this.catalog = catalog;
        }

        @Override
        public void matchQuakes(QuakeQuery q, StreamObserver<QuakeResults> out) {
            QuakeResults.Builder results = QuakeResults.newBuilder();
            int count = 0;
            for (Catalog.ResultSet rs : catalog.match(query(q))) {
                ResultSet.Builder set = results.addResultSetsBuilder().setAreaName(rs.area().name());
                for (int r : rs.regions()) {
                    set.addRegions(Region.newBuilder().setIdent(Catalog.regionIdent(r)).setIndex(r).setName(catalog.regionName(r)));
                }
                for (Quake k : rs.quakes()) {
                    set.addQuakes(quake(k));
                }
                count += rs.quakes().size();
            }
            out.onNext(results.setCount(count).build());
            out.onCompleted();
        }

        @Override
        public void streamQuakes(QuakeQuery q, StreamObserver<io.wsbench.stacks.grpc.proto.Quake> out) {
            for (Catalog.ResultSet rs : catalog.match(query(q))) {
                for (Quake k : rs.quakes()) {
                    out.onNext(quake(k));
                }
            }
            out.onCompleted();
        }

        private static io.wsbench.stacks.grpc.proto.Quake quake(Quake k) {
            return io.wsbench.stacks.grpc.proto.Quake.newBuilder()
                    .setTime(DateTimeFormatter.ISO_INSTANT.format(Instant.ofEpochMilli(k.millis())))
                    .setMillis(k.millis()).setLatitude(k.latitude()).setLongitude(k.longitude()).setDepth(k.depth())
                    .setMagnitude(k.magnitude()).setMethod(k.method()).setRegion(Catalog.regionIdent(k.region())).build();
        }

        private static io.wsbench.contract.seismic.Query query(QuakeQuery q) {
            return new io.wsbench.contract.seismic.Query(q.hasMinDate() ? q.getMinDate() : null, q.hasMaxDate() ? q.getMaxDate() : null,
                    q.hasMinLong() ? q.getMinLong() : null, q.hasMaxLong() ? q.getMaxLong() : null,
                    q.hasMinLat() ? q.getMinLat() : null, q.hasMaxLat() ? q.getMaxLat() : null,
                    q.hasMinMag() ? q.getMinMag() : null, q.hasMaxMag() ? q.getMaxMag() : null,
                    q.hasMinDepth() ? q.getMinDepth() : null, q.hasMaxDepth() ? q.getMaxDepth() : null);
        }
    }
}
