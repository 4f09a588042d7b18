package io.wsbench.runner;

import io.wsbench.core.load.ProgressListener;
import io.wsbench.model.record.CapacityRecord;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.suite.LoadPointSpec;
import io.wsbench.model.suite.Suite;
import io.wsbench.model.suite.TargetSpec;

import java.util.ArrayList;
import java.util.List;

/**
 * A command's suite of one target at its own address ({@code load URL}, {@code load --flow},
 * {@code capacity URL}), as {@link SuiteRunner#measure(Suite, Target, PointSession, RunEvents)}
 * measures it in the command's session: the target warmed as the suite says ({@link Warmup#of}: the command
 * wrote its {@code --warmup} into it; a first window whose every answer failed stops it, in one line), then each of the suite's load points measured and, with
 * its {@code capacity}, its capacity searched, all told to the command's listeners. No run.json is
 * written: the command tells what was measured.
 */
final class OneTarget {

    private OneTarget() {
    }

    /** The same object, as {@code Target.at} keeps it, else equal: a record's first {@code equals} costs a start 15 ms. */
    private static boolean sameTarget(TargetSpec a, TargetSpec b) {
        return a == b || a.equals(b);
    }

    static SuiteRunner.Measured measure(Suite suite, Target target, PointSession session, RunEvents events)
            throws InterruptedException {
        if (suite.targets().size() != 1 || !sameTarget(suite.targets().get(0), target.spec())) {
            throw new IllegalArgumentException("a command's suite is one target at its own address, made by Target.at");
        }
        WatchedServer.Process watched = session.watched();
        PointRun points = new PointRun(session.driver(), watched == null ? WatchedServer.UNSEEN : watched, null, session::note)
                .holding(session.awake()).unrepeated();
        String label = target.label();
        PointRun.Warmed warmed = points.warmUp(target, Warmup.of(suite), ProgressListener.NONE);
        if (warmed != null && warmed.failed() != null) {
            // a command's one target: no use measuring errors only
            throw new TargetException(warmed.failed() + "; nothing was measured");
        }
        if (warmed != null && warmed.how().steady() != null) {
            events.warmedUp(label, warmed.how(), watched != null && watched.jit() != null);
        }
        List<PointRecord> measured = new ArrayList<>();
        for (LoadPointSpec l : suite.load()) {
            String load = l.toRecord().describe();
            PointRecord p = points.measure(target, l, 1, label, null, events.pointStarting(label, load, 1, label, 0, 0));
            measured.add(p);
            events.pointDone(p);
            if (p.aborted() != null) {
                return new SuiteRunner.Measured(measured, null);
            }
        }
        if (suite.capacity() == null) {
            return new SuiteRunner.Measured(measured, null);
        }
        events.capacityStarting(label);
        CapacityRecord c = CapacitySearch.of(suite.capacity(), points, target, label, name -> events.pointStarting(name, 0, 0),
                events::probeDone).run(target.record());
        events.capacityDone(c);
        return new SuiteRunner.Measured(measured, c);
    }
}
