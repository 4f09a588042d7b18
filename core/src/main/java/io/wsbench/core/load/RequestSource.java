package io.wsbench.core.load;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

/**
 * The bytes of each request, headers included. Static requests are encoded once and handed out
 * as retained duplicates; sources that sign or encrypt per request build a new buffer each time.
 */
public interface RequestSource {

    /** The next request; the caller writes it and so releases it. Called on an I/O thread. */
    ByteBuf next(ByteBufAllocator alloc);

    /** How many distinct requests a sequence holds; 1 for a single static request. */
    default int size() {
        return 1;
    }

    /** Request {@code index} (0 to size-1) of the sequence; the caller writes and so releases it. */
    default ByteBuf next(int index, ByteBufAllocator alloc) {
        return next(alloc);
    }

    /**
     * How many requests a point may send before the sequence runs out (each of its requests once,
     * as a user's data taken in unique mode); 0 for no limit. The point is aborted when it does.
     */
    default long uniqueRequests() {
        return 0;
    }

    /** Request size in bytes when it is always the same, else -1. */
    default int fixedSize() {
        return -1;
    }

    /**
     * Part {@code part} of {@code parts} of this source's requests: every {@code parts}-th one from
     * {@code part} on, so that the parts of N load agents together hold each request once (a user's
     * data rows, split among agents as their users are).
     */
    default RequestSource share(int part, int parts) {
        if (parts < 1 || part < 0 || part >= parts || part >= size()) {
            throw new IllegalArgumentException("part " + part + " of " + parts + " of " + size() + " requests");
        }
        RequestSource all = this;
        return of((size() - part + parts - 1) / parts, all.uniqueRequests() > 0,
                (index, alloc) -> all.next(part + index * parts, alloc));
    }

    /** How the request at an index of a sequence is written. */
    @FunctionalInterface
    interface Indexed {
        ByteBuf next(int index, ByteBufAllocator alloc);
    }

    /**
     * A sequence of {@code size} requests written by {@code nth} (its first when no index is asked);
     * {@code unique}: each may be sent once only (a user's rows taken in unique mode).
     */
    static RequestSource of(int size, boolean unique, Indexed nth) {
        return new RequestSource() {
            @Override
            public ByteBuf next(ByteBufAllocator alloc) {
                return nth.next(0, alloc);
            }

            @Override
            public ByteBuf next(int index, ByteBufAllocator alloc) {
                return nth.next(index, alloc);
            }

            @Override
            public int size() {
                return size;
            }

            @Override
            public long uniqueRequests() {
                return unique ? size : 0;
            }
        };
    }
}
