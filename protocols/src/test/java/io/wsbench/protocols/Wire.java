package io.wsbench.protocols;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.wsbench.core.load.RequestSource;

/** The bytes a request source sends first, as the engine would write them. */
final class Wire {

    private Wire() {
    }

    static byte[] of(RequestSource source) {
        ByteBuf b = source.next(UnpooledByteBufAllocator.DEFAULT);
        try {
            byte[] out = new byte[b.readableBytes()];
            b.getBytes(b.readerIndex(), out);
            return out;
        } finally {
            b.release();
        }
    }
}
