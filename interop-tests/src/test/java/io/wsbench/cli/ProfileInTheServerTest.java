package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.model.record.RunJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The server's profile, end to end, on the direct stack asked to burn a known CPU time per request in
 * a method of its own ({@code Faults.spinPerRequest}) and to allocate 64 KB per request in another
 * ({@code Faults.allocatePerRequest}): the flame graph's data, the attribution table, and what changed
 * between two runs. Every point is bounded in time (3 s, after a warm-up of at most 20 s).
 */
class ProfileInTheServerTest {

    private static final String SPIN = "io.wsbench.stacks.direct.Faults.spinPerRequest";
    private static final String ALLOCATE = "io.wsbench.stacks.direct.Faults.allocatePerRequest";

    @Test
    void theSpinIsFoundInTheFlameGraphAndWhatChangedIsTheSpin(@TempDir Path dir) throws Exception {
        Path a = run(dir, "a", 300);
        Path b = run(dir, "b", 900);
        Path again = run(dir, "again", 300);

        // the flame graph's stacks: the spin's frame holds its 300 µs a request, ±30%
        JsonNode runA = RunJson.MAPPER.readTree(a.resolve("run.json").toFile());
        long requests = 0;
        for (JsonNode p : runA.at("/points")) {
            requests += p.at("/requests").asLong();
            JsonNode profile = p.at("/server/profile");
            // every part of the CPU named, the parts adding up to the CPU the kernel counted within 10%
            double parts = 0;
            for (JsonNode part : profile.at("/parts")) {
                parts += part.at("/cpuMicros").asDouble();
            }
            double measured = p.at("/server/cpuPercent").asDouble() / 100 * p.at("/durationSeconds").asDouble() * 1e6;
            assertEquals(1.0, parts / measured, 0.10, profile.toString());
            assertTrue(profile.at("/coverage").asDouble() > 0.5, "the samples saw too little of the CPU: " + profile);
            // enough samples to place 300 µs a request within ±30% (a busy machine thins them: 254 in one CI run)
            assertTrue(profile.at("/cpuSamples").asLong() > 150, profile.toString());
            assertTrue(Files.isRegularFile(a.resolve(profile.at("/files").asText() + io.wsbench.model.record.ProfileRecord.CPU)));
        }
        double spin = frameMicros(CliRunner.run("flame", a.toString(), "--folded").out(), SPIN) / requests;
        assertEquals(300, spin, 90, "µs a request in the spin's frame");
        String alloc = CliRunner.run("flame", a.toString(), "--folded", "--kind", "alloc").out();
        String heaviest = alloc.lines().findFirst().orElseThrow();
        assertTrue(heaviest.contains(ALLOCATE + ";byte[] "), "the heaviest allocation: " + heaviest);
        assertEquals(65536, frameMicros(alloc, ALLOCATE) / requests, 65536 * 0.3, "bytes a request");
        String html = Files.readString(a.resolve("report.html"));
        assertTrue(html.contains("Where the time went") && html.contains("data-flame="));
        String page = CliRunner.run("flame", a.toString()).out();
        assertTrue(page.startsWith("<!DOCTYPE html>") && page.contains("data-flame="), "wsbench flame's page");

        // B spins 600 µs more: named first, its change within ±30%, most of the whole change
        CliRunner why = CliRunner.run("why", a.toString(), b.toString());
        assertEquals(0, why.exit(), why.out() + why.err());
        assertTrue(why.out().lines().skip(2).findFirst().orElse("").contains(SPIN), why.out());
        CliRunner compare = CliRunner.run("compare", a.toString(), b.toString(), "--out", dir.resolve("ab").toString());
        assertEquals(0, compare.exit(), compare.out() + compare.err());
        JsonNode first = RunJson.MAPPER.readTree(dir.resolve("ab/compare.json").toFile()).at("/why/0/frames/0");
        assertEquals(SPIN, first.at("/frame").asText(), first.toString());
        assertEquals(600, first.at("/change").asDouble(), 180, first.toString());
        assertTrue(first.at("/shareOfChange").asDouble() > 0.7, first.toString());
        assertTrue(Files.readString(dir.resolve("ab/compare.html")).contains("What changed in the servers"));

        assertTrue(first.at("/significant").asBoolean(), first.toString());

        // the same server twice: no frame changed (an interval that excludes 0, by 1% of the CPU per request or more)
        Path sameDir = dir.resolve("aa");
        CliRunner.run("compare", a.toString(), again.toString(), "--out", sameDir.toString());
        for (JsonNode f : RunJson.MAPPER.readTree(sameDir.resolve("compare.json").toFile()).at("/why/0/frames")) {
            assertFalse(f.at("/significant").asBoolean(), "the same server changed in " + f);
        }
    }

    /** The weight of the collapsed stacks that pass through {@code frame}. */
    private static double frameMicros(String folded, String frame) {
        return folded.lines().filter(l -> l.contains(frame + ";") || l.contains(frame + " "))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).sum();
    }

    private static Path run(Path dir, String name, int spinMicros) throws Exception {
        Path suite = dir.resolve(name + ".yaml");
        Files.writeString(suite, """
                name: %s
                operation: now
                warmup: auto
                warmupMax: 20s
                repeat: 3
                targets:
                  - { label: page, stack: direct, protocol: html }
                load:
                  - { users: 2, duration: 3s }
                stackOptions:
                  direct: { faults: spin-%dus }
                """.formatted(name, spinMicros));
        Path out = dir.resolve(name);
        CliRunner r = CliRunner.run("run", suite.toString(), "--out", out.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        return out;
    }
}
