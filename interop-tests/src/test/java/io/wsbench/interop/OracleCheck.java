package io.wsbench.interop;

import io.wsbench.stacks.jaxws.seismic.Quake;
import io.wsbench.stacks.jaxws.seismic.Query;
import io.wsbench.stacks.jaxws.seismic.Region;
import io.wsbench.stacks.jaxws.seismic.ResultSet;
import io.wsbench.stacks.jaxws.seismic.Results;
import io.wsbench.stacks.jaxws.seismic.Seismic;
import io.wsbench.contract.seismic.Answer;
import io.wsbench.contract.seismic.Catalog;
import io.wsbench.contract.seismic.Oracle;
import io.wsbench.contract.seismic.QuerySequence;

import javax.xml.datatype.DatatypeFactory;
import java.util.GregorianCalendar;
import java.util.TimeZone;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Calls matchQuakes through a JAX-WS port and checks, through JAXB, that the quakes are the oracle's. */
final class OracleCheck {

    private OracleCheck() {
    }

    /** The first {@code queries} of the large sequence, each answered with the quakes the oracle expects. */
    static void assertOraclesAnswers(Seismic port, int queries, String who) throws Exception {
        Catalog catalog = Catalog.standard();
        for (io.wsbench.contract.seismic.Query q : QuerySequence.named(QuerySequence.LARGE, catalog).queries().subList(0, queries)) {
            Results r = port.matchQuakes(toJaxb(q));
            Answer expected = Oracle.answer(catalog, q);
            int count = 0;
            long fingerprint = 0;
            for (ResultSet rs : r.getResultSet()) {
                assertEquals(rs.getQuakes().getCount(), rs.getQuakes().getQuake().size());
                for (Quake quake : rs.getQuakes().getQuake()) {
                    Region region = (Region) quake.getRegion(); // the IDREF, resolved by JAXB
                    assertEquals(quake.getMillis(), quake.getTime().toGregorianCalendar().getTimeInMillis());
                    fingerprint += Answer.of(quake.getMillis(), region.getIndex());
                    count++;
                }
            }
            assertEquals(expected.count(), r.getCount(), who);
            assertEquals(expected.count(), count, who);
            assertEquals(expected.fingerprint(), fingerprint, who + ": the same quakes");
            assertTrue(count > 100, "large queries match many quakes: " + count);
        }
    }

    private static Query toJaxb(io.wsbench.contract.seismic.Query q) throws Exception {
        Query x = new Query();
        x.setMinDate(date(q.minDate()));
        x.setMaxDate(date(q.maxDate()));
        x.setMinLong(q.minLong());
        x.setMaxLong(q.maxLong());
        x.setMinLat(q.minLat());
        x.setMaxLat(q.maxLat());
        return x;
    }

    private static javax.xml.datatype.XMLGregorianCalendar date(long millis) throws Exception {
        GregorianCalendar c = new GregorianCalendar(TimeZone.getTimeZone("UTC"));
        c.setTimeInMillis(millis);
        return DatatypeFactory.newInstance().newXMLGregorianCalendar(c);
    }
}
