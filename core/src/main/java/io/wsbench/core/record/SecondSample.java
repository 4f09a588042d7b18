package io.wsbench.core.record;

/** One second of a point: requests completed in it, their p99, and errors. */
public record SecondSample(int second, long requests, long p99Micros, long errors) {
}
