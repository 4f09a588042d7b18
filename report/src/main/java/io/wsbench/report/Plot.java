package io.wsbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleFunction;

/**
 * An x/y drawing area in inline SVG: linear scales, a grid, axes with their units and a legend.
 * The charts draw bars and lines into it; it knows nothing about runs.
 */
final class Plot {

    record Tick(double value, String label) {
    }

    // Observable's ten-colour palette: distinct for the colour-blind and on paper.
    private static final String[] COLORS = {"#4269d0", "#efb118", "#ff725c", "#6cc5b0", "#3ca951",
            "#ff8ab7", "#a463f2", "#97bbf5", "#9c6b4e", "#9498a0"};
    static final int WIDTH = 920;
    static final int HEIGHT = 300;
    private static final int LEFT = 72, RIGHT = 40, TOP = 16, BOTTOM = 52;

    private final double xMin, xMax, yMin, yMax;
    private final List<Tick> xTicks, yTicks;
    private List<Tick> rightTicks;
    private double rightMax;
    private final StringBuilder body = new StringBuilder();
    private final List<String[]> legend = new ArrayList<>();

    Plot(double xMin, double xMax, List<Tick> xTicks, List<Tick> yTicks) {
        this.xMin = xMin;
        this.xMax = xMax;
        this.xTicks = xTicks;
        this.yTicks = yTicks;
        this.yMin = yTicks.get(0).value();
        this.yMax = yTicks.get(yTicks.size() - 1).value();
    }

    static String color(int i) {
        return COLORS[i % COLORS.length];
    }

    /** Round steps (1, 2, 5 × 10ⁿ) from 0 to at least {@code max}. */
    static List<Tick> ticks(double max, DoubleFunction<String> label) {
        double top = max > 0 && Double.isFinite(max) ? max : 1;
        double raw = top / 5;
        double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
        double step = magnitude * (raw <= magnitude ? 1 : raw <= 2 * magnitude ? 2 : raw <= 5 * magnitude ? 5 : 10);
        List<Tick> ticks = new ArrayList<>();
        int n = (int) Math.ceil(top / step - 1e-9);
        for (int i = 0; i <= n; i++) {
            ticks.add(new Tick(i * step, label.apply(i * step)));
        }
        return ticks;
    }

    double x(double v) {
        return LEFT + (v - xMin) / (xMax - xMin) * (WIDTH - LEFT - RIGHT);
    }

    double y(double v) {
        return TOP + (yMax - v) / (yMax - yMin) * (HEIGHT - TOP - BOTTOM);
    }

    /** A second y scale, from 0, with its ticks on the right: for a second quantity against the same x. */
    Plot rightAxis(List<Tick> ticks) {
        rightTicks = ticks;
        rightMax = ticks.get(ticks.size() - 1).value();
        return this;
    }

    /** A line on the right-hand scale, drawn by mapping its values onto the left one. */
    Plot rightLine(List<double[]> points, String color, String dash, String tooltip) {
        List<double[]> mapped = new ArrayList<>();
        for (double[] p : points) {
            mapped.add(new double[] {p[0], yMin + p[1] / rightMax * (yMax - yMin)});
        }
        return line(mapped, color, dash, tooltip);
    }

    /** A labelled vertical line across the plot, e.g. to mark a knee. */
    Plot marker(double xValue, String label) {
        body.append("<line class=\"axis\" stroke-dasharray=\"4 3\" x1=\"").append(num(x(xValue))).append("\" x2=\"")
                .append(num(x(xValue))).append("\" y1=\"").append(TOP).append("\" y2=\"").append(HEIGHT - BOTTOM)
                .append("\"/><text class=\"tick\" x=\"").append(num(x(xValue) + 4)).append("\" y=\"").append(TOP + 12)
                .append("\">").append(HtmlFormat.escape(label)).append("</text>\n");
        return this;
    }

    String svg(String title, String xTitle, String yTitle, String rightTitle) {
        String svg = svg(title, xTitle, yTitle);
        StringBuilder s = new StringBuilder();
        for (Tick t : rightTicks) {
            double y = y(yMin + t.value() / rightMax * (yMax - yMin));
            s.append("<text class=\"tick\" x=\"").append(WIDTH - RIGHT + 6).append("\" y=\"").append(num(y + 4))
                    .append("\">").append(HtmlFormat.escape(t.label())).append("</text>\n");
        }
        s.append("<text class=\"axis-title\" text-anchor=\"middle\" transform=\"translate(").append(WIDTH - 4)
                .append(' ').append(num(y((yMin + yMax) / 2))).append(") rotate(90)\">").append(HtmlFormat.escape(rightTitle))
                .append("</text>\n");
        return svg.replace("</svg>\n", s + "</svg>\n");
    }

    Plot line(List<double[]> points, String color, String dash, String tooltip) {
        StringBuilder pts = new StringBuilder();
        for (double[] p : points) {
            pts.append(num(x(p[0]))).append(',').append(num(y(p[1]))).append(' ');
        }
        body.append("<polyline fill=\"none\" stroke-width=\"2\" stroke=\"").append(color).append('"')
                .append(dash == null ? "" : " stroke-dasharray=\"" + dash + "\"")
                .append(" points=\"").append(pts.toString().trim()).append("\"><title>")
                .append(HtmlFormat.escape(tooltip)).append("</title></polyline>\n");
        if (points.size() <= 20) { // a short series is easier to read with its samples marked
            for (double[] p : points) {
                body.append("<circle r=\"2.5\" fill=\"").append(color).append("\" cx=\"").append(num(x(p[0])))
                        .append("\" cy=\"").append(num(y(p[1]))).append("\"/>\n");
            }
        }
        return this;
    }

