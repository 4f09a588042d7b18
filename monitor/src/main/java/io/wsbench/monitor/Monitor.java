package io.wsbench.monitor;

import io.wsbench.model.record.ServerRecord;

import java.io.IOException;
import java.nio.file.Path;

/**
 * What watches a server around each load point, as a JMH profiler watches an iteration: started
 * before the load, ended after it, each adding what it saw to the point's {@link ServerRecord}.
 * Monitors run in their order; the first makes the record, the next ones add to it.
 */
public interface Monitor extends AutoCloseable {

    /** The name a user chooses it by. */
    String name();

    void startPoint() throws IOException;

    /**
     * Ends the point and returns {@code server} with what this monitor saw added (or a new record
     * when {@code server} is null); a monitor that has nothing to add returns {@code server}.
     */
    ServerRecord endPoint(ServerRecord server, PointEnd end) throws IOException, InterruptedException;

    @Override
    void close();

    /**
     * How the point went, for the monitors that end it: {@code seconds} of load; whether the
     * server still lives (a dead one is not asked anything more); where a monitor may write a
     * file of the point ({@code files}, relative names under it, or null when nothing is kept)
     * and the name that file is known by in the run ({@code name}, e.g. "003-soap-5-users").
     */
    record PointEnd(double seconds, boolean serverAlive, Path files, String name) {
    }
}
