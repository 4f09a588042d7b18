package io.wsbench.model.record;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One load agent's share of a point that several agents ran together: who it was ({@code agent}, the
 * host:port the cluster reached it at, and its host name), what it sent and got, its own generator
 * (CPU, memory, its busiest I/O thread: an agent whose generator was saturated is flagged) and how
 * far after the announced instant it really started.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AgentRecord(String agent, String host, long requests, long errors, long unfinished, double startSkewMillis,
                          GeneratorRecord generator) {
}
