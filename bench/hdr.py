"""Reads the HdrHistogram that `wsbench load --json` writes ("histogram": V2 compressed encoding,
base64) into (value, count) pairs, each value the top of its bucket, for bench scripts that need a whole distribution rather than
the few percentiles printed next to it. Standard library only.
    import hdr; pairs = hdr.decode(point["histogram"])"""
import base64
import math
import struct
import zlib

_COMPRESSED_V2 = 0x1c849304
_ENCODING_V2 = 0x1c849303


def decode(text):
    data = base64.b64decode(text)
    cookie, length = struct.unpack(">ii", data[:8])
    if cookie & ~0xf0 != _COMPRESSED_V2:
        raise ValueError("not a compressed V2 HdrHistogram")
    inner = zlib.decompress(data[8:8 + length])
    cookie, payload, _offset, digits, lowest, _highest, _ratio = struct.unpack(">iiiiqqd", inner[:40])
    if cookie & ~0xf0 != _ENCODING_V2:
        raise ValueError("not a V2 HdrHistogram payload")
    largest_single_unit = 2 * 10 ** digits
    sub_bucket_half_magnitude = int(math.ceil(math.log2(largest_single_unit))) - 1
    sub_bucket_half = 1 << sub_bucket_half_magnitude
    unit_magnitude = int(math.floor(math.log2(lowest)))

    def value_at(index):
        bucket = (index >> sub_bucket_half_magnitude) - 1
        sub = (index & (sub_bucket_half - 1)) + sub_bucket_half
        if bucket < 0:
            sub -= sub_bucket_half
            bucket = 0
        # the highest value the bucket stands for, as HdrHistogram's own percentiles report it
        return ((sub + 1) << (bucket + unit_magnitude)) - 1

    pairs, index, pos, end = [], 0, 40, 40 + payload
    while pos < end:
        raw, shift = 0, 0
        while True:  # LEB128, at most 9 bytes for 64 bits
            b = inner[pos]
            pos += 1
            if shift == 56:
                raw |= b << 56
                break
            raw |= (b & 0x7f) << shift
            shift += 7
            if b & 0x80 == 0:
                break
        count = (raw >> 1) ^ -(raw & 1)  # ZigZag
        if count < 0:
            index += -count  # a run of empty buckets
        else:
            if count:
                pairs.append((value_at(index), count))
            index += 1
    return pairs


def percentile(pairs, p):
    """The smallest recorded value at or above percentile p (0-100) of weighted (value, weight) pairs."""
    ordered = sorted(pairs)
    total = sum(w for _, w in ordered)
    goal = p / 100.0 * total
    seen = 0
    for v, w in ordered:
        seen += w
        if seen >= goal:
            return v
    return ordered[-1][0]
