package io.wsbench.contract.seismic;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Generates the standard catalog from a fixed seed: 93,500 quakes from 2000-01-01 to 2003-08-31 in
 * 50 seismic areas and 729 regions. Each area is a narrow belt (a segment of a few thousand km
 * along which epicentres scatter by a fraction of a degree), split into consecutive regions;
 * busy areas get more quakes than quiet ones. Magnitudes follow Gutenberg–Richter with b = 1
 * above 2.5, and most quakes are shallow. Only java.util.SplittableRandom is used, whose sequence
 * is fixed by its specification, so every JVM gets the same catalog.
 */
final class CatalogGenerator {

    static final long SEED = 20100427L; // the day seed 001 was published
    static final int QUAKES = 93_500;
    static final int REGIONS = 729;
    static final long START = Instant.parse("2000-01-01T00:00:00Z").toEpochMilli();
    static final long END = Instant.parse("2003-09-01T00:00:00Z").toEpochMilli();

    /** Fifty seismic areas, named after the Flinn–Engdahl seismic regions they imitate. */
    static final List<String> AREAS = List.of(
            "Alaska - Aleutian Arc", "Southeastern Alaska to Washington", "Oregon, California and Nevada",
            "Baja California and Gulf of California", "Mexico - Guatemala area", "Central America",
            "Caribbean Loop", "Andean South America", "Extreme South America", "Southern Antilles",
            "New Zealand region", "Kermadec - Tonga - Samoa area", "Fiji Islands area", "New Hebrides Islands",
            "Bismarck and Solomon Islands", "New Guinea", "Caroline Islands area", "Guam - Japan",
            "Japan - Kurils - Kamchatka", "Southwestern Japan and Ryukyu Islands", "Taiwan",
            "Philippines", "Borneo - Sulawesi", "Sunda Arc", "Myanmar and Southeast Asia",
            "India - Tibet - Sichuan - Yunnan", "Southern Xinjiang to Gansu", "Lake Issyk-Kul to Lake Baikal",
            "Western Asia", "Middle East - Crimea - Eastern Balkans", "Western Mediterranean area",
            "Atlantic Ocean", "Indian Ocean", "Eastern North America", "Eastern South America",
            "Northwestern Europe", "Africa", "Australia", "Pacific Basin", "Arctic Zone",
            "Eastern Asia", "Northeastern Asia, Northern Alaska to Greenland",
            "Southeastern and Antarctic Pacific Ocean", "Galapagos area", "Macquarie Loop",
            "Andaman Islands to Sumatra", "Baluchistan", "Hindu Kush and Pamir", "Northern Eurasia",
            "Antarctica");

    private CatalogGenerator() {
    }

    static Catalog generate(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int areas = AREAS.size();
        double[][] belts = new double[areas][];
        double[] weights = new double[areas];
        double total = 0;
        for (int a = 0; a < areas; a++) {
            double lat = -60 + 120 * rnd.nextDouble();
            double lon = -180 + 360 * rnd.nextDouble();
            double bearing = rnd.nextDouble() * Math.PI;
            double length = 8 + 30 * rnd.nextDouble(); // degrees along the belt
            belts[a] = new double[]{lat, lon, Math.cos(bearing) * length, Math.sin(bearing) * length};
            weights[a] = 1.0 / Math.pow(a + 1, 0.8); // a few very active areas, many quiet ones
            total += weights[a];
        }
        // 729 regions: consecutive stretches of the belts, at least 5 an area
        int[] firstRegion = new int[areas + 1];
        List<String> regionNames = new ArrayList<>();
        int left = REGIONS;
        for (int a = 0; a < areas; a++) {
            int n = a == areas - 1 ? left : Math.max(5, (int) Math.round(REGIONS * 0.6 * weights[a] / total) + 5);
            n = Math.min(n, left - 5 * (areas - 1 - a));
            firstRegion[a] = regionNames.size();
            for (int r = 0; r < n; r++) {
                regionNames.add(regionName(a, r, n));
            }
            left -= n;
        }
        firstRegion[areas] = regionNames.size();
        String[] methods = {"ML", "mb", "Ms", "Mw", "Md"};
        List<Quake> quakes = new ArrayList<>(QUAKES);
        for (int i = 0; i < QUAKES; i++) {
            int a = pick(rnd, weights, total);
            double[] b = belts[a];
            double along = rnd.nextDouble();
            double lat = clamp(b[0] + b[2] * along + 0.35 * gaussian(rnd), -89.9, 89.9);
            double lon = wrap(b[1] + b[3] * along + 0.35 * gaussian(rnd));
            int regions = firstRegion[a + 1] - firstRegion[a];
            int region = firstRegion[a] + Math.min(regions - 1, (int) (along * regions));
            double magnitude = Math.min(9.0, 2.5 - Math.log10(1 - rnd.nextDouble()));
            double depth = depth(rnd);
            long millis = START + (long) (rnd.nextDouble() * (END - START));
            String method = methods[magnitude >= 5.5 ? 3 : rnd.nextInt(3)];
            quakes.add(new Quake(millis, round(lat, 3), round(lon, 3), round(depth, 1), round(magnitude, 1),
                    method, region, a));
        }
        return new Catalog(AREAS, regionNames, quakes);
    }

    private static String regionName(int area, int r, int of) {
        String base = AREAS.get(area);
        String[] parts = {"northern", "central", "southern", "offshore", "near coast of", "eastern", "western"};
        return parts[r % parts.length] + " " + base + (r >= parts.length ? " " + (r / parts.length + 1) : "");
    }

    /** 70% shallow crust, 25% intermediate, 5% deep. */
    private static double depth(SplittableRandom rnd) {
        double u = rnd.nextDouble();
        if (u < 0.70) {
            return Math.min(70, -12 * Math.log(1 - rnd.nextDouble()));
        }
        if (u < 0.95) {
            return 70 + 230 * rnd.nextDouble();
        }
        return 300 + 400 * rnd.nextDouble();
    }

    private static int pick(SplittableRandom rnd, double[] weights, double total) {
        double x = rnd.nextDouble() * total;
        for (int i = 0; i < weights.length; i++) {
            x -= weights[i];
            if (x < 0) {
                return i;
            }
        }
        return weights.length - 1;
    }

    /** Box–Muller, from SplittableRandom alone so the sequence is fixed. */
    private static double gaussian(SplittableRandom rnd) {
        double u = 1 - rnd.nextDouble();
        double v = rnd.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    }

    private static double wrap(double lon) {
        double l = (lon + 180) % 360;
        return (l < 0 ? l + 360 : l) - 180;
    }

    private static double clamp(double v, double lo, double hi) {
        return Math.max(lo, Math.min(hi, v));
    }

    private static float round(double v, int digits) {
        double f = Math.pow(10, digits);
        return (float) (Math.round(v * f) / f);
    }
}
