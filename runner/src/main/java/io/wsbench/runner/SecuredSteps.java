package io.wsbench.runner;

import io.wsbench.contract.security.WsSecurityKeys;
import io.wsbench.core.load.StepSecurity;
import io.wsbench.model.suite.Security;
import io.wsbench.service.flow.FlowSecurity;
import io.wsbench.wssec.WsSecurity;

import java.nio.file.Path;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

/**
 * WS-Security on a flow's SOAP steps with wsbench's WSS4J client and the keys its stacks trust: each
 * request's filled body secured afresh (a new timestamp, nonce, signature and content key), each
 * answer verified and decrypted, the time counted as the point's client WS-Security time. The keys
 * are read (generated first if missing) only when a step asks for a configuration.
 */
final class SecuredSteps implements FlowSecurity {

    private final Path keysDir;
    private final LongAdder nanos = new LongAdder();
    private WsSecurityKeys keys;

    SecuredSteps(Path keysDir) {
        this.keysDir = keysDir;
    }

    @Override
    public synchronized Supplier<StepSecurity> clients(Security configuration) {
        try {
            if (keys == null) {
                keys = WsSecurityKeys.in(keysDir);
            }
            new WsSecurity(configuration, keys); // fail now, not on an I/O thread, if the keys are unusable
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("the WS-Security keys in " + keysDir + " cannot be used: " + e.getMessage());
        }
        WsSecurityKeys k = keys;
        return () -> client(new WsSecurity(configuration, k));
    }

    private StepSecurity client(WsSecurity ws) {
        return new StepSecurity() {
            @Override
            public byte[] seal(byte[] body) {
                long t0 = System.nanoTime();
                try {
                    return ws.secure(body);
                } finally {
                    nanos.add(System.nanoTime() - t0);
                }
            }

            @Override
            public byte[] open(byte[] body, int length) throws Exception {
                long t0 = System.nanoTime();
                try {
                    return ws.open(body, length);
                } finally {
                    nanos.add(System.nanoTime() - t0);
                }
            }
        };
    }

    @Override
    public long nanos() {
        return nanos.sum();
    }
}
