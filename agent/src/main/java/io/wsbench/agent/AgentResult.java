package io.wsbench.agent;

import java.io.Serializable;

/**
 * What an agent measured in its part of a point: the measurement in its wire form (histograms
 * compressed), and how late after the announced instant it really started.
 */
record AgentResult(String host, long skewMicros, byte[] measurement) implements Serializable {
}
