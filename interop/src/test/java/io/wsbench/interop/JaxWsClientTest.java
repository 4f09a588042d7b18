package io.wsbench.interop;

import io.wsbench.core.stack.RunningStack;
import io.wsbench.core.stack.StackCatalog;
import io.wsbench.core.stack.StackLauncher;
import io.wsbench.jaxws.hello.HelloService;
import io.wsbench.jaxws.seismic.Quake;
import io.wsbench.jaxws.seismic.Query;
import io.wsbench.jaxws.seismic.Region;
import io.wsbench.jaxws.seismic.ResultSet;
import io.wsbench.jaxws.seismic.Results;
import io.wsbench.jaxws.seismic.Seismic;
import io.wsbench.jaxws.seismic.SeismicService;
import io.wsbench.service.hello.HelloContract;
import io.wsbench.service.seismic.Answer;
import io.wsbench.service.seismic.Catalog;
import io.wsbench.service.seismic.Oracle;
import io.wsbench.service.seismic.QuerySequence;
import jakarta.xml.ws.BindingProvider;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import javax.xml.datatype.DatatypeFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.GregorianCalendar;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The contract is real SOAP, not just what wsbench's own client accepts: a JAX-WS client
 * generated from the shared WSDL (by CXF's wsdl2java, run on Metro's runtime) calls each stack and
 * gets, through JAXB, the quakes the oracle expects, IDREFs resolved to their regions.
 */
class JaxWsClientTest {

    private static final Path HOME = Path.of(System.getProperty("wsbench.home", ".."));

    @ParameterizedTest
    @ValueSource(strings = {"direct", "cxf", "metro", "axis2"})
    void aGeneratedClientGetsTheOraclesAnswers(String name) throws Exception {
        var d = StackCatalog.in(HOME).find(name).orElseThrow(() -> new AssertionError(name + " is not built"));
        RunningStack stack = new StackLauncher(Files.createTempDirectory("wsbench-" + name)).start(d, 0, Map.of());
        try {
            Seismic port = new SeismicService().getSeismicPort();
            ((BindingProvider) port).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY,
                    stack.baseUrl() + d.endpoint("matchQuakes", "soap11", null));
            Catalog catalog = Catalog.standard();
            List<io.wsbench.service.seismic.Query> queries =
                    QuerySequence.named(QuerySequence.LARGE, catalog).queries().subList(0, 5);
            for (io.wsbench.service.seismic.Query q : queries) {
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
                assertEquals(expected.count(), r.getCount(), name);
                assertEquals(expected.count(), count, name);
                assertEquals(expected.fingerprint(), fingerprint, name + ": the same quakes");
                assertTrue(count > 100, "large queries match many quakes: " + count);
            }
            if (d.endpoint("hello", "soap11", null) != null) {
                var hello = new HelloService().getHelloSoap11Port();
                ((BindingProvider) hello).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY,
                        stack.baseUrl() + d.endpoint("hello", "soap11", null));
                assertEquals(HelloContract.GREETING, hello.hello());
            }
        } finally {
            stack.stop();
        }
    }

    private static Query toJaxb(io.wsbench.service.seismic.Query q) throws Exception {
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
