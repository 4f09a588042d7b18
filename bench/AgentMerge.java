import io.wsbench.core.load.Measurement;
import io.wsbench.model.record.ErrorCounts;
import io.wsbench.model.record.SecondSample;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * What merging a distributed point costs the controller: N agents' measurements of a 30 s point
 * (each a histogram of 300,000 latencies spread from 50 µs to 2 s, and a per-second series), sent as
 * bytes, read back and merged with Histogram.add, as Controller does. Prints the wire size per agent
 * and the median and min-max time of the read-and-merge over ROUNDS rounds. Run by bench/agents.sh.
 */
public class AgentMerge {
    public static void main(String[] args) {
        int rounds = Integer.parseInt(args[0]);
        Random random = new Random(42);
        for (int agents : new int[] {1, 2, 3, 8}) {
            List<byte[]> wire = new ArrayList<>();
            for (int a = 0; a < agents; a++) {
                Histogram h = new Histogram(3_600_000_000L, 3);
                for (int i = 0; i < 300_000; i++) {
                    h.recordValue((long) (50 * Math.exp(random.nextDouble() * Math.log(40_000))));
                }
                List<SecondSample> series = new ArrayList<>();
                for (int s = 0; s < 30; s++) {
                    series.add(new SecondSample(s, 10_000, 1_200, 0));
                }
                wire.add(new Measurement(h, 300_000, 300_000, ErrorCounts.NONE, 30_000_000, 30_000_000, 300_000, 30.0,
                        series, null, null, null).toBytes());
            }
            double[] millis = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                long t0 = System.nanoTime();
                List<Measurement> parts = wire.stream().map(Measurement::fromBytes).toList();
                Measurement merged = Measurement.merge(parts);
                millis[r] = (System.nanoTime() - t0) / 1e6;
                if (merged.ok() != 300_000L * agents) {
                    throw new AssertionError(merged.ok());
                }
            }
            java.util.Arrays.sort(millis);
            System.out.printf("merge of %d agents' points: %,d bytes each on the wire; read and merged in %.1f ms (%.1f-%.1f)%n",
                    agents, wire.get(0).length, millis[rounds / 2], millis[0], millis[rounds - 1]);
        }
    }
}
