package io.wsbench.model.record;

import org.HdrHistogram.Histogram;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;

/**
 * A latency histogram as run.json keeps it: HdrHistogram's compressed form in Base64. Written by the
 * engine for every point and read back by the report, the history and the agents' merge, so it lives
 * here, beside the records, rather than in the engine.
 */
public final class Histograms {

    private Histograms() {
    }

    public static String encode(Histogram h) {
        ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int n = h.encodeIntoCompressedByteBuffer(buf);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(buf.array(), n));
    }

    /** The histogram {@link #encode} wrote; an IllegalArgumentException for anything else. */
    public static Histogram decode(String base64) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
        } catch (java.util.zip.DataFormatException e) {
            throw new IllegalArgumentException("not an encoded histogram: " + e.getMessage(), e);
        }
    }
}
