// Command otlp-receiver runs the OpenTelemetry Collector's own OTLP receiver
// (HTTP only) and appends every metrics batch it accepts to a file, one OTLP/JSON
// document per line, so that integration tests can check what wsbench exports
// against the reference decoder rather than a hand-written one.
//
//	otlp-receiver -http 127.0.0.1:PORT -out FILE
//
// Metrics are accepted on POST /v1/metrics as application/x-protobuf or
// application/json. Once the port is bound it prints "listening 127.0.0.1:PORT"
// on stdout; SIGTERM or SIGINT shuts the receiver down and exits 0.
package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"os"
	"os/signal"
	"strconv"
	"sync"
	"syscall"
	"time"

	"go.opentelemetry.io/collector/component"
	"go.opentelemetry.io/collector/component/componenttest"
	"go.opentelemetry.io/collector/config/configgrpc"
	"go.opentelemetry.io/collector/config/configoptional"
	"go.opentelemetry.io/collector/consumer"
	"go.opentelemetry.io/collector/pdata/pmetric"
	"go.opentelemetry.io/collector/receiver"
	"go.opentelemetry.io/collector/receiver/otlpreceiver"
	"go.uber.org/zap"
)

func main() {
	endpoint := flag.String("http", "", "OTLP/HTTP endpoint, 127.0.0.1:PORT")
	outPath := flag.String("out", "", "file to append received metrics to, one JSON line per batch")
	flag.Parse()
	if err := run(*endpoint, *outPath); err != nil {
		fmt.Fprintln(os.Stderr, "otlp-receiver:", err)
		os.Exit(1)
	}
}

func run(endpoint, outPath string) error {
	if err := checkEndpoint(endpoint); err != nil {
		return err
	}
	if outPath == "" {
		return fmt.Errorf("-out FILE is required")
	}
	out, err := os.OpenFile(outPath, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	defer out.Close()

	factory := otlpreceiver.NewFactory()
	cfg := factory.CreateDefaultConfig().(*otlpreceiver.Config)
	cfg.Protocols.GRPC = configoptional.None[configgrpc.ServerConfig]()
	cfg.Protocols.HTTP.GetOrInsertDefault().ServerConfig.NetAddr.Endpoint = endpoint

	// Nop telemetry except for the logger: a rejected request or a bind error
	// should be visible on stderr when a test fails.
	logger, err := zap.NewProduction()
	if err != nil {
		return err
	}
	defer logger.Sync() //nolint:errcheck
	telemetry := componenttest.NewNopTelemetrySettings()
	telemetry.Logger = logger
	set := receiver.Settings{
		ID:                component.NewID(factory.Type()),
		TelemetrySettings: telemetry,
		BuildInfo:         component.NewDefaultBuildInfo(),
	}

	// The receiver calls this before it answers the HTTP request, so once the
	// exporter has seen 200 the line is already in the file. Requests may run
	// concurrently, hence the lock; os.File is unbuffered, so one Write is the
	// flush and no partial line is ever visible.
	var mu sync.Mutex
	marshaler := &pmetric.JSONMarshaler{}
	next, err := consumer.NewMetrics(func(_ context.Context, md pmetric.Metrics) error {
		line, err := marshaler.MarshalMetrics(md)
		if err != nil {
			return err
		}
		mu.Lock()
		defer mu.Unlock()
		_, err = out.Write(append(line, '\n'))
		return err
	})
	if err != nil {
		return err
	}

	// Subscribe before starting so a signal sent right after the ready line
	// is not lost.
	sigCtx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()

	rcv, err := factory.CreateMetrics(context.Background(), set, cfg, next)
	if err != nil {
		return err
	}
	// Start binds the listener before returning, so the port is ready now.
	if err := rcv.Start(context.Background(), componenttest.NewNopHost()); err != nil {
		return err
	}
	fmt.Println("listening", endpoint)

	<-sigCtx.Done()
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return rcv.Shutdown(shutdownCtx)
}

// checkEndpoint keeps the receiver on loopback and insists on a fixed port:
// the collector's receiver does not expose the address it bound, so with port 0
// the caller could not learn where to send.
func checkEndpoint(endpoint string) error {
	host, port, err := net.SplitHostPort(endpoint)
	if err != nil {
		return fmt.Errorf("-http %q: want 127.0.0.1:PORT: %w", endpoint, err)
	}
	if host != "127.0.0.1" {
		return fmt.Errorf("-http %q: only 127.0.0.1 is allowed", endpoint)
	}
	if p, err := strconv.Atoi(port); err != nil || p < 1 || p > 65535 {
		return fmt.Errorf("-http %q: want a port from 1 to 65535", endpoint)
	}
	return nil
}