    Plot bar(double left, double width, double value, String color, String tooltip) {
        double top = y(Math.max(value, yMin));
        body.append("<rect fill=\"").append(color).append("\" x=\"").append(num(left)).append("\" y=\"")
                .append(num(top)).append("\" width=\"").append(num(width)).append("\" height=\"")
                .append(num(y(yMin) - top)).append("\"><title>").append(HtmlFormat.escape(tooltip))
                .append("</title></rect>\n");
        return this;
    }

    /** The min–max range of the repeats, drawn over a bar. */
    Plot whisker(double center, double low, double high) {
        double cap = 4;
        body.append(String.format(Locale.ROOT,
                "<path class=\"whisker\" d=\"M%.1f %.1fV%.1fM%.1f %.1fH%.1fM%.1f %.1fH%.1f\"/>%n",
                center, y(low), y(high), center - cap, y(low), center + cap, center - cap, y(high), center + cap));
        return this;
    }

    /** A category name under the x axis, where tick labels would be. */
    Plot category(double center, String text) {
        body.append("<text class=\"tick\" text-anchor=\"middle\" x=\"").append(num(center)).append("\" y=\"")
                .append(HEIGHT - BOTTOM + 18).append("\">").append(HtmlFormat.escape(text)).append("</text>\n");
        return this;
    }

    Plot legend(String label, String color) {
        legend.add(new String[] {label, color});
        return this;
    }

    String svg(String title, String xTitle, String yTitle) {
        List<String> legendItems = new ArrayList<>();
        int rows = layoutLegend(legendItems);
        int height = HEIGHT + rows * 20 + (rows > 0 ? 8 : 0);
        StringBuilder s = new StringBuilder();
        s.append("<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" viewBox=\"0 0 ").append(WIDTH).append(' ')
                .append(height).append("\"><title>").append(HtmlFormat.escape(title)).append("</title>\n");
        axes(s);
        s.append(body);
        s.append("<text class=\"axis-title\" text-anchor=\"middle\" x=\"").append(num(x((xMin + xMax) / 2)))
                .append("\" y=\"").append(HEIGHT - 12).append("\">").append(HtmlFormat.escape(xTitle)).append("</text>\n");
        s.append("<text class=\"axis-title\" text-anchor=\"middle\" transform=\"translate(16 ")
                .append(num(y((yMin + yMax) / 2))).append(") rotate(-90)\">").append(HtmlFormat.escape(yTitle))
                .append("</text>\n");
        legendItems.forEach(s::append);
        return s.append("</svg>\n").toString();
    }

    private void axes(StringBuilder s) {
        for (Tick t : yTicks) {
            s.append("<line class=\"grid\" x1=\"").append(LEFT).append("\" x2=\"").append(WIDTH - RIGHT)
                    .append("\" y1=\"").append(num(y(t.value()))).append("\" y2=\"").append(num(y(t.value())))
                    .append("\"/><text class=\"tick\" text-anchor=\"end\" x=\"").append(LEFT - 6).append("\" y=\"")
                    .append(num(y(t.value()) + 4)).append("\">").append(HtmlFormat.escape(t.label())).append("</text>\n");
        }
        for (Tick t : xTicks) {
            s.append("<line class=\"grid\" y1=\"").append(TOP).append("\" y2=\"").append(HEIGHT - BOTTOM)
                    .append("\" x1=\"").append(num(x(t.value()))).append("\" x2=\"").append(num(x(t.value())))
                    .append("\"/><text class=\"tick\" text-anchor=\"middle\" y=\"").append(HEIGHT - BOTTOM + 18)
                    .append("\" x=\"").append(num(x(t.value()))).append("\">").append(HtmlFormat.escape(t.label()))
                    .append("</text>\n");
        }
        s.append("<path class=\"axis\" d=\"M").append(LEFT).append(' ').append(TOP).append("V").append(HEIGHT - BOTTOM)
                .append("H").append(WIDTH - RIGHT).append("\"/>\n");
    }

    // Flows legend entries left to right, wrapping like text; returns the number of rows used.
    private int layoutLegend(List<String> out) {
        int x = LEFT, row = 0;
        for (String[] entry : legend) {
            int width = 26 + entry[0].length() * 7 + 20;
            if (x + width > WIDTH - RIGHT && x > LEFT) {
                x = LEFT;
                row++;
            }
            int y = HEIGHT + 4 + row * 20;
            out.add("<rect x=\"" + x + "\" y=\"" + y + "\" width=\"18\" height=\"10\" rx=\"2\" fill=\"" + entry[1]
                    + "\"/><text class=\"legend\" x=\"" + (x + 24) + "\" y=\"" + (y + 10) + "\">"
                    + HtmlFormat.escape(entry[0]) + "</text>\n");
            x += width;
        }
        return legend.isEmpty() ? 0 : row + 1;
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}
