package io.wsbench.contract.seismic;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CatalogTest {

    @Test
    void theStandardCatalogHasTheSeedsShapeAndIsTheSameEveryTime() {
        Catalog a = Catalog.standard();
        Catalog b = CatalogGenerator.generate(CatalogGenerator.SEED);
        assertEquals(a.checksum(), b.checksum(), "two generations give the same catalog");
        assertTrue(a.size() >= 93_000, "size " + a.size());
        assertEquals(50, a.areas().size());
        assertEquals(729, a.regionCount());
        assertTrue(a.firstMillis() >= Instant.parse("2000-01-01T00:00:00Z").toEpochMilli());
        assertTrue(a.lastMillis() < Instant.parse("2003-09-01T00:00:00Z").toEpochMilli());
        long m4 = a.areas().stream().flatMap(x -> java.util.Arrays.stream(x.quakes())).filter(q -> q.magnitude() >= 4.5).count();
        long m3 = a.areas().stream().flatMap(x -> java.util.Arrays.stream(x.quakes())).filter(q -> q.magnitude() >= 3.5).count();
        // Gutenberg-Richter with b = 1: ten times fewer quakes per magnitude unit
        assertEquals(10.0, (double) m3 / m4, 1.5);
        long shallow = a.areas().stream().flatMap(x -> java.util.Arrays.stream(x.quakes())).filter(q -> q.depth() < 70).count();
        assertTrue(shallow > 0.6 * a.size(), "mostly shallow: " + shallow);
    }

    @Test
    void sequencesReturnAboutTheSeedsTotals() {
        Catalog c = Catalog.standard();
        QuerySequence small = QuerySequence.named(QuerySequence.SMALL, c);
        QuerySequence large = QuerySequence.named(QuerySequence.LARGE, c);
        assertEquals(1000, small.queries().size());
        assertEquals(100, large.queries().size());
        assertEquals(816, small.totalQuakes(), 816 * 0.05, "small total " + small.totalQuakes());
        assertEquals(176_745, large.totalQuakes(), 176_745 * 0.02, "large total " + large.totalQuakes());
        long oracleTotal = Oracle.answers(c, small).stream().mapToLong(Answer::count).sum();
        assertEquals(small.totalQuakes(), oracleTotal);
        assertEquals(small.queries(), QuerySequence.named(QuerySequence.SMALL, c).queries(), "the same sequence every time");
        // the standard catalog's sequence is kept once generated; one generated again from an equal catalog is the same
        Catalog again = CatalogGenerator.generate(CatalogGenerator.SEED);
        assertTrue(again != c);
        assertEquals(small.queries(), QuerySequence.named(QuerySequence.SMALL, again).queries(), "generated again, the same");
        assertTrue(QuerySequence.named(QuerySequence.SMALL, c) == small, "kept: every secured target of a run asks for it");
    }

    @Test
    void queryBoundsAreInclusiveBelowAndExclusiveAbove() {
        Catalog c = Catalog.standard();
        Quake q = c.areas().get(0).quakes()[100];
        Query exact = new Query(q.millis(), q.millis() + 1, q.longitude(), Math.nextUp(q.longitude()),
                q.latitude(), Math.nextUp(q.latitude()), null, null, null, null);
        assertTrue(Oracle.answer(c, exact).count() >= 1);
        Query excluded = new Query(q.millis(), q.millis(), null, null, null, null, null, null, null, null);
        assertEquals(0, Oracle.answer(c, excluded).count());
    }

    @Test
    void aCsvCatalogLoads(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path csv = dir.resolve("c.csv");
        Files.write(csv, List.of("time,latitude,longitude,depth,magnitude,method,region,area",
                "2001-02-28T18:54:32.830Z,47.15,-122.73,51.9,6.8,Mw,Puget Sound,Southeastern Alaska to Washington",
                "2002-11-03T22:12:41.000Z,63.52,-147.44,4.9,7.9,Mw,Central Alaska,Alaska - Aleutian Arc"));
        Catalog c = Catalog.fromCsv(csv);
        assertEquals(2, c.size());
        assertEquals(2, c.areas().size());
        assertEquals(1, Oracle.answer(c, new Query(null, null, null, null, 60f, null, null, null, null, null)).count());
    }
}
