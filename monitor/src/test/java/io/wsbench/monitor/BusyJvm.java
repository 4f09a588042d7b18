package io.wsbench.monitor;

import java.util.ArrayList;
import java.util.List;

/**
 * A child JVM for the monitor's tests: allocates garbage and throws and catches one exception per
 * loop, like seed 002's server, for at most 30 s, then exits by itself.
 */
public final class BusyJvm {

    static final class HiddenException extends RuntimeException {
        HiddenException() {
            super("swallowed");
        }
    }

    private BusyJvm() {
    }

    public static void main(String[] args) throws InterruptedException {
        System.out.println("busy");
        System.out.flush();
        long end = System.nanoTime() + 30_000_000_000L;
        List<byte[]> keep = new ArrayList<>();
        long swallowed = 0;
        long sum = 0;
        while (System.nanoTime() < end) {
            keep.add(new byte[64 * 1024]);
            if (keep.size() > 64) {
                keep.clear();
            }
            try {
                readCookie();
            } catch (HiddenException e) {
                swallowed++;
            }
            // Java code between exceptions: building one runs inside the VM, where no execution sample is taken
            sum += work(sum);
            if (swallowed % 100 == 0) {
                Thread.sleep(1); // leaves the other core to the test
            }
        }
        System.out.println(sum == 42 ? "" : "done");
    }

    static long work(long seed) {
        long x = seed | 1;
        for (int i = 0; i < 200_000; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        return x >>> 60;
    }

    static void readCookie() {
        throw new HiddenException();
    }
}
