package io.wsbench.stacks.direct;

import java.util.function.Supplier;

/**
 * A part of the server made on its first use, once, whichever thread asks first: a run that calls
 * only SOAP's hello never pays for GraphQL's schema, the page's database and its dependency, or the
 * seismic catalog (0.7-1 CPU-s of every start when all were made up front).
 */
final class Once<T> implements Supplier<T> {

    private final Supplier<T> make;
    private volatile T made;

    private Once(Supplier<T> make) {
        this.make = make;
    }

    static <T> Once<T> of(Supplier<T> make) {
        return new Once<>(make);
    }

    @Override
    public T get() {
        T t = made;
        if (t == null) {
            synchronized (this) {
                t = made;
                if (t == null) {
                    t = make.get();
                    made = t;
                }
            }
        }
        return t;
    }

    /** What was made, or null if nothing asked for it. */
    T made() {
        return made;
    }
}
