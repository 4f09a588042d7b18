-- One line per run (its directory's name is its id) and one per row of it: a target under one load,
-- over its rounds, with the figures run.json's "rows" give. Portable SQL: SQLite and PostgreSQL alike.
CREATE TABLE runs (
    id              VARCHAR(200) PRIMARY KEY,
    suite           VARCHAR(200) NOT NULL,
    started_at      VARCHAR(40)  NOT NULL,
    finished_at     VARCHAR(40),
    status          VARCHAR(20),
    wsbench_version VARCHAR(80),
    git_commit      VARCHAR(80),
    machine         VARCHAR(400) NOT NULL,
    placement       VARCHAR(400),
    jdk             VARCHAR(400),
    stacks          TEXT,
    command         TEXT,
    baseline        VARCHAR(200),
    rounds          INTEGER,
    source          TEXT
);

CREATE INDEX runs_by_suite ON runs (suite, machine, started_at);

CREATE TABLE run_rows (
    run_id           VARCHAR(200) NOT NULL,
    row_key          VARCHAR(400) NOT NULL,
    position         INTEGER      NOT NULL,
    target           VARCHAR(200) NOT NULL,
    load_label       VARCHAR(200) NOT NULL,
    flow             INTEGER      NOT NULL,
    repeats          INTEGER      NOT NULL,
    throughput       DOUBLE PRECISION,
    throughput_low   DOUBLE PRECISION,
    throughput_high  DOUBLE PRECISION,
    ratio_baseline   VARCHAR(200),
    ratio            DOUBLE PRECISION,
    ratio_low        DOUBLE PRECISION,
    ratio_high       DOUBLE PRECISION,
    mean_micros      DOUBLE PRECISION,
    mean_low         DOUBLE PRECISION,
    mean_high        DOUBLE PRECISION,
    p99_micros       DOUBLE PRECISION,
    p99_low          DOUBLE PRECISION,
    p99_high         DOUBLE PRECISION,
    requests         BIGINT       NOT NULL,
    errors           BIGINT       NOT NULL,
    errors_by_kind   TEXT,
    server_cpu_micros_per_request DOUBLE PRECISION,
    stack_version    VARCHAR(200),
    PRIMARY KEY (run_id, row_key)
);
