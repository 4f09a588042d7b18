package io.wsbench.agent;

import java.io.Serializable;

/**
 * One second of an agent's part, published as it closes on the cluster's {@link #TOPIC}, so that the
 * controller can show a distributed point while it runs: the point (its start instant), which part,
 * which second, its answers and errors, and its answers' latencies as {@code Measurement.encode}
 * writes them ("" for none), so that the parts' seconds merge exactly.
 */
record SecondNews(long point, int part, int second, long requests, long errors, String latencies) implements Serializable {

    /** The topic the agents publish their seconds on. */
    static final String TOPIC = "wsbench-seconds";
}
