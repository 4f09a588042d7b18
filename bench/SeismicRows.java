import io.wsbench.contract.seismic.Catalog;
import io.wsbench.contract.seismic.Query;
import io.wsbench.contract.seismic.QuerySequence;
import io.wsbench.contract.seismic.SeismicContract;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

/**
 * Seed 001's small sequence as a user would bring it to load --wsdl: a CSV of its 1,000 queries with
 * the count of quakes each must match (from the contract's catalog), and the envelope template
 * whose placeholders the columns fill. Writes DIR/rows.csv and DIR/query.xml.
 */
public class SeismicRows {
    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        Catalog catalog = Catalog.standard();
        StringBuilder csv = new StringBuilder("minDate,maxDate,minLong,maxLong,minLat,maxLat,count\n");
        for (Query q : QuerySequence.named(QuerySequence.SMALL, catalog).queries()) {
            csv.append(Instant.ofEpochMilli(q.minDate())).append(',').append(Instant.ofEpochMilli(q.maxDate())).append(',')
                    .append(q.minLong()).append(',').append(q.maxLong()).append(',')
                    .append(q.minLat()).append(',').append(q.maxLat()).append(',').append(catalog.count(q)).append('\n');
        }
        Files.writeString(dir.resolve("rows.csv"), csv);
        Files.writeString(dir.resolve("query.xml"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>\
                <s:query xmlns:s="%s"><s:min-date>${minDate}</s:min-date><s:max-date>${maxDate}</s:max-date>\
                <s:min-long>${minLong}</s:min-long><s:max-long>${maxLong}</s:max-long>\
                <s:min-lat>${minLat}</s:min-lat><s:max-lat>${maxLat}</s:max-lat></s:query></soap:Body></soap:Envelope>
                """.formatted(SeismicContract.NAMESPACE));
    }
}
