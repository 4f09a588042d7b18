package io.wsbench.stacks.jaxws;

import io.wsbench.stacks.jaxws.seismic.Quakes;
import io.wsbench.stacks.jaxws.seismic.Query;
import io.wsbench.stacks.jaxws.seismic.Region;
import io.wsbench.stacks.jaxws.seismic.Regions;
import io.wsbench.stacks.jaxws.seismic.ResultSet;
import io.wsbench.stacks.jaxws.seismic.Results;
import io.wsbench.stacks.jaxws.seismic.Seismic;
import io.wsbench.contract.seismic.Catalog;
import io.wsbench.contract.seismic.Quake;
import jakarta.jws.WebService;

import javax.xml.datatype.DatatypeConfigurationException;
import javax.xml.datatype.DatatypeFactory;
import javax.xml.datatype.XMLGregorianCalendar;
import java.io.IOException;
import java.util.GregorianCalendar;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;

/**
 * matchQuakes as a JAX-WS endpoint, written the way a JAX-WS user would: JAXB objects from the
 * generated classes, XMLGregorianCalendar for dates, the region IDREF as an object reference.
 * CXF and Metro host this same class, so their difference is their own.
 */
@WebService(serviceName = "SeismicService", portName = "SeismicPort", targetNamespace = "http://wsbench.io/seismic",
        endpointInterface = "io.wsbench.stacks.jaxws.seismic.Seismic")
public class SeismicEndpoint implements Seismic {

    private static final TimeZone UTC = TimeZone.getTimeZone("UTC");
    // DatatypeFactory makes no promise of thread safety
    private static final ThreadLocal<DatatypeFactory> DATES = ThreadLocal.withInitial(() -> {
        try {
            return DatatypeFactory.newInstance();
        } catch (DatatypeConfigurationException e) {
            throw new IllegalStateException(e);
        }
    });

    private final Catalog catalog;

    public SeismicEndpoint() {
        this(Catalog.configured());
    }

    public SeismicEndpoint(Catalog catalog) {
        this.catalog = catalog;
    }

    @Override
    public Results matchQuakes(Query query) {
        io.wsbench.contract.seismic.Query q = new io.wsbench.contract.seismic.Query(
                millis(query.getMinDate()), millis(query.getMaxDate()), query.getMinLong(), query.getMaxLong(),
                query.getMinLat(), query.getMaxLat(), query.getMinMag(), query.getMaxMag(),
                query.getMinDepth(), query.getMaxDepth());
        Results results = new Results();
        int total = 0;
        for (Catalog.ResultSet set : catalog.match(q)) {
            ResultSet rs = new ResultSet();
            rs.setAreaName(set.area().name());
            Regions regions = new Regions();
            Map<Integer, Region> byIndex = new HashMap<>();
            for (int index : set.regions()) {
                Region r = new Region();
                r.setIdent(Catalog.regionIdent(index));
                r.setIndex(index);
                r.setValue(catalog.regionName(index));
                regions.getRegion().add(r);
                byIndex.put(index, r);
            }
            regions.setCount(regions.getRegion().size());
            rs.setRegions(regions);
            Quakes quakes = new Quakes();
            List<io.wsbench.stacks.jaxws.seismic.Quake> list = quakes.getQuake();
            for (Quake quake : set.quakes()) {
                io.wsbench.stacks.jaxws.seismic.Quake x = new io.wsbench.stacks.jaxws.seismic.Quake();
                x.setTime(date(quake.millis()));
                x.setMillis(quake.millis());
                x.setLatitude(quake.latitude());
                x.setLongitude(quake.longitude());
                x.setDepth(quake.depth());
                x.setMagnitude(quake.magnitude());
                x.setMethod(quake.method());
                x.setRegion(byIndex.get(quake.region()));
                list.add(x);
            }
            quakes.setCount(list.size());
            total += list.size();
            rs.setQuakes(quakes);
            results.getResultSet().add(rs);
        }
        results.setCount(total);
        return results;
    }

    private static Long millis(XMLGregorianCalendar c) {
        return c == null ? null : c.toGregorianCalendar().getTimeInMillis();
    }

    private static XMLGregorianCalendar date(long millis) {
        GregorianCalendar c = new GregorianCalendar(UTC);
        c.setTimeInMillis(millis);
        return DATES.get().newXMLGregorianCalendar(c);
    }
}
