package io.wsbench.core.load;

import io.wsbench.model.load.TlsSettings;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import io.netty.util.ReferenceCountUtil;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLSession;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The client side of TLS for one https:// target: an {@link SslContext} built once (TLS 1.3 and 1.2,
 * ALPN offering http/1.1 only, SNI and host name verification for the URL's host), from which every
 * connection of a point takes its {@link SslHandler}. The context keeps the sessions, so a new
 * connection can resume one.
 */
public final class ClientTls {

    /**
     * The provider used when none is asked for: BoringSSL where its native library loads, for it
     * costs the client a third of the JDK's CPU per request and a tenth per handshake (bench/tls.sh).
     */
    public static String defaultProvider() {
        return OpenSsl.isAvailable() ? "openssl" : "jdk";
    }

    private final SslContext context;
    private final TlsSettings settings;
    private final String host;
    private final int port;
    private final String provider;
    private final boolean insecure;
    private final boolean clientCertificate;
    /** Whether its connections ask for h2 by ALPN (else http/1.1). */
    private final boolean h2;

    private ClientTls(SslContext context, TlsSettings settings, String host, int port, String provider, boolean insecure,
                      boolean clientCertificate, boolean h2) {
        this.h2 = h2;
        this.context = context;
        this.settings = settings;
        this.host = host;
        this.port = port;
        this.provider = provider;
        this.insecure = insecure;
        this.clientCertificate = clientCertificate;
    }

    /**
     * The TLS client for {@code host:port}. A file that cannot be read, a missing password variable
     * or an unavailable provider is an IllegalArgumentException whose message names it.
     */
    public static ClientTls of(TlsSettings settings, String host, int port) {
        return of(settings, host, port, false);
    }

    /** The same client asking for h2 by ALPN: its connections speak HTTP/2 when the server agrees. */
    public ClientTls forH2() {
        return h2 ? this : of(settings, host, port, true);
    }

    private static ClientTls of(TlsSettings settings, String host, int port, boolean h2) {
        String provider = settings.provider() == null ? defaultProvider() : settings.provider();
        SslContextBuilder b = SslContextBuilder.forClient()
                .protocols("TLSv1.3", "TLSv1.2")
                .applicationProtocolConfig(new ApplicationProtocolConfig(ApplicationProtocolConfig.Protocol.ALPN,
                        ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                        ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
                        h2 ? ApplicationProtocolNames.HTTP_2 : ApplicationProtocolNames.HTTP_1_1));
        if ("openssl".equals(provider)) {
            if (!OpenSsl.isAvailable()) {
                throw new IllegalArgumentException("the openssl TLS provider (netty-tcnative) cannot be loaded here: "
                        + OpenSsl.unavailabilityCause());
            }
            b.sslProvider(SslProvider.OPENSSL);
        } else {
            b.sslProvider(SslProvider.JDK);
        }
        if (settings.insecure()) {
            b.trustManager(InsecureTrustManagerFactory.INSTANCE).endpointIdentificationAlgorithm(null);
        } else {
            b.endpointIdentificationAlgorithm("HTTPS");
            if (settings.cacert() != null) {
                readable(settings.cacert(), "CA certificate file");
                b.trustManager(settings.cacert().toFile());
            }
        }
        if (settings.cert() != null) {
            readable(settings.cert(), "client certificate file");
            readable(settings.key(), "client key file");
            unencrypted(settings.key());
            b.keyManager(settings.cert().toFile(), settings.key().toFile());
        } else if (settings.pkcs12() != null) {
            b.keyManager(pkcs12(settings.pkcs12(), settings.passwordEnv()));
        }
        try {
            return new ClientTls(b.build(), settings, host, port, provider, settings.insecure(), settings.clientCertificate(), h2);
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalArgumentException("cannot set up TLS with "
                    + describeFiles(settings) + ": " + rootMessage(e), e);
        }
    }

    private static String describeFiles(TlsSettings s) {
        StringBuilder sb = new StringBuilder();
        for (Path p : new Path[]{s.cacert(), s.cert(), s.key(), s.pkcs12()}) {
            if (p != null) {
                sb.append(sb.length() == 0 ? "" : ", ").append(p);
            }
        }
        return sb.length() == 0 ? "the default trust store" : sb.toString();
    }

    private static void readable(Path file, String what) {
        if (!Files.isReadable(file)) {
            throw new IllegalArgumentException("no such " + what + ": " + file);
        }
    }

