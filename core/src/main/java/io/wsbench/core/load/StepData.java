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

    public StepData(int[] slots, List<String[]> rows, Mode mode) {
        if (rows.isEmpty()) {
            throw new IllegalArgumentException("a step's data needs at least one row");
        }
        this.slots = slots.clone();
        this.rows = List.copyOf(rows);
        this.mode = mode;
    }

    public Mode mode() {
        return mode;
    }

    public int rows() {
        return rows.size();
    }

    /**
     * Puts the row for {@code user} in {@code variables}; returns the row's number (from 0), or -1
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
        return row;
    }
}
