package io.wsbench.runner;

import io.wsbench.core.load.ProgressListener;
import io.wsbench.model.record.MinuteSample;
import io.wsbench.model.record.OverTime;
import io.wsbench.model.record.RunJson;
import io.wsbench.model.record.RunRecord;
import io.wsbench.model.record.SecondSample;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A long point's seconds summed into minutes, each told as it closes, and the minutes of a point kept in run.json while it runs. */
class PointWatchTest {

    @Test
    void secondsAreSummedIntoMinutesToldAsTheyCloseAndThePointsMinutesAreKept() {
        List<List<MinuteSample>> told = new ArrayList<>();
        List<MinuteSample> printed = new ArrayList<>();
        ProgressListener console = new ProgressListener() {
            @Override
            public void progress(long done, long expected, double elapsed, double total, double rate) {
            }

            @Override
            public void minute(MinuteSample m) {
                printed.add(m);
            }
        };
        PointWatch watch = PointWatch.start(console, told::add, WatchedServer.UNSEEN);
        for (int s = 0; s < 125; s++) {
            Histogram h = new Histogram(1, 3_600_000_000L, 2);
            for (int i = 0; i < 100; i++) {
                h.recordValue(s < 60 ? 1000 : 2000); // the second minute is twice as slow
            }
            watch.second(new SecondSample(s, 100, 1000, s == 70 ? 3 : 0), h);
        }
        assertEquals(2, told.size(), "minutes 1 and 2 told as they closed, the third not yet");
        assertEquals(2, printed.size());
        assertEquals(1, told.get(0).size());
        OverTime over = watch.finish(100);
        List<MinuteSample> minutes = over.minutes();
        assertEquals(3, minutes.size());
        MinuteSample first = minutes.get(0);
        assertEquals(60, first.seconds());
        assertEquals(6000, first.requests());
        assertEquals(100.0, first.throughput());
        assertEquals(1000, first.p99Micros(), 10);
        assertEquals(2000, minutes.get(1).p50Micros(), 20);
        assertEquals(3, minutes.get(1).errors());
        assertEquals(5, minutes.get(2).seconds(), "the last minute is short");
        assertTrue(over.drifts().isEmpty(), "two whole minutes are too few for a trend: " + over.drifts());

        // run.json keeps the point under way with its minutes until the point's record takes its place
        RunRecord run = io.wsbench.model.record.RunRecordBuilder.builder().suite("s").wsbenchVersion("v").gitCommit("")
                .startedAt("now").status("running").command("c").notes(List.of()).points(List.of()).build()
                .withRunning(new RunRecord.PointInProgress("REST @ 4h", told.get(1)));
        String json = RunJson.toCompactJson(run);
        assertTrue(json.contains("\"running\":{\"label\":\"REST @ 4h\",\"minutes\":[{\"minute\":0,"), json);
        assertTrue(!RunJson.toCompactJson(run.finished("later", "partial", "Ctrl-C")).isEmpty());
    }
}
