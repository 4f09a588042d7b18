package io.wsbench.cli;

import io.wsbench.core.load.ProgressListener;
import io.wsbench.core.record.PointRecord;

/** What a suite run tells the person watching it. The console implements it; tests may ignore it. */
interface RunEvents {

    void stackStarting(String stack);

    void stackReady(String stack, String version, String url, long pid);

    /** A target's warm-up begins: {@code requests} of them, or -1 for a warm-up until steady. */
    void warmup(String target, long requests);

    /** Returns where the point's progress goes. */
    ProgressListener pointStarting(String label, int index, int total);

    void pointDone(PointRecord point);

    void problem(String message);

    RunEvents QUIET = new RunEvents() {
        @Override
        public void stackStarting(String stack) {
        }

        @Override
        public void stackReady(String stack, String version, String url, long pid) {
        }

        @Override
        public void warmup(String target, long requests) {
        }

        @Override
        public ProgressListener pointStarting(String label, int index, int total) {
            return ProgressListener.NONE;
        }

        @Override
        public void pointDone(PointRecord point) {
        }

        @Override
        public void problem(String message) {
        }
    };
}
