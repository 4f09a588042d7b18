"""An outside gRPC client: Python's grpcio (C core), with no stubs and no protobuf library: the
messages are written and read by hand from wsbench.proto's field numbers. Prints one line per call."""
import sys

import grpc

channel = grpc.insecure_channel(sys.argv[1])
hello = channel.unary_unary('/wsbench.Hello/Hello')
greet = channel.unary_unary('/wsbench.Hello/Greet')


def greeting(reply):
    # HelloReply: field 1 (greeting), length-delimited, one byte of length here
    assert reply[0] == 0x0A, reply
    return reply[2:2 + reply[1]].decode()


print(greeting(hello(b'', timeout=10)))
# GreetRequest: field 1 (name) "Ada", field 2 (times) 2
print(greeting(greet(b'\x0a\x03Ada\x10\x02', timeout=10)))
try:
    greet(b'\x0a\x01x', timeout=10)  # times left out: 0
    print('no error')
except grpc.RpcError as e:
    print(e.code().name, e.details())
