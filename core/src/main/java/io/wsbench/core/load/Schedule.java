package io.wsbench.core.load;

/**
 * When a user's iterations are due: in a closed loop at once, as long as its count and the point's time
 * last; in an open loop on its slots of the rate, counted from its anchor (the end of its first setup, so
 * that no iteration's latency holds the setup's time). Only its user's I/O thread touches it.
 */
final class Schedule {

    private final LoadEngine.PointState run;
    /** Its user's place among this generator's users: which slots of the rate are its own. */
    private final int index;
    final boolean open;
    /** The iterations it has left (-1: as many as the point's time allows). */
    private long remaining;
    private long anchor;
    private long slot;
    private long nextIntended;
    private boolean anchored;

    Schedule(LoadEngine.PointState run, int index) {
        this.run = run;
        this.index = index;
        this.remaining = run.spec.requestsPerUser() > 0 ? run.spec.requestsPerUser() : -1;
        this.open = run.spec.open();
        this.anchor = run.start;
    }

    /** Whether no iteration is left at {@code now}: its count is run, or the point's time (an open loop's next slot) is over. */
    boolean over(long now) {
        return remaining == 0 || now - run.deadline >= 0 || (open && nextIntended - run.deadline >= 0);
    }

    /** How long from {@code now} until the next iteration is due (0 or less: it is due). */
    long dueIn(long now) {
        return open ? nextIntended - now : 0;
    }

    /** The user's first setup ended at {@code now}: an open loop's slots count from there (from the point's start when
     *  the flow has no setup). */
    void anchor(long now, boolean noSetup) {
        if (open && !anchored) {
            anchored = true;
            anchor = noSetup ? run.start : now;
            nextIntended = anchor + run.spec.dueNanos(index, 0);
        }
    }

    /** Takes the next iteration, begun at {@code now}; returns when its latency counts from: in an open loop from when
     *  it was due, so that a stall shows at its full size. */
    long take(long now) {
        if (remaining > 0) {
            remaining--;
        }
        if (!open) {
            return now;
        }
        long due = nextIntended;
        nextIntended = anchor + run.spec.dueNanos(index, ++slot);
        return due;
    }

    /** What it was to send and never did, now that its user is done ({@link LoadEngine.PointState#unsent}). */
    long unsent() {
        return run.unsent(index, remaining, slot, anchor);
    }
}
