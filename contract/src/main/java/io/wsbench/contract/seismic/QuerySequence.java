package io.wsbench.contract.seismic;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The request sequences of seed 001, generated as its client did: each query covers a time range
 * of 0.5–1 times a fraction of the whole span at a random position, and longitude and latitude
 * ranges of 0.5–1 times the square root of that fraction of their full extent. The fraction is
 * tuned (by bisection, on the fixed draws) so the whole sequence returns about the seed's total.
 */
public record QuerySequence(String name, List<Query> queries, double fraction, long totalQuakes) {

    /** 1,000 requests with small responses: about 816 quakes in all. */
    public static final String SMALL = "small";
    /** 100 requests with large responses: about 176,745 quakes in all. */
    public static final String LARGE = "large";

    /** The standard catalog's sequences, each generated once a JVM: every secured target of a run asks again. */
    private static final java.util.Map<String, QuerySequence> STANDARD = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * The sequence {@code name} over {@code catalog}. Generating one tunes its fraction over 50 passes of
     * the catalog (about 0.4 CPU-s): the standard catalog's are kept, as the same name always gives the same.
     */
    public static QuerySequence named(String name, Catalog catalog) {
        return catalog == Catalog.standard() ? STANDARD.computeIfAbsent(name, n -> generated(n, catalog)) : generated(name, catalog);
    }

    private static QuerySequence generated(String name, Catalog catalog) {
        return switch (name) {
            case SMALL -> generate(SMALL, catalog, 1000, 816, 1001);
            case LARGE -> generate(LARGE, catalog, 100, 176_745, 1002);
            default -> throw new IllegalArgumentException("unknown sequence '" + name + "' (known: small, large)");
        };
    }

    static QuerySequence generate(String name, Catalog catalog, int n, long targetQuakes, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[][] draws = new double[n][6];
        for (double[] d : draws) {
            for (int i = 0; i < d.length; i++) {
                d[i] = rnd.nextDouble();
            }
        }
        double lo = 1e-9;
        double hi = 1;
        List<Query> best = build(catalog, draws, hi);
        for (int i = 0; i < 50; i++) {
            double mid = Math.sqrt(lo * hi); // the total grows roughly as a power of the fraction
            List<Query> qs = build(catalog, draws, mid);
            if (total(catalog, qs) < targetQuakes) {
                lo = mid;
            } else {
                hi = mid;
                best = qs;
            }
        }
        List<Query> low = build(catalog, draws, lo);
        long tLow = total(catalog, low);
        long tHigh = total(catalog, best);
        boolean lowCloser = Math.abs(tLow - targetQuakes) <= Math.abs(tHigh - targetQuakes);
        return new QuerySequence(name, List.copyOf(lowCloser ? low : best), lowCloser ? lo : hi,
                lowCloser ? tLow : tHigh);
    }

    private static List<Query> build(Catalog catalog, double[][] draws, double fraction) {
        long span = catalog.lastMillis() - catalog.firstMillis();
        double side = Math.sqrt(fraction);
        List<Query> out = new ArrayList<>(draws.length);
        for (double[] d : draws) {
            long length = (long) (span * fraction * (0.5 + 0.5 * d[0]));
            long start = catalog.firstMillis() + (long) ((span - length) * d[1]);
            float lonRange = (float) (360 * side * (0.5 + 0.5 * d[2]));
            float latRange = (float) (180 * side * (0.5 + 0.5 * d[3]));
            float minLong = (float) (-180 + (360 - lonRange) * d[4]);
            float minLat = (float) (-90 + (180 - latRange) * d[5]);
            out.add(new Query(start, start + length, minLong, minLong + lonRange, minLat, minLat + latRange,
                    null, null, null, null));
        }
        return out;
    }

    private static long total(Catalog catalog, List<Query> qs) {
        long t = 0;
        for (Query q : qs) {
            t += catalog.count(q);
        }
        return t;
    }
}
