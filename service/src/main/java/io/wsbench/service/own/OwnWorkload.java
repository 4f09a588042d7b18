package io.wsbench.service.own;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.wsbench.core.load.RequestSource;
import io.wsbench.core.load.Validator;
import io.wsbench.core.load.Verdict;
import io.wsbench.protocols.Workload;
import io.wsbench.protocols.XmlAnswers;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;

/**
 * A user's operation as a workload: one request per data row, every one encoded before the load
 * starts (so the engine sends bytes as fast as for a built-in target), and every answer put to the
 * user's checks. The time the checks take is counted apart, so an expensive check can be told from
 * a slow server.
 */
public final class OwnWorkload implements Workload {

    /** A SOAP service's answers can be SOAP Faults, a GraphQL server's carry errors, a gRPC call ends with a status. */
    @Override
    public List<io.wsbench.model.record.ErrorKind> errorKinds() {
        return request.soap() ? List.of(io.wsbench.protocols.Soap.FAULT_KIND)
                : request.graphql() ? List.of(io.wsbench.protocols.GraphQl.ERRORS_KIND)
                : request.http2Only() ? List.of(io.wsbench.core.load.EngineErrorKinds.GRPC_STATUS) : List.of();
    }

    /** How much the encoded requests of one data set may take unless the user raises it. */
    public static final long DEFAULT_MAX_BYTES = 256L << 20;

    private final OwnRequest request;
    private final DataRows data;
    private final boolean unique;
    private final List<AnswerCheck> checks;
    private final long maxBytes;
    /** Null for a plain service; else a new securing client for each I/O thread. */
    private final java.util.function.Supplier<Securing> securing;
    private final LongAdder securityNanos = new LongAdder();
    private final LongAdder checkNanos = new LongAdder();
    private final LongAdder checked = new LongAdder();
    private volatile String firstFailure;
    private Encoded encoded;

    private record Encoded(URI endpoint, boolean keepAlive, ByteBuf all, int[] offsets) {
    }

    private OwnWorkload(OwnRequest request, DataRows data, boolean unique, List<AnswerCheck> checks, long maxBytes,
                        java.util.function.Supplier<Securing> securing) {
        this.securing = securing;
        this.request = request;
        this.data = data;
        this.unique = unique;
        this.checks = checks;
        this.maxBytes = maxBytes;
    }

    /**
     * The workload of {@code request} over {@code data}'s rows ({@code unique}: each row once per
     * point), with the user's {@code checks}; every request is encoded for {@code endpoint} now, so a
     * missing column, a bad check or a data set too big is reported before any load.
     */
    public static OwnWorkload of(OwnRequest request, DataRows data, boolean unique, List<String> checks, URI endpoint,
                                 long maxBytes) throws OwnServiceException {
        return of(request, data, unique, checks, endpoint, maxBytes, null);
    }

    /**
     * As {@link #of(OwnRequest, DataRows, boolean, List, URI, long)}, each request secured when it
     * is sent and each answer opened before it is checked by a client {@code securing} makes for
     * each I/O thread (null: none).
     */
    public static OwnWorkload of(OwnRequest request, DataRows data, boolean unique, List<String> checks, URI endpoint,
                                 long maxBytes, java.util.function.Supplier<Securing> securing) throws OwnServiceException {
        List<AnswerCheck> parsed = new ArrayList<>();
        for (String c : checks) {
            AnswerCheck check = AnswerCheck.parse(c, request);
            if (check.header() != null) {
                throw new OwnServiceException("check '" + c + "': a single request's answers are checked without their headers;"
                        + " write the target as a flow of one step (flow: { steps: [...] }), whose checks read them");
            }
            parsed.add(check);
        }
        Set<String> needed = new LinkedHashSet<>(request.placeholders());
        String missing = data.missing(needed, "the request's placeholders");
        if (missing != null) {
            throw new OwnServiceException(missing);
        }
        for (AnswerCheck c : parsed) {
            missing = data.missing(c.placeholders(), "check '" + c.text() + "'");
            if (missing != null) {
                throw new OwnServiceException(missing);
            }
        }
        OwnWorkload w = new OwnWorkload(request, data, unique, List.copyOf(parsed), maxBytes, securing);
        w.encoded = w.encode(endpoint, true);
        return w;
    }

    public OwnRequest request() {
        return request;
    }

    public DataRows data() {
        return data;
    }

    /** The client's time spent securing requests and opening answers so far (0 for a plain service). */
    public long securityNanos() {
        return securityNanos.sum();
    }

    /** The client's time spent checking answers so far, and how many answers: read before and after a point. */
    public long checkNanos() {
        return checkNanos.sum();
    }

    public long checkedAnswers() {
        return checked.sum();
    }

    private Encoded encode(URI endpoint, boolean keepAlive) throws OwnServiceException {
        List<byte[]> wires = new ArrayList<>(data.size());
        long total = 0;
        for (int i = 0; i < data.size(); i++) {
            byte[] w;
            try {
                w = securing == null ? request.wire(endpoint, data.row(i), keepAlive) : request.body(data.row(i));
            } catch (IllegalArgumentException e) {
                // a value its request cannot carry (a GraphQL Int that is no number): the row, named, before any load
                throw new OwnServiceException((data.source() == null ? "the request" : data.source()) + ", row " + (i + 1)
                        + ": " + e.getMessage());
            }
            total += w.length;
            if (total > maxBytes) {
                throw new OwnServiceException((data.source() == null ? "the request" : data.source())
                        + ": the encoded requests take more than " + (maxBytes >> 20) + " MB (at row " + (i + 1)
                        + " of " + data.size() + "): use fewer rows, or raise the limit (--data-max-mb, dataMaxMb in a suite)");
            }
            wires.add(w);
        }
        ByteBuf all = Unpooled.directBuffer((int) total);
        int[] offsets = new int[wires.size() + 1];
        for (int i = 0; i < wires.size(); i++) {
            offsets[i] = all.writerIndex();
            all.writeBytes(wires.get(i));
        }
        offsets[wires.size()] = all.writerIndex();
        return new Encoded(endpoint, keepAlive, all, offsets);
    }

