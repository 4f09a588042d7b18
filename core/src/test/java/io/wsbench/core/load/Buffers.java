package io.wsbench.core.load;

import io.netty.buffer.ByteBuf;

/** What the tests of encoded requests need to look under a buffer Netty hands out. */
final class Buffers {
    private Buffers() {
    }

    /**
     * The buffer that holds the bytes. Netty's leak detector wraps a sampled buffer (about one in
     * 128) in one more layer, so a duplicate is unwrapped down to its root, not just once: a test
     * that unwrapped once failed in CI the time its buffer was the sampled one.
     */
    static ByteBuf root(ByteBuf b) {
        ByteBuf under = b;
        while (under.unwrap() != null) {
            under = under.unwrap();
        }
        return under;
    }
}
