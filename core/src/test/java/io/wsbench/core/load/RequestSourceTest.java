package io.wsbench.core.load;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A source's requests shared among load agents: each request in exactly one part. */
class RequestSourceTest {

    /** Ten data rows, "row 0" to "row 9", each once per point (unique mode). */
    static final RequestSource ROWS = new RequestSource() {
        @Override
        public ByteBuf next(ByteBufAllocator alloc) {
            return next(0, alloc);
        }

        @Override
        public ByteBuf next(int index, ByteBufAllocator alloc) {
            return Unpooled.copiedBuffer("row " + index, StandardCharsets.US_ASCII);
        }

        @Override
        public int size() {
            return 10;
        }

        @Override
        public long uniqueRequests() {
            return 10;
        }
    };

    @Test
    void threePartsHoldEveryRowOnce() {
        List<String> seen = new ArrayList<>();
        int[] sizes = new int[3];
        for (int part = 0; part < 3; part++) {
            RequestSource share = ROWS.share(part, 3);
            sizes[part] = share.size();
            assertEquals(share.size(), share.uniqueRequests(), "unique mode: each of its rows once");
            for (int i = 0; i < share.size(); i++) {
                ByteBuf b = share.next(i, ByteBufAllocator.DEFAULT);
                seen.add(b.toString(StandardCharsets.US_ASCII));
                b.release();
            }
        }
        assertEquals(List.of(4, 3, 3), List.of(sizes[0], sizes[1], sizes[2]));
        assertEquals(List.of("row 0", "row 3", "row 6", "row 9", "row 1", "row 4", "row 7", "row 2", "row 5", "row 8"), seen);
    }

    @Test
    void aPartBeyondTheRowsIsAnError() {
        assertThrows(IllegalArgumentException.class, () -> ROWS.share(10, 11));
        assertThrows(IllegalArgumentException.class, () -> ROWS.share(3, 3));
    }
}
