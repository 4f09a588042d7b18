package io.wsbench.agent;

/**
 * One second of an agent's part, sent to the controller as it closes, so that the
 * controller can show a distributed point while it runs: the point (its start instant), which part,
 * which second, its answers and errors, and its answers' latencies as {@code Measurement.encode}
 * writes them ("" for none), so that the parts' seconds merge exactly.
 */
record SecondNews(long point, int part, int second, long requests, long errors, String latencies) implements Wire.Message {
}
