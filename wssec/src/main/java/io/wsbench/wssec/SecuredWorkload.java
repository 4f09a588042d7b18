package io.wsbench.wssec;

import io.wsbench.core.load.HttpRequest;
import io.wsbench.core.load.RequestSource;
import io.wsbench.core.load.Validator;
import io.wsbench.core.load.Verdict;
import io.wsbench.protocols.SequenceValidator;
import io.wsbench.protocols.Soap;
import io.wsbench.protocols.Workload;
import io.wsbench.contract.security.WsSecurityKeys;
import io.wsbench.contract.seismic.Catalog;
import io.wsbench.contract.seismic.QuerySequence;
import io.wsbench.contract.seismic.SeismicContract;
import io.wsbench.contract.seismic.SeismicXml;
import io.wsbench.model.suite.Security;
import org.apache.wss4j.common.ext.WSSecurityException;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Seed 001's matchQuakes with WS-Security: the same queries and oracle as the plain workload, but
 * every request is secured afresh when it is sent, and every response is verified and decrypted
 * before the oracle sees it. A response that fails WS-Security counts as a validation error.
 */
public final class SecuredWorkload implements Workload {

    /** Its answers are SOAP envelopes (a refused signature comes back as a SOAP Fault). */
    @Override
    public java.util.List<io.wsbench.model.record.ErrorKind> errorKinds() {
        return java.util.List.of(io.wsbench.protocols.Soap.FAULT_KIND);
    }

    private final Workload plain;
    private final Security configuration;
    private final WsSecurityKeys keys;
    private final List<byte[]> envelopes;
    private final LongAdder securingNanos = new LongAdder();
    private final LongAdder openingNanos = new LongAdder();

    private SecuredWorkload(Workload plain, Security configuration, WsSecurityKeys keys, List<byte[]> envelopes) {
        this.plain = plain;
        this.configuration = configuration;
        this.keys = keys;
        this.envelopes = envelopes;
    }

    /**
     * The workload of {@code operation} over {@code protocol} secured by {@code configuration}; the
     * plain workload itself for plain. Only matchQuakes over SOAP 1.1 can be secured.
     */
    public static Workload of(String protocol, String operation, String sequence, Security configuration, WsSecurityKeys keys) {
        Workload plain = Workload.of(protocol, operation, sequence);
        if (!configuration.secured()) {
            return plain;
        }
        check(protocol, operation, configuration);
        QuerySequence s = QuerySequence.named(sequence == null ? "small" : sequence, Catalog.standard());
        List<byte[]> envelopes = s.queries().stream()
                .map(q -> Soap.V11.envelope(SeismicXml.query(q)).getBytes(StandardCharsets.UTF_8)).toList();
        new WsSecurity(configuration, keys); // fail now, not on an I/O thread, if the keys are unusable
        return new SecuredWorkload(plain, configuration, keys, envelopes);
    }

    /** Throws IllegalArgumentException unless wsbench's client can apply {@code configuration} to the operation. */
    public static void check(String protocol, String operation, Security configuration) {
        if (!configuration.secured()) {
            return;
        }
        if (!SeismicContract.OPERATION.equals(operation) || !"soap11".equals(protocol)) {
            throw new IllegalArgumentException("security '" + configuration + "' applies to matchQuakes over soap11 only, not "
                    + operation + " over " + protocol);
        }
    }

    @Override
    public int sequenceLength() {
        return plain.sequenceLength();
    }

    /** Time spent securing requests and opening responses on wsbench's side, since creation. */
    public long clientSecurityNanos() {
        return securingNanos.sum() + openingNanos.sum();
    }

    @Override
    public RequestSource requests(URI endpoint, boolean keepAlive) {
        // the head of every request but its Content-Length, which changes with each signature
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", "text/xml; charset=UTF-8");
        headers.put("SOAPAction", "\"" + SeismicContract.SOAP_ACTION + "\"");
        byte[] head = (HttpRequest.head("POST", endpoint, headers)
                + (keepAlive ? "" : "Connection: close\r\n") + "Content-Length: ").getBytes(StandardCharsets.US_ASCII);
        // one WsSecurity per I/O thread: WSS4J's builders and the DOM parser are not thread-safe
        ThreadLocal<WsSecurity> security = ThreadLocal.withInitial(() -> new WsSecurity(configuration, keys));
        return RequestSource.of(envelopes.size(), false, (index, alloc) -> {
            long t0 = System.nanoTime();
            byte[] body = security.get().secure(envelopes.get(index));
            securingNanos.add(System.nanoTime() - t0);
            byte[] length = (body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
            return alloc.buffer(head.length + length.length + body.length)
                    .writeBytes(head).writeBytes(length).writeBytes(body);
        });
    }

    @Override
    public Validator validator() {
        Validator oracle = plain.validator();
        WsSecurity security = new WsSecurity(configuration, keys);
        // the plain workload's oracle judges every answer: status, content type, Fault, results
        return (SequenceValidator) (request, status, contentType, body, length) -> {
            if (status != 200) {
                return oracle.check(request, status, contentType, body, length); // a fault is not signed
            }
            long t0 = System.nanoTime();
            byte[] opened;
            try {
                opened = security.open(body, length);
            } catch (WSSecurityException | RuntimeException e) {
                return Verdict.VALIDATION;
            } finally {
                openingNanos.add(System.nanoTime() - t0);
            }
            return oracle.check(request, status, contentType, opened, opened == body ? length : opened.length);
        };
    }
}
