package io.wsbench.core.load;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The rows of a step's data: when the step runs, the columns of one row are put in the user's
 * variables {@code slots} (column i into slot {@code slots[i]}). {@code CYCLE} takes the rows in turn
 * across all users, {@code UNIQUE} each row once per point, {@code PER_USER} row n for user n (its
 * credentials), so a point needs at least as many rows as users.
 */
public final class StepData {

    public enum Mode { CYCLE, UNIQUE, PER_USER }

    private final int[] slots;
    private final List<String[]> rows;
    private final Mode mode;
    private final AtomicLong taken = new AtomicLong();
    /** Where these rows are in the step's file: row i here is row {@code firstRow + i * stride} there. */
    private final int firstRow;
    private final int stride;

    public StepData(int[] slots, List<String[]> rows, Mode mode) {
        if (rows.isEmpty()) {
            throw new IllegalArgumentException("a step's data needs at least one row");
        }
        this.slots = slots.clone();
        this.rows = List.copyOf(rows);
        this.mode = mode;
        this.firstRow = 0;
        this.stride = 1;
    }

    /** Unique rows already shared out: a part may have none, and runs out at its first take. */
    private StepData(StepData all, List<String[]> rows, int firstRow, int stride) {
        this.slots = all.slots;
        this.rows = rows;
        this.mode = all.mode;
        this.firstRow = firstRow;
        this.stride = stride;
    }

    /**
     * Part {@code part} of {@code parts} of these rows, for one load agent: in unique mode every
     * {@code parts}-th row from row {@code part}, none taken yet, so that the agents together send
     * each row once per point (as {@link RequestSource#share} shares a single request's rows); per
     * user, all of them, since a user's row is its number in the whole point; cycle, all of them too.
     */
    public StepData share(int part, int parts) {
        if (parts < 1 || part < 0 || part >= parts) {
            throw new IllegalArgumentException("part " + part + " of " + parts);
        }
        if (mode != Mode.UNIQUE) {
            return this;
        }
        List<String[]> mine = new java.util.ArrayList<>();
        for (int r = part; r < rows.size(); r += parts) {
            mine.add(rows.get(r));
        }
        return new StepData(this, List.copyOf(mine), part, parts);
    }

    public Mode mode() {
        return mode;
    }

    public int rows() {
        return rows.size();
    }

    /**
     * Puts the row for {@code user} in {@code variables}; returns the row's number in the step's file (from 0), or -1
     * when a unique data set ran out or there is no row for this user.
     */
    int fill(int user, String[] variables) {
        long n = mode == Mode.PER_USER ? user : taken.getAndIncrement();
        if (n >= rows.size() && mode != Mode.CYCLE) {
            return -1;
        }
        int row = (int) (n % rows.size());
        String[] values = rows.get(row);
        for (int i = 0; i < slots.length; i++) {
            variables[slots[i]] = values[i];
        }
        return firstRow + row * stride;
    }

    /** Why {@code user} got no row ({@link #fill} gave -1). */
    String none(int user) {
        return mode == Mode.PER_USER ? "no data row for user " + user
                : "the " + rows.size() + " data rows ran out (unique mode: each row once per point)";
    }
}
