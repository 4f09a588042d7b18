package io.wsbench.cli;

import io.wsbench.service.wsdl.SampleRequest;
import io.wsbench.service.wsdl.ServiceDescription;
import io.wsbench.service.wsdl.SoapOperation;
import io.wsbench.service.wsdl.WsdlException;
import io.wsbench.runner.OwnService;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

@Command(name = "wsdl", description = {"List a WSDL's services, ports and operations, or print a sample request of one operation.",
        "With --template, leaf values are $${name} placeholders, ready to save, edit and fill from a CSV with load --wsdl --data."})
final class WsdlCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "WSDL", description = "an http(s):// URL or a file")
    String wsdl;

    @Option(names = "--port", paramLabel = "P", description = "the port of the operation (default: its SOAP 1.1 port); SERVICE/PORT where services share a port's name")
    String port;

    @Mixin
    SampleOptions sample;

    @Override
    public Integer call() {
        PrintStream out = System.out;
        ServiceDescription d = OwnService.read(wsdl);
        if (d.lenient() != null) {
            System.err.println("wsbench: note: the WSDL's schema is not valid XML Schema (" + io.wsbench.model.Redacted.url(d.lenient())
                    + "): it was read without that check, as SoapUI reads it");
        }
        try {
            if (sample.operation != null) {
                SoapOperation op = d.operation(sample.operation, port);
                out.print(sample.template ? SampleRequest.template(d, op) : SampleRequest.sample(d, op));
                return 0;
            }
        } catch (WsdlException e) {
            throw new UserError(e.getMessage());
        }
        list(out, d);
        return 0;
    }

    private static void list(PrintStream out, ServiceDescription d) {
        Map<String, Map<String, List<SoapOperation>>> byServiceAndPort = new LinkedHashMap<>();
        for (SoapOperation op : d.operations()) {
            byServiceAndPort.computeIfAbsent(op.service(), s -> new LinkedHashMap<>())
                    .computeIfAbsent(op.port(), p -> new java.util.ArrayList<>()).add(op);
        }
        byServiceAndPort.forEach((service, ports) -> {
            out.println("service " + service + "  (" + d.targetNamespace() + ")");
            ports.forEach((port, ops) -> {
                SoapOperation first = ops.get(0);
                out.println("  port " + port + "  " + first.version().label + "  " + first.style() + "  "
                        + (first.address() == null ? "(no address)" : first.address()));
                for (SoapOperation op : ops) {
                    out.println("    " + op.name() + "  " + op.describeStyle());
                    out.println("      SOAPAction \"" + op.soapAction() + "\"");
                    out.println("      input  " + parts(op.input()));
                    out.println("      output " + parts(op.output()));
                }
            });
        });
    }

    private static String parts(List<SoapOperation.Part> parts) {
        return parts.isEmpty() ? "(none)" : String.join(", ", parts.stream().map(SoapOperation.Part::describe).toList());
    }
}
