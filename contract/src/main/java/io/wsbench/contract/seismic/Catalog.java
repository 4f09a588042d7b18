package io.wsbench.contract.seismic;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The earthquake catalog every stack serves, held in memory grouped by seismic area and sorted by
 * time, so a query is a binary search on the date range of each area and a scan of what is left
 * (as the original service did: the point is the web-service stack, not a database).
 */
public final class Catalog {

    /** A seismic area and its quakes, sorted by time. */
    public record Area(int index, String name, Quake[] quakes, long[] times) {
    }

    /** The quakes of one area that matched a query, with the regions they fall in. */
    public record ResultSet(Area area, List<Integer> regions, List<Quake> quakes) {
    }

    private final List<String> regionNames;
    private final List<Area> areas;
    private final int size;

    Catalog(List<String> areaNames, List<String> regionNames, List<Quake> all) {
        this.regionNames = List.copyOf(regionNames);
        List<List<Quake>> byArea = new ArrayList<>();
        areaNames.forEach(a -> byArea.add(new ArrayList<>()));
        for (Quake q : all) {
            byArea.get(q.area()).add(q);
        }
        List<Area> list = new ArrayList<>();
        for (int i = 0; i < areaNames.size(); i++) {
            Quake[] qs = byArea.get(i).toArray(Quake[]::new);
            Arrays.sort(qs, Comparator.comparingLong(Quake::millis).thenComparingInt(Quake::region));
            long[] times = Arrays.stream(qs).mapToLong(Quake::millis).toArray();
            list.add(new Area(i, areaNames.get(i), qs, times));
        }
        this.areas = List.copyOf(list);
        this.size = all.size();
    }

    /** The catalog wsbench generates: the same on every machine (see {@link CatalogGenerator}). */
    public static Catalog standard() {
        return Standard.CATALOG;
    }

    private static final class Standard {
        static final Catalog CATALOG = CatalogGenerator.generate(CatalogGenerator.SEED);
    }

    private static final class Configured {
        static final Catalog CATALOG = load();

        private static Catalog load() {
            String file = System.getProperty(FILE_PROPERTY);
            try {
                return file == null || file.isBlank() ? standard() : fromCsv(Path.of(file));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot load catalog: " + e.getMessage(), e);
            }
        }
    }

    /** The system property naming a real catalog's CSV file, for {@link #configured()}. */
    public static final String FILE_PROPERTY = "wsbench.catalog";

    /**
     * The catalog a server serves: the standard one, or a real one from
     * {@code -Dwsbench.catalog=FILE.csv} (which a suite's stackOptions pass as {@code catalog}).
     */
    public static Catalog configured() {
        return Configured.CATALOG;
    }

    /**
     * Loads a real catalog from CSV with a header line and the columns
     * {@code time,latitude,longitude,depth,magnitude,method,region,area}; time is ISO-8601
     * (e.g. 2001-02-28T18:54:32.830Z), region and area are names.
     */
    public static Catalog fromCsv(Path file) throws IOException {
        Map<String, Integer> areas = new LinkedHashMap<>();
        Map<String, Integer> regions = new LinkedHashMap<>();
        List<Quake> quakes = new ArrayList<>();
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line = r.readLine();
            int n = 1;
            while ((line = r.readLine()) != null) {
                n++;
                if (line.isBlank()) {
                    continue;
                }
                String[] f = line.split(",", -1);
                if (f.length != 8) {
                    throw new IOException(file + ":" + n + ": expected 8 columns "
                            + "(time,latitude,longitude,depth,magnitude,method,region,area), found " + f.length);
                }
                try {
                    int area = areas.computeIfAbsent(f[7].trim(), k -> areas.size());
                    int region = regions.computeIfAbsent(f[6].trim(), k -> regions.size());
                    quakes.add(new Quake(Instant.parse(f[0].trim()).toEpochMilli(), Float.parseFloat(f[1]),
                            Float.parseFloat(f[2]), Float.parseFloat(f[3]), Float.parseFloat(f[4]), f[5].trim(),
                            region, area));
                } catch (RuntimeException e) {
                    throw new IOException(file + ":" + n + ": " + e.getMessage());
                }
            }
        }
        return new Catalog(List.copyOf(areas.keySet()), List.copyOf(regions.keySet()), quakes);
    }

    public List<ResultSet> match(Query q) {
        List<ResultSet> out = new ArrayList<>();
        for (Area a : areas) {
            int from = q.minDate() == null ? 0 : lowerBound(a.times(), q.minDate());
            int to = q.maxDate() == null ? a.times().length : lowerBound(a.times(), q.maxDate());
            List<Quake> hits = null;
            for (int i = from; i < to; i++) {
                Quake quake = a.quakes()[i];
                if (q.matches(quake)) {
                    if (hits == null) {
                        hits = new ArrayList<>();
                    }
                    hits.add(quake);
                }
            }
            if (hits != null) {
                out.add(new ResultSet(a, hits.stream().map(Quake::region).distinct().sorted().toList(), hits));
            }
        }
        return out;
    }

    /** Number of quakes a query matches, without building the result. */
    public int count(Query q) {
        int n = 0;
        for (Area a : areas) {
            int from = q.minDate() == null ? 0 : lowerBound(a.times(), q.minDate());
            int to = q.maxDate() == null ? a.times().length : lowerBound(a.times(), q.maxDate());
            for (int i = from; i < to; i++) {
                if (q.matches(a.quakes()[i])) {
                    n++;
                }
            }
        }
        return n;
    }

    private static int lowerBound(long[] a, long key) {
        int lo = 0;
        int hi = a.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] < key) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    public String regionName(int index) {
        return regionNames.get(index);
    }

    /** The xsd:ID of a region in responses. */
    public static String regionIdent(int index) {
        return "r" + index;
    }

    List<Area> areas() {
        return areas;
    }

    public int regionCount() {
        return regionNames.size();
    }

    public int size() {
        return size;
    }

    public long firstMillis() {
        return areas.stream().filter(a -> a.times().length > 0).mapToLong(a -> a.times()[0]).min().orElse(0);
    }

    public long lastMillis() {
        return areas.stream().filter(a -> a.times().length > 0).mapToLong(a -> a.times()[a.times().length - 1])
                .max().orElse(0);
    }

    /** SHA-256 over every quake in a canonical form: equal digests mean equal catalogs. */
    public String checksum() {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            for (Area a : areas) {
                md.update(a.name().getBytes(StandardCharsets.UTF_8));
                for (Quake q : a.quakes()) {
                    md.update((q.millis() + "," + q.latitude() + "," + q.longitude() + "," + q.depth() + ","
                            + q.magnitude() + "," + q.method() + "," + regionNames.get(q.region()) + "\n")
                            .getBytes(StandardCharsets.UTF_8));
                }
            }
            return HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
