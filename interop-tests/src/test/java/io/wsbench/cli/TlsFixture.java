package io.wsbench.cli;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsParameters;
import com.sun.net.httpserver.HttpsServer;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import java.io.OutputStream;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.Date;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Keys made by the test, never committed: a CA, a server certificate for 127.0.0.1 and localhost,
 * a client certificate for mutual TLS, and a second CA that signed none of them; with HTTPS servers
 * on 127.0.0.1 answering "Hello World" as text/plain, one of them requiring a client certificate.
 */
final class TlsFixture implements AutoCloseable {

    static final String PKCS12_PASSWORD = "not-in-any-output-4711";

    final Path ca;
    final Path wrongCa;
    final Path clientCert;
    final Path clientKey;
    final Path clientPkcs12;
    private final KeyPair serverKeys;
    private final X509Certificate serverCert;
    private final X509Certificate caCert;
    private HttpsServer server;
    private HttpsServer mutual;
    private HttpsServer tls12;
    private ExecutorService executor;
    /** Requests each server answered, HEAD included. */
    final AtomicLong served = new AtomicLong();
    /** Every request's method and target (path and query) as the servers read them. */
    final java.util.Queue<String> asked = new java.util.concurrent.ConcurrentLinkedQueue<>();
    final AtomicLong servedMutual = new AtomicLong();

    TlsFixture(Path dir) throws Exception {
        KeyPair caKeys = keys();
        caCert = certificate("CN=wsbench test CA", caKeys, "CN=wsbench test CA", caKeys, true, null);
        serverKeys = keys();
        serverCert = certificate("CN=localhost", serverKeys, "CN=wsbench test CA", caKeys, false, KeyPurposeId.id_kp_serverAuth);
        KeyPair clientKeys = keys();
        X509Certificate client = certificate("CN=wsbench client", clientKeys, "CN=wsbench test CA", caKeys, false,
                KeyPurposeId.id_kp_clientAuth);
        KeyPair otherKeys = keys();
        X509Certificate other = certificate("CN=another CA", otherKeys, "CN=another CA", otherKeys, true, null);
        ca = write(dir.resolve("ca.pem"), pem("CERTIFICATE", caCert.getEncoded()));
        wrongCa = write(dir.resolve("wrong-ca.pem"), pem("CERTIFICATE", other.getEncoded()));
        clientCert = write(dir.resolve("client.pem"), pem("CERTIFICATE", client.getEncoded()));
        clientKey = write(dir.resolve("client-key.pem"), pem("PRIVATE KEY", clientKeys.getPrivate().getEncoded()));
        KeyStore p12 = KeyStore.getInstance("PKCS12");
        p12.load(null, null);
        p12.setKeyEntry("client", clientKeys.getPrivate(), PKCS12_PASSWORD.toCharArray(), new X509Certificate[]{client, caCert});
        clientPkcs12 = dir.resolve("client.p12");
        try (OutputStream out = Files.newOutputStream(clientPkcs12)) {
            p12.store(out, PKCS12_PASSWORD.toCharArray());
        }
    }

    /**
     * The server's certificate (with the CA's after it) and its key as PEM files in {@code dir}, for a
     * server other than these (nginx): {@code [certificate chain, key]}.
     */
    Path[] serverPem(Path dir) throws Exception {
        Path chain = write(dir.resolve("server.pem"), pem("CERTIFICATE", serverCert.getEncoded()) + pem("CERTIFICATE", caCert.getEncoded()));
        Path key = write(dir.resolve("server-key.pem"), pem("PRIVATE KEY", serverKeys.getPrivate().getEncoded()));
        return new Path[]{chain, key};
    }

    /** The server that takes any client; its URL for {@code path}. */
    String start(String path) throws Exception {
        server = server(false, served);
        return "https://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    /** The server that requires a client certificate signed by the CA; its URL for {@code path}. */
    String startMutual(String path) throws Exception {
        mutual = server(true, servedMutual);
        return "https://127.0.0.1:" + mutual.getAddress().getPort() + path;
    }

    /** A server that speaks TLS 1.2 only; its URL for {@code path}. */
    String startTls12(String path) throws Exception {
        tls12 = server(false, served, "TLSv1.2");
        return "https://127.0.0.1:" + tls12.getAddress().getPort() + path;
    }

    private HttpsServer server(boolean needClientAuth, AtomicLong count, String... protocols) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(null, null);
        ks.setKeyEntry("server", serverKeys.getPrivate(), new char[0], new X509Certificate[]{serverCert, caCert});
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, new char[0]);
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("ca", caCert);
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(kmf.getKeyManagers(), tmf.getTrustManagers(), null);
        HttpsServer s = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        s.setHttpsConfigurator(new HttpsConfigurator(context) {
            @Override
            public void configure(HttpsParameters params) {
                var p = context.getDefaultSSLParameters();
                p.setNeedClientAuth(needClientAuth);
                if (protocols.length > 0) {
                    p.setProtocols(protocols);
                }
                params.setSSLParameters(p);
            }
        });
        byte[] hello = "Hello World".getBytes(StandardCharsets.UTF_8);
        s.createContext("/", exchange -> {
            count.incrementAndGet();
            asked.add(exchange.getRequestMethod() + " " + exchange.getRequestURI());
            exchange.getRequestBody().readAllBytes();
            exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=UTF-8");
            if ("HEAD".equals(exchange.getRequestMethod())) {
                exchange.sendResponseHeaders(200, -1);
                exchange.close();
                return;
            }
            exchange.sendResponseHeaders(200, hello.length);
            try (OutputStream body = exchange.getResponseBody()) {
                body.write(hello);
            }
        });
        if (executor == null) {
            executor = Executors.newFixedThreadPool(4);
        }
        s.setExecutor(executor);
        s.start();
        return s;
    }

    @Override
    public void close() {
        for (HttpsServer s : new HttpsServer[]{server, mutual, tls12}) {
            if (s != null) {
                s.stop(0);
            }
        }
        if (executor != null) {
            executor.shutdownNow();
        }
    }

    private static KeyPair keys() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
        g.initialize(new ECGenParameterSpec("secp256r1"));
        return g.generateKeyPair();
    }

    private static X509Certificate certificate(String subject, KeyPair subjectKeys, String issuer, KeyPair issuerKeys,
                                               boolean ca, KeyPurposeId purpose) throws Exception {
        Instant now = Instant.now();
        X509v3CertificateBuilder b = new JcaX509v3CertificateBuilder(new X500Name(issuer),
                BigInteger.valueOf(now.toEpochMilli()).add(BigInteger.valueOf(subject.hashCode() & 0xffff)),
                Date.from(now.minus(1, ChronoUnit.DAYS)), Date.from(now.plus(2, ChronoUnit.DAYS)),
                new X500Name(subject), subjectKeys.getPublic());
        b.addExtension(Extension.basicConstraints, true, new BasicConstraints(ca));
        if (ca) {
            b.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
        } else {
            b.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature));
            b.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(purpose));
            if (purpose == KeyPurposeId.id_kp_serverAuth) {
                b.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(new GeneralName[]{
                        new GeneralName(GeneralName.dNSName, "localhost"),
                        new GeneralName(GeneralName.iPAddress, "127.0.0.1")}));
            }
        }
        return new JcaX509CertificateConverter().getCertificate(
                b.build(new JcaContentSignerBuilder("SHA256withECDSA").build(issuerKeys.getPrivate())));
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, new byte[]{'\n'}).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }

    private static Path write(Path file, String text) throws Exception {
        Files.writeString(file, text, StandardCharsets.US_ASCII);
        return file;
    }
}
