package io.wsbench.contract.seismic;

import java.util.ArrayList;
import java.util.List;

/** The expected answer of every request of a sequence, computed from the catalog itself. */
public final class Oracle {

    private Oracle() {
    }

    public static Answer answer(Catalog catalog, Query q) {
        int count = 0;
        long fingerprint = 0;
        for (Catalog.ResultSet rs : catalog.match(q)) {
            for (Quake quake : rs.quakes()) {
                count++;
                fingerprint += Answer.of(quake.millis(), quake.region());
            }
        }
        return new Answer(count, fingerprint);
    }

    public static List<Answer> answers(Catalog catalog, QuerySequence seq) {
        List<Answer> out = new ArrayList<>(seq.queries().size());
        for (Query q : seq.queries()) {
            out.add(answer(catalog, q));
        }
        return out;
    }
}
