package io.wsbench.core.load;

/**
 * How a request lost before its answer could be read (or an answer that failed its rules, {@link #VERDICT}) is
 * counted: a connect that failed, a connection the server closed before answering, a timeout, an answer
 * that was no HTTP, or wsbench's own side failing.
 */
enum RecordAs { VERDICT, CONNECT, CLOSED, TIMEOUT, PROTOCOL, CLIENT }
