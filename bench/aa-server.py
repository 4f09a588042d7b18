#!/usr/bin/env python3
"""A server for A/A runs (bench/aa-runs.sh): "Hello World" at any path over HTTP/1.1 keep-alive, each
answer after WORK_US microseconds of CPU times a speed this process draws once at start (lognormal,
sigma AA_SIGMA, default 6%), as two JVMs of one build differ. Usage: aa-server.py PORT"""
import math, os, random, socket, sys, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

port = int(sys.argv[1])
sigma = float(os.environ.get("AA_SIGMA", "0.06"))
work = float(os.environ.get("AA_WORK_US", "300")) * math.exp(random.gauss(0, sigma)) / 1e6
body = b"Hello World"


class Hello(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def setup(self):
        super().setup()
        # headers and body go out as two writes: without this, Nagle holds the second for the client's delayed ACK (40 ms)
        self.request.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def do_GET(self):
        end = time.perf_counter() + work
        while time.perf_counter() < end:
            pass
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


sys.stderr.write(f"aa-server on {port}: {work * 1e6:.1f} us of work per answer\n")
ThreadingHTTPServer(("127.0.0.1", port), Hello).serve_forever()
