package io.wsbench.contract.page;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Seed 003's page: it fetches a document from a slow dependency over HTTP and reads every
 * application table of a database (the seed's cfdbinfo + "SELECT *" loop, which skipped the SYS
 * tables). The tables are generated from a fixed seed, so the server that creates them and the
 * client that checks the answers agree on every row without talking to each other.
 */
public final class PageContract {

    public static final String OPERATION = "page";
    /** What the slow dependency answers; the page passes it through so it can be checked. */
    public static final String DEPENDENCY_BODY = "User-agent: *\nDisallow: /search\nAllow: /\n";
    /** Tables whose name starts with this are the database's own, and the page skips them. */
    public static final String SYSTEM_PREFIX = "SYS";

    /** One table: its name, its columns (the first is the INTEGER key, the rest TEXT or INTEGER) and rows. */
    public record Table(String name, List<String> columns, List<String> types, List<Object[]> rows) {

        public boolean system() {
            return name.startsWith(SYSTEM_PREFIX);
        }

        /** The order-independent fingerprint the page reports for this table. */
        public long checksum() {
            long sum = 0;
            for (Object[] row : rows) {
                String[] text = new String[row.length];
                for (int i = 0; i < row.length; i++) {
                    text[i] = String.valueOf(row[i]);
                }
                sum += rowChecksum(text);
            }
            return sum;
        }
    }

    private static final List<Table> TABLES = generate();

    private PageContract() {
    }

    /** The tables every server creates at start, in a fixed order. */
    public static List<Table> tables() {
        return TABLES;
    }

    /**
     * Creates the tables of {@link #tables()} through {@code c} and fills them, in one transaction:
     * every stack serving the page starts from this database.
     */
    public static void create(Connection c) throws SQLException {
        c.setAutoCommit(false);
        for (Table t : TABLES) {
            StringBuilder ddl = new StringBuilder("CREATE TABLE ").append(t.name()).append(" (");
            for (int i = 0; i < t.columns().size(); i++) {
                ddl.append(i == 0 ? "" : ", ").append(t.columns().get(i)).append(' ').append(t.types().get(i))
                        .append(i == 0 ? " PRIMARY KEY" : "");
            }
            try (Statement s = c.createStatement()) {
                s.executeUpdate(ddl.append(')').toString());
            }
            String marks = "?,".repeat(t.columns().size());
            try (PreparedStatement p = c.prepareStatement("INSERT INTO " + t.name() + " VALUES ("
                    + marks.substring(0, marks.length() - 1) + ")")) {
                for (Object[] row : t.rows()) {
                    for (int i = 0; i < row.length; i++) {
                        p.setObject(i + 1, row[i]);
                    }
                    p.addBatch();
                }
                p.executeBatch();
            }
        }
        c.commit();
    }

    /** One row's contribution to a table's checksum, from the text of its values. */
    public static long rowChecksum(String[] values) {
        long h = 17;
        for (String v : values) {
            h = 31 * h + (v == null ? 0 : v.hashCode());
        }
        return h;
    }

    private static List<Table> generate() {
        Random r = new Random(3_003L);
        String[] first = {"Ada", "Ben", "Cleo", "Dev", "Eva", "Finn", "Gus", "Hana", "Ivo", "Jun", "Kai", "Lea"};
        String[] last = {"Nadel", "Freitag", "Holmes", "Kernighan", "Lovelace", "Okafor", "Silva", "Tanaka"};
        String[] places = {"Boston", "Berlin", "Lagos", "Lima", "Osaka", "Perth"};
        List<Table> out = new ArrayList<>();

        List<Object[]> departments = new ArrayList<>();
        for (int i = 1; i <= 12; i++) {
            departments.add(new Object[]{i, "Department " + i, places[r.nextInt(places.length)]});
        }
        out.add(new Table("DEPARTMENTS", List.of("id", "name", "location"),
                List.of("INTEGER", "TEXT", "TEXT"), departments));

        List<Object[]> employees = new ArrayList<>();
        for (int i = 1; i <= 150; i++) {
            employees.add(new Object[]{i, first[r.nextInt(first.length)], last[r.nextInt(last.length)],
                    1 + r.nextInt(12), 30_000 + 500 * r.nextInt(120)});
        }
        out.add(new Table("EMPLOYEES", List.of("id", "first_name", "last_name", "department_id", "salary"),
                List.of("INTEGER", "TEXT", "TEXT", "INTEGER", "INTEGER"), employees));

        List<Object[]> courses = new ArrayList<>();
        for (int i = 1; i <= 80; i++) {
            courses.add(new Object[]{i, "C" + (100 + r.nextInt(400)), "Course on topic " + r.nextInt(1000),
                    1 + r.nextInt(12)});
        }
        out.add(new Table("COURSES", List.of("id", "number", "title", "department_id"),
                List.of("INTEGER", "TEXT", "TEXT", "INTEGER"), courses));

        List<Object[]> settings = new ArrayList<>();
        settings.add(new Object[]{1, "schema-version", "3"});
        out.add(new Table("SYSSETTINGS", List.of("id", "key", "value"), List.of("INTEGER", "TEXT", "TEXT"), settings));
        return List.copyOf(out);
    }
}