    /** A PEM key under a password (PKCS#8's or OpenSSL's own) is refused by name: Netty said it held "no valid private key". */
    static void unencrypted(Path key) {
        String text;
        try {
            text = Files.readString(key, StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the client key file " + key + ": " + rootMessage(e), e);
        }
        if (text.contains("-----BEGIN ENCRYPTED PRIVATE KEY-----") || text.contains("Proc-Type: 4,ENCRYPTED")) {
            throw new IllegalArgumentException("the client key file " + key + " is encrypted, and --key takes a key in the clear:"
                    + " write one with 'openssl pkcs8 -topk8 -nocrypt -in " + key.getFileName() + "', or give the certificate and"
                    + " key as --pkcs12 FILE with --pkcs12-password-env VAR");
        }
    }

    private static KeyManagerFactory pkcs12(Path file, String passwordEnv) {
        readable(file, "PKCS12 file");
        String password = "";
        if (passwordEnv != null) {
            password = System.getenv(passwordEnv);
            if (password == null) {
                throw new IllegalArgumentException("the environment variable " + passwordEnv
                        + " that should hold the password of " + file + " is not set");
            }
        }
        char[] pw = password.toCharArray();
        try (InputStream in = Files.newInputStream(file)) {
            KeyStore ks = KeyStore.getInstance("PKCS12");
            ks.load(in, pw);
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(ks, pw);
            return kmf;
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("no such PKCS12 file: " + file);
        } catch (IOException | GeneralSecurityException e) {
            // a wrong password reads as a damaged file; neither message holds the password
            throw new IllegalArgumentException("cannot read the PKCS12 file " + file + ": " + rootMessage(e)
                    + (passwordEnv == null ? "" : " (is " + passwordEnv + " its password?)"));
        }
    }

    /**
     * The same client on a context of its own, whose session cache is empty: the engine takes one
     * per point, so a point's handshakes never resume the sessions of the point (or repeat) before it.
     */
    public ClientTls renewed() {
        return of(settings, host, port, h2);
    }

    /** A handler for a new connection: SNI and host name verification for this target's host. */
    public SslHandler newHandler(ByteBufAllocator alloc) {
        return context.newHandler(alloc, host, port);
    }

    public String provider() {
        return provider;
    }

    public boolean insecure() {
        return insecure;
    }

    public boolean clientCertificate() {
        return clientCertificate;
    }

    /**
     * True when the handshake that produced {@code session} resumed an earlier one: the session
     * was created before this connection started (both providers keep a resumed session's
     * creation time, neither says "resumed" in a public API).
     */
    static boolean resumed(SSLSession session, long connectionStartMillis) {
        return session.getCreationTime() < connectionStartMillis;
    }

    /**
     * Connects to {@code address}, does the handshake and sends one HEAD request for {@code url}'s
     * path (for an h2 client, HTTP/2's preface once the server chose h2), so that a server which refuses the client (or its lack of a) certificate after a
     * TLS 1.3 handshake, when the client already thinks it is done, is found too. It uses a context
     * of its own, so the load's first handshakes find no session of the probe's to resume.
     *
     * @return null when the server took the handshake and answered; else why not
     */
    /** HTTP/2's client preface and an empty SETTINGS frame: what a client says first on an h2 connection. */
    private static final byte[] H2_PREFACE = concat("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1),
            new byte[]{0, 0, 0, 4, 0, 0, 0, 0, 0});

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    public String probe(InetSocketAddress address, URI url, Duration timeout) {
        ClientTls probing = renewed();
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        CompletableFuture<String> result = new CompletableFuture<>();
        try {
            String head = HttpRequest.head("HEAD", url, Map.of()) + "Connection: close\r\n\r\n";
            Bootstrap b = new Bootstrap().group(group).channel(NioSocketChannel.class)
                    .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) timeout.toMillis())
                    .handler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            SslHandler ssl = probing.newHandler(ch.alloc());
                            ssl.setHandshakeTimeoutMillis(timeout.toMillis());
                            ch.pipeline().addLast(ssl, new ChannelInboundHandlerAdapter() {
                                @Override
                                public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
                                    if (evt instanceof SslHandshakeCompletionEvent done) {
                                        if (done.isSuccess() && h2) {
                                            // HTTP/2: the server must choose h2, and answers the preface with its SETTINGS
                                            String notH2 = notH2(ctx.pipeline().get(SslHandler.class));
                                            if (notH2 != null) {
                                                result.complete(notH2);
                                            } else {
                                                ctx.writeAndFlush(Unpooled.wrappedBuffer(H2_PREFACE));
                                            }
                                        } else if (done.isSuccess()) {
                                            ctx.writeAndFlush(Unpooled.copiedBuffer(head, StandardCharsets.ISO_8859_1));
                                        } else {
                                            result.complete(rootMessage(done.cause()) + hint(done.cause()));
                                        }
                                    }
                                }

                                @Override
                                public void channelRead(ChannelHandlerContext ctx, Object msg) {
                                    ReferenceCountUtil.release(msg);
                                    result.complete(null); // an answer: the server took this client
                                }

                                @Override
                                public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                                    result.complete(rootMessage(cause) + hint(cause));
                                    ctx.close();
                                }

                                @Override
                                public void channelInactive(ChannelHandlerContext ctx) {
                                    // what a server that wants a client certificate does after a TLS 1.3
                                    // handshake without one (the JDK's sends no alert first)
                                    result.complete("the server closed the connection after the handshake without answering"
                                            + (clientCertificate ? "" : "; does it require a client certificate"
                                                    + " (--cert and --key, or --pkcs12)?"));
                                }
                            });
                        }
                    });
            Channel ch = b.connect(address).addListener(f -> {
                if (!f.isSuccess()) {
                    result.complete("cannot connect: " + rootMessage(f.cause()));
                }
            }).channel();
            try {
                return result.get(timeout.toMillis() + 1000, TimeUnit.MILLISECONDS);
            } finally {
                ch.close();
            }
        } catch (TimeoutException e) {
            return "no handshake within " + timeout.toSeconds() + " s";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        } catch (ExecutionException e) {
            return rootMessage(e.getCause());
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        }
    }

    /**
     * Why a finished handshake cannot carry HTTP/2, or null when the server chose h2 by ALPN: the one
     * check the load, the probe before it and gRPC reflection make.
     */
    public static String notH2(SslHandler ssl) {
        String chosen = ssl.applicationProtocol();
        return ApplicationProtocolNames.HTTP_2.equals(chosen) ? null
                : "the server did not choose h2 by ALPN (it chose " + (chosen == null ? "none" : chosen) + ")";
    }

    /**
     * What to do about a handshake that failed, said after its cause, when the cause names no way out: the server's
     * certificate expired, not yet valid, for another name, or signed by a CA not trusted (the JDK's "unable to find
     * valid certification path to requested target"); no TLS version both sides speak (BoringSSL's
     * "TLSV1_ALERT_PROTOCOL_VERSION"); "" for any other failure.
     */
    String hint(Throwable t) {
        String root = rootMessage(t);
        if (root.contains("PROTOCOL_VERSION") || root.contains("protocol_version") || root.contains("UNSUPPORTED_PROTOCOL")
                || root.startsWith("No appropriate protocol")) {
            return " (no TLS version both sides speak: wsbench offers TLS 1.2 and 1.3, and the server takes neither)";
        }
        if (root.contains("NO_APPLICATION_PROTOCOL") || root.contains("no_application_protocol")) {
            return " (the server speaks no protocol wsbench offered by ALPN: with --http2 or http: 2 that is h2 alone, so it does"
                    + " not speak HTTP/2 over TLS here; load it without)";
        }
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof java.security.cert.CertificateExpiredException || c instanceof java.security.cert.CertPathValidatorException v
                    && v.getReason() == java.security.cert.CertPathValidatorException.BasicReason.EXPIRED) {
                return " (the server's certificate has expired: renew it, or --insecure not to check it)";
            }
            if (c instanceof java.security.cert.CertificateNotYetValidException || c instanceof java.security.cert.CertPathValidatorException v
                    && v.getReason() == java.security.cert.CertPathValidatorException.BasicReason.NOT_YET_VALID) {
                return " (the server's certificate is not valid yet: is this machine's clock right? or --insecure not to check it)";
            }
        }
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof java.security.cert.CertificateException && c.getMessage() != null
                    && (c.getMessage().startsWith("No subject alternative") || c.getMessage().startsWith("No name matching"))) {
                return " (the server's certificate is not for " + host + ": address it by a name the certificate holds,"
                        + " or --insecure not to check it)";
            }
            if (c instanceof java.security.cert.CertificateException || c instanceof java.security.cert.CertPathValidatorException
                    || c instanceof java.security.cert.CertPathBuilderException) {
                return settings.cacert() != null
                        ? " (the server's certificate is not signed by a CA of " + settings.cacert().getFileName() + ")"
                        : " (the server's certificate is not one this JVM trusts: give the CA that signed it with --cacert FILE"
                                + " (PEM) or a suite target's tls.cacert, or --insecure not to check it)";
            }
        }
        return "";
    }

    /** The innermost message of a chain: the one that says what went wrong, not where. */
    public static String rootMessage(Throwable t) {
        String message = null;
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c.getMessage() != null && !c.getMessage().isBlank()) {
                message = c.getMessage();
            }
        }
        return message != null ? message : t.getClass().getSimpleName();
    }
}
