package io.wsbench.core.load;

import io.netty.channel.SelectStrategy;
import io.netty.channel.SelectStrategyFactory;
import io.netty.util.IntSupplier;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * {@code --busy-poll}: the generator's I/O threads poll epoll without ever sleeping in it. At one user
 * a round trip is short enough that waking a sleeping thread is a large part of it (a busy-polling
 * thread took SOAP at 1 user from 0.084 ms to 0.046 ms mean on this machine); wrk pays the same.
 * Each thread's strategy asks epoll what is ready now, and hands Netty what it found (none: the loop
 * runs its tasks and asks again). It also counts its polls and the empty ones: a busy-polling thread
 * is always 100% on the CPU, so whether it held the load back is read from the share of polls that
 * found work instead.
 */
public final class BusyPoll implements SelectStrategyFactory {

    private final List<Counted> strategies = new CopyOnWriteArrayList<>();

    /** One I/O thread's strategy and its counts, written by that thread alone. */
    static final class Counted implements SelectStrategy {
        private volatile long polls;
        private volatile long empty;

        @Override
        public int calculateStrategy(IntSupplier selectNow, boolean hasTasks) throws Exception {
            int ready = selectNow.get();
            polls++; // one writer: the increments of a volatile are its own thread's
            if (ready == 0) {
                empty++;
            }
            return ready;
        }
    }

    @Override
    public SelectStrategy newSelectStrategy() {
        Counted c = new Counted();
        strategies.add(c);
        return c;
    }

    /** Every thread's polls and empty polls so far, in the order the threads were made. */
    long[][] counts() {
        long[][] out = new long[strategies.size()][];
        for (int i = 0; i < out.length; i++) {
            Counted c = strategies.get(i);
            long empty = c.empty;
            out[i] = new long[]{c.polls, empty};
        }
        return out;
    }

    /**
     * The busiest thread's share of polls that found work between {@code before} and now, in percent:
     * what stands for its busy time when it never sleeps; null when no poll was made.
     */
    Double busiestPercent(long[][] before) {
        long[][] now = counts();
        Double busiest = null;
        for (int i = 0; i < now.length && i < before.length; i++) {
            long polls = now[i][0] - before[i][0];
            long empty = now[i][1] - before[i][1];
            if (polls > 0) {
                double share = 100.0 * (polls - empty) / polls;
                busiest = busiest == null ? share : Math.max(busiest, share);
            }
        }
        return busiest;
    }
}
