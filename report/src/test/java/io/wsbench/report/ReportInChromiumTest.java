package io.wsbench.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Opens report.html in a real browser, headless Chromium, and checks from a screenshot that the page
 * and its charts drew. Skipped where Chromium is not installed (Debian package {@code chromium}).
 */
class ReportInChromiumTest {

    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    /** The first series colour of every chart (Plot.COLORS[0]): its pixels mean a bar or line was drawn. */
    static final int FIRST_SERIES = 0x4269d0;

    @Test
    void chartsDrawInAHeadlessBrowser(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM), "Chromium is not installed at " + CHROMIUM
                + " (apt-get install chromium): the report is not rendered in a browser here");
        ReportWriter.write(ReportWriterTest.run(ReportWriterTest.REST, ReportWriterTest.SOAP, "complete", null), dir);
        Path png = screenshot(dir, dir.resolve("report.html"));

        BufferedImage image = ImageIO.read(png.toFile());
        assertNotNull(image, "not a PNG: " + png);
        assertEquals(1280, image.getWidth());
        Set<Integer> colours = new HashSet<>();
        long notWhite = 0;
        long series = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int rgb = image.getRGB(x, y) & 0xffffff;
                colours.add(rgb);
                notWhite += rgb == 0xffffff ? 0 : 1;
                series += close(rgb, FIRST_SERIES) ? 1 : 0;
            }
        }
        long pixels = (long) image.getWidth() * image.getHeight();
        String seen = colours.size() + " colours, " + notWhite + " of " + pixels + " pixels not white, " + series
                + " of the first series colour; screenshot " + new File(png.toString()).length() + " bytes";
        assertTrue(colours.size() > 50, "a blank or flat page: " + seen);
        assertTrue(notWhite > pixels / 50, "mostly white: " + seen);
        // bars of the throughput chart alone cover thousands of pixels
        assertTrue(series > 2_000, "the charts did not draw: " + seen);
    }

    @Test
    void theComparisonPageDrawsItsRatiosInItsVerdictsColours(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM), "Chromium is not installed at " + CHROMIUM);
        // B twice as fast: every ratio a verdict in green (throughput faster, latencies lower)
        Comparison.of("a", ComparisonTest.run("x", 1000, 2000, ComparisonTest.NOISE_A),
                "b", ComparisonTest.run("y", 2000, 1000, ComparisonTest.NOISE_B)).write(dir);
        BufferedImage image = ImageIO.read(screenshot(dir, dir.resolve("compare.html")).toFile());
        long green = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                green += close(image.getRGB(x, y) & 0xffffff, BETTER) ? 1 : 0;
            }
        }
        // three marks of radius 4 with their interval lines
        assertTrue(green > 60, "the chart's marks did not draw: " + green + " pixels of " + Integer.toHexString(BETTER));
    }

    /** compare.mustache's colour of a better verdict in the chart. */
    static final int BETTER = 0x2a8a24;

    /** A screenshot of {@code page} by headless Chromium, 1280 pixels wide. */
    private static Path screenshot(Path dir, Path page) throws Exception {
        Path png = dir.resolve(page.getFileName() + ".png");
        Process chromium = new ProcessBuilder(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox",
                "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--no-first-run", "--user-data-dir=" + dir.resolve("profile"), "--screenshot=" + png,
                "--window-size=1280,2000", page.toUri().toString()))
                .redirectErrorStream(true).redirectOutput(dir.resolve("chromium.log").toFile()).start();
        boolean exited = chromium.waitFor(90, TimeUnit.SECONDS);
        if (!exited) {
            chromium.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        String log = Files.readString(dir.resolve("chromium.log"));
        assertTrue(exited, "Chromium did not finish within 90 s:\n" + log);
        assertTrue(Files.isRegularFile(png), "no screenshot; Chromium said:\n" + log);
        return png;
    }

    private static boolean close(int rgb, int target) {
        for (int shift = 0; shift <= 16; shift += 8) {
            if (Math.abs(((rgb >> shift) & 0xff) - ((target >> shift) & 0xff)) > 8) {
                return false;
            }
        }
        return true;
    }
}
