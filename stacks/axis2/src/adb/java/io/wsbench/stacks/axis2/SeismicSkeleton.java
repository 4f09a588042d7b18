package io.wsbench.stacks.axis2;

import io.wsbench.contract.seismic.Catalog;
import io.wsbench.stacks.axis2.adb.Quake;
import io.wsbench.stacks.axis2.adb.Quakes;
import io.wsbench.stacks.axis2.adb.Query;
import io.wsbench.stacks.axis2.adb.Region;
import io.wsbench.stacks.axis2.adb.Regions;
import io.wsbench.stacks.axis2.adb.ResultSet;
import io.wsbench.stacks.axis2.adb.Results;
import io.wsbench.stacks.axis2.adb.SeismicServiceSkeletonInterface;
import org.apache.axis2.databinding.types.IDRef;
import org.apache.axis2.databinding.types.Id;

import java.util.Calendar;
import java.util.GregorianCalendar;
import java.util.List;
import java.util.TimeZone;

/**
 * matchQuakes on Axis2: the ADB query the generated message receiver parsed becomes a
 * {@link io.wsbench.contract.seismic.Query}, and the catalog's answer becomes the ADB results.
 * It uses only the generated ADB classes and the service module, no servlet or transport API, so
 * the same source builds against Axis2 1.8 (javax) for the Rampart server.
 */
public final class SeismicSkeleton implements SeismicServiceSkeletonInterface {

    private static final TimeZone UTC = TimeZone.getTimeZone("UTC");

    private final Catalog catalog;
    // xsd:ID and xsd:IDREF values are immutable per region: built once, as JAXB's object references would be
    private final Id[] idents;
    private final IDRef[] refs;

    /** The constructor Axis2 calls (ServiceClass in services.xml). */
    public SeismicSkeleton() {
        this(catalog());
    }

    SeismicSkeleton(Catalog catalog) {
        this.catalog = catalog;
        idents = new Id[catalog.regionCount()];
        refs = new IDRef[catalog.regionCount()];
        for (int i = 0; i < idents.length; i++) {
            idents[i] = new Id(Catalog.regionIdent(i));
            refs[i] = new IDRef(Catalog.regionIdent(i));
        }
    }

    /** The catalog this server serves (see {@link Catalog#configured()}). */
    public static Catalog catalog() {
        return Catalog.configured();
    }

    @Override
    public Results matchQuakes(Query query) {
        List<Catalog.ResultSet> matched = catalog.match(toQuery(query));
        ResultSet[] sets = new ResultSet[matched.size()];
        int total = 0;
        for (int s = 0; s < sets.length; s++) {
            Catalog.ResultSet m = matched.get(s);
            sets[s] = resultSet(m);
            total += m.quakes().size();
        }
        Results results = new Results();
        results.setCount(total);
        results.setResultSet(sets);
        return results;
    }

    static io.wsbench.contract.seismic.Query toQuery(Query q) {
        return new io.wsbench.contract.seismic.Query(
                q.isMinDateSpecified() && q.getMinDate() != null ? q.getMinDate().getTimeInMillis() : null,
                q.isMaxDateSpecified() && q.getMaxDate() != null ? q.getMaxDate().getTimeInMillis() : null,
                q.isMinLongSpecified() ? q.getMinLong() : null, q.isMaxLongSpecified() ? q.getMaxLong() : null,
                q.isMinLatSpecified() ? q.getMinLat() : null, q.isMaxLatSpecified() ? q.getMaxLat() : null,
                q.isMinMagSpecified() ? q.getMinMag() : null, q.isMaxMagSpecified() ? q.getMaxMag() : null,
                q.isMinDepthSpecified() ? q.getMinDepth() : null, q.isMaxDepthSpecified() ? q.getMaxDepth() : null);
    }

    private ResultSet resultSet(Catalog.ResultSet m) {
        Region[] regions = new Region[m.regions().size()];
        for (int i = 0; i < regions.length; i++) {
            int index = m.regions().get(i);
            Region r = new Region();
            r.setString(catalog.regionName(index));
            r.setIdent(idents[index]);
            r.setIndex(index);
            regions[i] = r;
        }
        Quake[] quakes = new Quake[m.quakes().size()];
        for (int i = 0; i < quakes.length; i++) {
            io.wsbench.contract.seismic.Quake q = m.quakes().get(i);
            Calendar time = new GregorianCalendar(UTC);
            time.setTimeInMillis(q.millis());
            Quake out = new Quake();
            out.setTime(time);
            out.setMillis(q.millis());
            out.setLatitude(q.latitude());
            out.setLongitude(q.longitude());
            out.setDepth(q.depth());
            out.setMagnitude(q.magnitude());
            out.setMethod(q.method());
            out.setRegion(refs[q.region()]);
            quakes[i] = out;
        }
        Regions rs = new Regions();
        rs.setCount(regions.length);
        rs.setRegion(regions);
        Quakes qs = new Quakes();
        qs.setCount(quakes.length);
        qs.setQuake(quakes);
        ResultSet set = new ResultSet();
        set.setAreaName(m.area().name());
        set.setRegions(rs);
        set.setQuakes(qs);
        return set;
    }
}
