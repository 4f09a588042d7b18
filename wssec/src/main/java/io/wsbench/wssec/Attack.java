package io.wsbench.wssec;

import io.wsbench.model.suite.Security;

import java.util.Arrays;
import java.util.List;
import java.util.Set;

import static io.wsbench.model.suite.Security.SIGN;
import static io.wsbench.model.suite.Security.SIGNENCR;
import static io.wsbench.model.suite.Security.USERNAME;

/**
 * A request a secured server must refuse with a SOAP Fault, built by
 * {@link WsSecurity#secure(byte[], Attack)}; each applies to the configurations where it means
 * something (a UsernameToken request has no signature to break, a signed one no password).
 */
public enum Attack {

    /** No attack: the request as wsbench sends it when measuring. */
    NONE(USERNAME, SIGN, SIGNENCR),
    /** The Body changed after it was signed (for signencr: before it is encrypted), so its digest no longer matches. */
    TAMPERED_BODY(SIGN, SIGNENCR),
    /** The right user with a password that is not theirs. */
    WRONG_PASSWORD(USERNAME),
    /** A signed Timestamp created 10 minutes ago that expired 9 minutes ago. */
    EXPIRED_TIMESTAMP(SIGN, SIGNENCR),
    /** The Body's content key wrapped for a freshly generated certificate the server holds no key for. */
    WRONG_KEY(SIGNENCR);

    private final Set<Security> configurations;

    Attack(Security... configurations) {
        this.configurations = Set.of(configurations);
    }

    /** Whether this attack can be made on a request of {@code configuration}. */
    public boolean appliesTo(Security configuration) {
        return configurations.contains(configuration);
    }

    /** Every real attack (NONE excluded) on {@code configuration}, in declaration order. */
    public static List<Attack> against(Security configuration) {
        return Arrays.stream(values()).filter(a -> a != NONE && a.appliesTo(configuration)).toList();
    }
}
