package io.wsbench.stacks.direct;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;

import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/**
 * Faults the direct stack can be asked to have, to prove that wsbench sees them
 * ({@code -Dwsbench.faults=...}, several separated by commas). Off unless asked for.
 * <ul>
 * <li>{@code wrong-answer}: answers "Goodbye World".
 * <li>{@code swallowed-exception}: seed 002's hidden bug, an exception thrown and caught on every request.
 * <li>{@code spin-after-load}: one thread per core burns CPU for {@link #SPIN_MILLIS} once the requests
 * stop, like seed 000's AMF server that stayed under heavy load after the test.
 * <li>{@code spin-Nus}: every request burns N microseconds of its thread's CPU in
 * {@link #spinPerRequest} and allocates {@link #ALLOCATED_PER_REQUEST} bytes in
 * {@link #allocatePerRequest}: a known cost in named methods, for a profile to find.
 * <li>{@code delay-Nus}: every answer leaves N microseconds after its request came, the event loop free
 * meanwhile: time and no CPU, as a server waiting on its backend (a cost the machine's load cannot shrink,
 * for tests whose verdict must not hang on how busy the machine is).
 * <li>{@code leak-NB}: every request keeps N bytes for good, in a list (a leak of a known size, for a
 * soak to find), up to {@link #LEAK_LIMIT} bytes in all, after which it keeps nothing more.
 * <li>{@code exit-at-start}: the server exits before it listens (DirectServer), as a release with an API
 * break would: for the tests of what a run or a bisect does with a server that will not start.
 * </ul>
 */
record Faults(boolean wrongAnswer, boolean swallowedException, boolean spinAfterLoad, long exitAfterRequests,
              long spinMicros, int leakBytes, long delayMicros) {

    /** What the leak fault keeps at most, so that a long test cannot run the server out of heap. */
    static final long LEAK_LIMIT = 256L << 20;
    private static final java.util.regex.Pattern LEAK = java.util.regex.Pattern.compile("leak-(\\d+)b");
    private static final java.util.List<byte[]> LEAKED = new java.util.ArrayList<>();
    private static long leaked;

    static final int ALLOCATED_PER_REQUEST = 64 * 1024;
    private static final java.util.regex.Pattern SPIN = java.util.regex.Pattern.compile("spin-(\\d+)us");
    private static final java.util.regex.Pattern DELAY = java.util.regex.Pattern.compile("delay-(\\d+)us");
    private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();
    private static volatile Object kept;

    static final long SPIN_MILLIS = 3000;
    private static final long QUIET_MILLIS = 20;

    static Faults fromProperty() {
        String spec = System.getProperty("wsbench.faults", "none").toLowerCase(Locale.ROOT);
        return new Faults(spec.contains("wrong-answer"), spec.contains("swallowed-exception"),
                spec.contains("spin-after-load"), Long.getLong("wsbench.exitAfterRequests", 0),
                amount(SPIN, spec), Math.toIntExact(amount(LEAK, spec)), amount(DELAY, spec));
    }

    /** The number a sized fault of {@code spec} gives ("spin-300us": 300), 0 when {@code spec} has none. */
    private static long amount(java.util.regex.Pattern fault, String spec) {
        java.util.regex.Matcher m = fault.matcher(spec);
        return m.find() ? Long.parseLong(m.group(1)) : 0;
    }

    /** Burns {@code micros} of this thread's CPU time (not of the clock's: a preempted spin still costs its due). */
    static long spinPerRequest(long micros) {
        long until = THREADS.getCurrentThreadCpuTime() + micros * 1000;
        long x = 0;
        while (THREADS.getCurrentThreadCpuTime() < until) {
            for (int i = 0; i < 64; i++) {
                x += Long.numberOfTrailingZeros(x + i); // busy, and not optimised away
            }
        }
        return x;
    }

    /** Keeps {@code bytes} more for good, until {@link #LEAK_LIMIT} are kept. */
    static void leak(int bytes) {
        synchronized (LEAKED) {
            if (leaked + bytes <= LEAK_LIMIT) {
                LEAKED.add(new byte[bytes]);
                leaked += bytes;
            }
        }
    }

    /** Allocates {@link #ALLOCATED_PER_REQUEST} bytes that escape, so the JIT cannot leave them out. */
    static void allocatePerRequest() {
        kept = new byte[ALLOCATED_PER_REQUEST];
    }

    /**
     * Seed 002's cookie bug: a request without cookies makes this throw, and an empty catch hides
     * it. Like many such bugs it also describes the request, header by header, in a message nobody reads.
     */
    static void readCookies(HttpHeaders headers) {
        try {
            if (!headers.contains(HttpHeaderNames.COOKIE)) {
                StringBuilder seen = new StringBuilder();
                for (Map.Entry<String, String> h : headers) {
                    seen.append(String.format(Locale.ROOT, "%s=%s; ", h.getKey().toLowerCase(Locale.ROOT), h.getValue()));
                }
                throw new NoCookiesException("no cookies among " + headers.size() + " headers: " + seen);
            }
        } catch (NoCookiesException e) {
            // swallowed on purpose: this is the fault
        }
    }

    /** Thrown by {@link #readCookies}; a class of its own so a report names it unmistakably. */
    static final class NoCookiesException extends RuntimeException {
        NoCookiesException(String message) {
            super(message);
        }
    }

    /** Starts the spin-after-load threads; {@code lastRequest} holds the time of the latest request (ms). */
    static void spinAfterLoad(java.util.concurrent.atomic.AtomicLong lastRequest) {
        for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) {
            spinner(lastRequest, "spin-after-load-" + i).start();
        }
    }

    private static Thread spinner(java.util.concurrent.atomic.AtomicLong lastRequest, String name) {
        Thread t = new Thread(() -> {
            long spunFor = 0; // the request time that already had its spin
            while (true) {
                long last = lastRequest.get();
                if (last != spunFor && System.currentTimeMillis() - last > QUIET_MILLIS) {
                    spunFor = last;
                    long until = System.currentTimeMillis() + SPIN_MILLIS;
                    long x = 0;
                    while (System.currentTimeMillis() < until) {
                        x += Long.numberOfTrailingZeros(x + until); // busy, and not optimised away
                    }
                    if (x == 42) {
                        System.out.print("");
                    }
                }
                try {
                    Thread.sleep(5);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, name);
        t.setDaemon(true);
        return t;
    }

    @Override
    public String toString() {
        StringJoiner on = new StringJoiner(", ");
        if (wrongAnswer) {
            on.add("wrong-answer");
        }
        if (swallowedException) {
            on.add("swallowed-exception");
        }
        if (spinAfterLoad) {
            on.add("spin-after-load");
        }
        if (exitAfterRequests > 0) {
            on.add("exit after " + exitAfterRequests + " requests");
        }
        if (leakBytes > 0) {
            on.add("leak " + leakBytes + " bytes a request");
        }
        if (spinMicros > 0) {
            on.add("spin " + spinMicros + " us a request");
        }
        if (delayMicros > 0) {
            on.add("delay " + delayMicros + " us an answer");
        }
        return on.length() == 0 ? "none" : on.toString();
    }
}