    @Override
    public synchronized RequestSource requests(URI endpoint, boolean keepAlive) {
        if (!encoded.endpoint().equals(endpoint) || encoded.keepAlive() != keepAlive) {
            try {
                Encoded fresh = encode(endpoint, keepAlive);
                encoded.all().release();
                encoded = fresh;
            } catch (OwnServiceException e) {
                throw new IllegalArgumentException(e.getMessage(), e);
            }
        }
        Encoded e = encoded;
        int rows = e.offsets().length - 1;
        if (securing != null) {
            return secured(e, rows, endpoint, keepAlive);
        }
        return RequestSource.of(rows, unique, (index, alloc) -> {
            int from = e.offsets()[index];
            return e.all().retainedSlice(from, e.offsets()[index + 1] - from);
        });
    }

    /** Requests secured on the I/O thread as they are sent: each gets its own timestamp, nonce and signature. */
    private RequestSource secured(Encoded e, int rows, URI endpoint, boolean keepAlive) {
        ThreadLocal<Securing> clients = ThreadLocal.withInitial(securing);
        return RequestSource.of(rows, unique, (index, alloc) -> {
            long start = System.nanoTime();
            int from = e.offsets()[index];
            byte[] envelope = new byte[e.offsets()[index + 1] - from];
            e.all().getBytes(from, envelope);
            byte[] wire = request.wire(endpoint, clients.get().secure(envelope), keepAlive);
            securityNanos.add(System.nanoTime() - start);
            return alloc.buffer(wire.length).writeBytes(wire);
        });
    }

    @Override
    public Validator validator() {
        List<AnswerCheck> own = checks.stream().map(AnswerCheck::instance).toList();
        // a status check of the user's own says which codes answer; each one is checked below with the others
        boolean statusChecked = own.stream().anyMatch(c -> c instanceof AnswerCheck.StatusCheck);
        XmlAnswers stax = request.soap() ? new XmlAnswers() : null;
        boolean graphql = request.graphql();
        Securing client = securing == null ? null : securing.get();
        ParsedAnswer parsed = new ParsedAnswer();
        return Validator.byRequest((index, code, contentType, answer, answerLength) -> {
            byte[] body = answer;
            int length = answerLength;
            if (client != null && (code == 200 || code == 500)) {
                long start = System.nanoTime();
                try {
                    body = client.open(answer, answerLength);
                    length = body.length;
                } catch (Exception e) {
                    if (firstFailure == null) {
                        firstFailure = "row " + (index % data.size() + 1) + ", WS-Security: " + String.valueOf(e.getMessage()).replace('\n', ' ');
                    }
                    return code == 500 && io.wsbench.protocols.FaultScan.fault(stax, answer, answerLength) ? io.wsbench.protocols.Soap.FAULT : Verdict.VALIDATION;
                } finally {
                    securityNanos.add(System.nanoTime() - start);
                }
            }
            if (stax != null && (code == 500 || code == 200) && io.wsbench.protocols.FaultScan.fault(stax, body, length)) {
                return io.wsbench.protocols.Soap.FAULT;
            }
            if (graphql && code == 200 && io.wsbench.service.graphql.GraphQlRequest.hasErrors(body, length)) {
                return io.wsbench.protocols.GraphQl.ERRORS;
            }
            if (!statusChecked && (code < 200 || code >= 300)) {
                return Verdict.HTTP_STATUS;
            }
            if (request.http2Only()) {
                try {
                    byte[] readable = request.readable(body, length);
                    if (readable != null) {
                        body = readable;
                        length = readable.length;
                    }
                } catch (IllegalArgumentException e) {
                    if (firstFailure == null) {
                        firstFailure = "row " + (index % data.size() + 1) + ": the answer cannot be read: " + e.getMessage();
                    }
                    return Verdict.VALIDATION;
                }
            }
            if (own.isEmpty()) {
                return Verdict.OK;
            }
            long start = System.nanoTime();
            parsed.reset(code, contentType, data.row(index % data.size()), body, length);
            boolean ok = true;
            for (AnswerCheck c : own) {
                String problem = c.problem(parsed);
                if (problem != null) {
                    ok = false;
                    if (firstFailure == null) {
                        firstFailure = "row " + (index % data.size() + 1) + ", check '" + c.text() + "': " + problem;
                    }
                    break;
                }
            }
            checkNanos.add(System.nanoTime() - start);
            checked.increment();
            return ok ? Verdict.OK : Verdict.VALIDATION;
        });
    }

    /** Why the first answer that failed a check failed it (its row, the check, what was wrong), or null: a user's first question. */
    public String firstFailure() {
        return firstFailure;
    }

    @Override
    public boolean http2Only() {
        return request.http2Only();
    }
}
