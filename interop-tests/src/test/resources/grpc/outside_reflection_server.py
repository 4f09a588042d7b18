"""A gRPC server wsbench did not write: Python's grpcio serving shop.Orders, described only by
grpcio-reflection (no .proto file exists anywhere). Its descriptors are built here field by field,
with what a .proto rendered from reflection must get right: two files, one importing the other;
proto3 scalars, repeated, map, oneof, enum, nested message, proto3 optional; a proto2 file with
required, optional with a default, and packed repeated.

Place(Order) returns Receipt: summary = "<id> x<qty> <kind> tags=<a+b> extras=<k:v,...> pay=<card|account>
note=<note|-> item=<sku>/<weight> level=<level>", total = qty * unit_cents + sum(extras), so a client's
every field shows in the answer. Usage: outside_reflection_server.py PORT [CERT.pem KEY.pem] (with a
certificate: h2 over TLS; prints "ready" when serving).
"""
import sys
from concurrent import futures

import grpc
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
from grpc_reflection.v1alpha import reflection

F = descriptor_pb2.FieldDescriptorProto


def field(msg, name, number, type_, label=F.LABEL_OPTIONAL, type_name=None, oneof=None, proto3_optional=False,
          default=None, packed=None):
    f = msg.field.add(name=name, number=number, type=type_, label=label)
    if type_name:
        f.type_name = type_name
    if oneof is not None:
        f.oneof_index = oneof
    if proto3_optional:
        f.proto3_optional = True
    if default is not None:
        f.default_value = default
    if packed is not None:
        f.options.packed = packed
    return f


# common.proto: proto2, imported by shop.proto
common = descriptor_pb2.FileDescriptorProto(name="shop/common.proto", package="shop.common", syntax="proto2")
item = common.message_type.add(name="Item")
field(item, "sku", 1, F.TYPE_STRING, F.LABEL_REQUIRED)
field(item, "weight_grams", 2, F.TYPE_INT32, default="250")
field(item, "sizes", 3, F.TYPE_INT32, F.LABEL_REPEATED, packed=True)
level = common.enum_type.add(name="Level")
level.value.add(name="LOW", number=1)
level.value.add(name="HIGH", number=2)
field(item, "level", 4, F.TYPE_ENUM, type_name=".shop.common.Level", default="HIGH")

# shop.proto: proto3, the service
shop = descriptor_pb2.FileDescriptorProto(name="shop/shop.proto", package="shop", syntax="proto3",
                                          dependency=["shop/common.proto"])
order = shop.message_type.add(name="Order")
kind = order.enum_type.add(name="Kind")
kind.value.add(name="KIND_UNSPECIFIED", number=0)
kind.value.add(name="RETAIL", number=1)
kind.value.add(name="WHOLESALE", number=2)
entry = order.nested_type.add(name="ExtrasEntry")
entry.options.map_entry = True
field(entry, "key", 1, F.TYPE_STRING)
field(entry, "value", 2, F.TYPE_INT32)
order.oneof_decl.add(name="payment")
order.oneof_decl.add(name="_note")
field(order, "id", 1, F.TYPE_STRING)
field(order, "qty", 2, F.TYPE_INT32)
field(order, "unit_cents", 3, F.TYPE_INT64)
field(order, "tags", 4, F.TYPE_STRING, F.LABEL_REPEATED)
field(order, "extras", 5, F.TYPE_MESSAGE, F.LABEL_REPEATED, type_name=".shop.Order.ExtrasEntry")
field(order, "card", 6, F.TYPE_STRING, oneof=0)
field(order, "account", 7, F.TYPE_INT64, oneof=0)
field(order, "kind", 8, F.TYPE_ENUM, type_name=".shop.Order.Kind")
field(order, "note", 9, F.TYPE_STRING, oneof=1, proto3_optional=True)
field(order, "item", 10, F.TYPE_MESSAGE, type_name=".shop.common.Item")
receipt = shop.message_type.add(name="Receipt")
field(receipt, "summary", 1, F.TYPE_STRING)
field(receipt, "total", 2, F.TYPE_INT64)
service = shop.service.add(name="Orders")
service.method.add(name="Place", input_type=".shop.Order", output_type=".shop.Receipt")

pool = descriptor_pool.DescriptorPool()
pool.Add(common)
pool.Add(shop)
Order = message_factory.GetMessageClass(pool.FindMessageTypeByName("shop.Order"))
Receipt = message_factory.GetMessageClass(pool.FindMessageTypeByName("shop.Receipt"))
KIND = pool.FindEnumTypeByName("shop.Order.Kind")
LEVEL = pool.FindEnumTypeByName("shop.common.Level")


def place(o, context):
    pay = o.card if o.WhichOneof("payment") == "card" else str(o.account) if o.WhichOneof("payment") else "-"
    extras = ",".join(k + ":" + str(o.extras[k]) for k in sorted(o.extras))
    summary = "%s x%d %s tags=%s extras=%s pay=%s note=%s item=%s/%d level=%s" % (
        o.id, o.qty, KIND.values_by_number[o.kind].name, "+".join(o.tags), extras, pay,
        o.note if o.HasField("note") else "-", o.item.sku, o.item.weight_grams, LEVEL.values_by_number[o.item.level].name)
    return Receipt(summary=summary, total=o.qty * o.unit_cents + sum(o.extras.values()))


server = grpc.server(futures.ThreadPoolExecutor(max_workers=4))
server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler("shop.Orders", {
    "Place": grpc.unary_unary_rpc_method_handler(place, request_deserializer=Order.FromString,
                                                 response_serializer=Receipt.SerializeToString)}),))
reflection.enable_server_reflection(("shop.Orders", reflection.SERVICE_NAME), server, pool=pool)
if len(sys.argv) > 3:
    with open(sys.argv[2], "rb") as cert, open(sys.argv[3], "rb") as key:
        credentials = grpc.ssl_server_credentials([(key.read(), cert.read())])
    server.add_secure_port("127.0.0.1:" + sys.argv[1], credentials)
else:
    server.add_insecure_port("127.0.0.1:" + sys.argv[1])
server.start()
print("ready", flush=True)
server.wait_for_termination(timeout=300)
