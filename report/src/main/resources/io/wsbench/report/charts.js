/*
 * wsbench's report charts: each <div class="plot" data-chart="..."> holds a chart's figures as JSON
 * (written by Charts.java); this script hands them to Apache ECharts. It computes no figure: the
 * medians, spreads, percentiles and knees come from run.json through Java. Charts are drawn without
 * animation, so that a screenshot or a test sees each complete at once; when the last is drawn, the
 * document gets a 'wsbench-charts-drawn' event.
 */
(function () {
  'use strict';
  // Observable's ten-colour palette: distinct for the colour-blind and on paper.
  var COLORS = ['#4269d0', '#efb118', '#ff725c', '#6cc5b0', '#3ca951', '#ff8ab7', '#a463f2', '#97bbf5', '#9c6b4e', '#9498a0'];
  var BAR_GAP = '10%';
  var CATEGORY_GAP = '20%';
  var escape = echarts.format.encodeHTML;

  function color(i) {
    return COLORS[i % COLORS.length];
  }

  function number(v, decimals) {
    if (v === null || v === undefined || isNaN(v)) {
      return '—';
    }
    return v.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  }

  // Latencies under 1 ms need their decimals; 3 significant digits or so, as the tables print them.
  function millis(v) {
    return number(v, v < 1 ? 3 : v < 10 ? 2 : v < 100 ? 1 : 0);
  }

  // "1 in N" back to the percentile it stands for: 10 is 90%, 1,000 is 99.9%.
  function percentile(oneIn) {
    if (oneIn <= 1) {
      return '0%';
    }
    var p = 100 * (1 - 1 / oneIn);
    return parseFloat(p.toPrecision(Math.max(2, Math.ceil(Math.log10(oneIn)) + 1))) + '%';
  }

  function common(spec) {
    return {
      animation: false,
      color: COLORS,
      grid: { left: 72, right: spec.y2Name ? 72 : 32, top: 48, bottom: 56 },
      legend: { type: 'scroll', top: 4 },
      tooltip: { confine: true },
      xAxis: { name: spec.xName, nameLocation: 'middle', nameGap: 32 },
      yAxis: [{ type: 'value', name: spec.yName, nameLocation: 'middle', nameGap: 52 }]
    };
  }

  // Zoom and pan along x: the wheel or a drag inside the plot, and a slider under it.
  function zoomable(option) {
    option.dataZoom = [{ type: 'inside', xAxisIndex: 0, filterMode: 'none' },
      { type: 'slider', xAxisIndex: 0, filterMode: 'none', bottom: 8, height: 22 }];
    option.grid.bottom = 96;
    return option;
  }

  function bars(spec) {
    var option = common(spec);
    option.xAxis.type = 'category';
    option.xAxis.data = spec.categories;
    option.tooltip.trigger = 'item';
    option.series = [];
    spec.series.forEach(function (s) {
      option.series.push({
        type: 'bar', name: s.name, barGap: BAR_GAP, barCategoryGap: CATEGORY_GAP, itemStyle: { color: color(s.color) },
        data: s.bars.map(function (b) { return b === null ? null : b.value; }),
        tooltip: {
          formatter: function (p) {
            var b = s.bars[p.dataIndex];
            var text = escape(s.name) + ' at ' + escape(spec.categories[p.dataIndex]) + '<br><b>'
                + number(b.value, spec.decimals) + ' ' + escape(spec.unit) + '</b>';
            if (b.min !== undefined) {
              text += '<br>min–max of ' + b.repeats + ' repeats: ' + number(b.min, spec.decimals) + '–'
                  + number(b.max, spec.decimals) + ' (±' + number(50 * (b.max - b.min) / b.value, 1) + '%)';
            } else {
              text += '<br>' + b.repeats + (b.repeats === 1 ? ' repeat' : ' repeats');
            }
            return text;
          }
        }
      });
    });
    // The whiskers: one custom series per target, laid out over its bar as ECharts lays out the bars.
    spec.series.forEach(function (s, index) {
      option.series.push({
        type: 'custom', name: s.name, silent: true, z: 3, tooltip: { show: false },
        encode: { x: 0, y: [1, 2] },
        data: s.bars.map(function (b, c) { return b && b.min !== undefined ? [c, b.min, b.max] : null; })
            .filter(function (d) { return d !== null; }),
        renderItem: function (params, api) {
          var layout = api.barLayout({ barGap: BAR_GAP, barCategoryGap: CATEGORY_GAP, count: spec.series.length })[index];
          var low = api.coord([api.value(0), api.value(1)]);
          var high = api.coord([api.value(0), api.value(2)]);
          var x = low[0] + layout.offsetCenter;
          var cap = Math.min(5, layout.width / 4);
          var style = { stroke: '#1f2328', lineWidth: 1.5 };
          return {
            type: 'group', children: [
              { type: 'line', shape: { x1: x, y1: low[1], x2: x, y2: high[1] }, style: style },
              { type: 'line', shape: { x1: x - cap, y1: low[1], x2: x + cap, y2: low[1] }, style: style },
              { type: 'line', shape: { x1: x - cap, y1: high[1], x2: x + cap, y2: high[1] }, style: style }]
          };
        }
      });
    });
    return option;
  }

  // One horizontal bar per category, its segments stacked left to right: where a flow's iteration time
  // goes. A segment's tooltip gives its milliseconds and its share of the bar.
  function stacked(spec) {
    var option = common(spec);
    option.grid.left = 16;
    option.grid.containLabel = true;
    option.xAxis.type = 'value';
    option.yAxis = [{ type: 'category', data: spec.categories, inverse: true }];
    option.tooltip.trigger = 'item';
    option.series = spec.series.map(function (s) {
      return {
        type: 'bar', name: s.name, stack: 'iteration', barCategoryGap: '35%',
        itemStyle: { color: color(s.color), opacity: s.dashed ? 0.6 : 1 },
        data: s.bars.map(function (b) { return b === null ? null : b.value; }),
        tooltip: {
          formatter: function (p) {
            var b = s.bars[p.dataIndex];
            var total = 0;
            spec.series.forEach(function (o) { total += o.bars[p.dataIndex] ? o.bars[p.dataIndex].value : 0; });
            var text = escape(s.name) + ' at ' + escape(spec.categories[p.dataIndex]) + '<br><b>' + millis(b.value)
                + ' ms</b>, ' + number(total > 0 ? 100 * b.value / total : 0, 0) + '% of the bar\'s ' + millis(total) + ' ms';
            if (b.min !== undefined) {
              text += '<br>min–max of ' + b.repeats + ' repeats: ' + millis(b.min) + '–' + millis(b.max) + ' ms';
            } else {
              text += '<br>' + b.repeats + (b.repeats === 1 ? ' repeat' : ' repeats');
            }
            return text;
          }
        }
      };
    });
    return option;
  }

  function lines(spec, point) {
    return spec.series.map(function (s) {
      return {
        type: 'line', name: s.name, data: s.points.map(point), showSymbol: s.points.length <= 20, symbolSize: 5,
        yAxisIndex: s.right ? 1 : 0, itemStyle: { color: color(s.color) },
        lineStyle: { color: color(s.color), width: 2, type: s.dashed ? 'dashed' : 'solid' }
      };
    });
  }

  function percentiles(spec) {
    var option = zoomable(common(spec));
    option.xAxis.type = 'log';
    option.xAxis.min = 1;
    option.xAxis.max = 10000;
    option.xAxis.axisLabel = { formatter: percentile };
    option.series = lines(spec, function (p) { return [p[0], p[1]]; });
    option.tooltip.trigger = 'axis';
    option.tooltip.formatter = function (items) {
      var text = 'p' + percentile(items[0].value[0]).replace('%', '') + ' (1 in ' + number(items[0].value[0], 0) + ')';
      items.forEach(function (i) {
        text += '<br>' + i.marker + escape(i.seriesName) + ': <b>' + millis(i.value[1]) + ' ms</b>';
      });
      return text;
    };
    return option;
  }

  function seconds(spec) {
    var option = zoomable(common(spec));
    option.xAxis.type = 'value';
    option.xAxis.min = 0;
    option.series = lines(spec, function (p) { return p; });
    option.tooltip.trigger = 'axis';
    option.tooltip.formatter = function (items) {
      var text = 'second ' + items[0].value[0];
      items.forEach(function (i) {
        var v = i.value;
        text += '<br>' + i.marker + escape(i.seriesName) + ': <b>' + number(v[1], 0) + ' requests</b>, p99 '
            + millis(v[2]) + ' ms' + (v[3] > 0 ? ', <b>' + number(v[3], 0) + ' errors</b>' : '');
      });
      return text;
    };
    return option;
  }

  // Lines against a value on x: seed 002's sweep (requests/s and server CPU against users, its knee
  // marked), a capacity search's latency and errors against the rate offered (the "hockey stick", the
  // capacity marked), or a ramp's offered and achieved load against time. spec.unit names x in the
  // tooltip; a series' right flag puts it on the right-hand axis; spec.mark is a vertical line.
  function xy(spec, right) {
    var option = common(spec);
    option.xAxis.type = 'value';
    option.xAxis.min = 0;
    if (spec.y2Name) {
      option.yAxis.push(Object.assign({ type: 'value', name: spec.y2Name, nameLocation: 'middle', nameGap: 48, min: 0,
        splitLine: { show: false } }, right || {}));
    }
    option.series = lines(spec, function (p) { return p; });
    if (spec.mark) {
      option.series[0].markLine = {
        silent: true, symbol: 'none', lineStyle: { color: '#656d76', type: 'dashed' },
        label: { formatter: spec.mark.label, position: 'insideEndTop' }, data: [{ xAxis: spec.mark.x }]
      };
    }
    option.tooltip.trigger = 'axis';
    option.tooltip.formatter = function (items) {
      var text = number(items[0].value[0], spec.decimals) + ' ' + escape(spec.unit || 'users');
      items.forEach(function (i) {
        text += '<br>' + i.marker + escape(i.seriesName) + ': <b>' + number(i.value[1], i.value[1] < 10 ? 2 : 0) + '</b>';
      });
      return text;
    };
    return option;
  }

  // The sweep's CPU axis reaches at least 100% (one core), so a CPU line near the top reads as such.
  function sweep(spec) {
    return xy(spec, { max: function (extent) { return Math.max(100, Math.ceil(extent.max / 50) * 50); } });
  }

  function ramp(spec) {
    return zoomable(xy(spec));
  }

  var kinds = { bars: bars, stacked: stacked, percentiles: percentiles, seconds: seconds, sweep: sweep, xy: ramp };
  var charts = [];

  function draw(element) {
    var spec = JSON.parse(element.getAttribute('data-chart'));
    element.textContent = ''; // the note for readers without scripts
    var chart = echarts.init(element, null, { renderer: 'canvas' });
    chart.setOption(kinds[spec.kind](spec));
    charts.push(chart);
  }

  // The charts in view are drawn at once; the others in slices of at most 40 ms, so that a report of
  // a hundred points opens as fast as one of a few and stays responsive while the rest are drawn.
  // (bench/report-open.sh sets wsbenchDrawAll to time the drawing of every chart before 'load'.)
  var waiting = [];
  document.querySelectorAll('div.plot[data-chart]').forEach(function (element) {
    if (window.wsbenchDrawAll || element.getBoundingClientRect().top < window.innerHeight) {
      draw(element);
    } else {
      waiting.push(element);
    }
  });
  function drawSome() {
    var started = performance.now();
    while (waiting.length > 0 && performance.now() - started < 40) {
      draw(waiting.shift());
    }
    if (waiting.length > 0) {
      setTimeout(drawSome, 0);
    } else {
      window.wsbenchChartsDrawn = performance.now();
      document.dispatchEvent(new Event('wsbench-charts-drawn'));
    }
  }
  setTimeout(drawSome, 0);
  window.addEventListener('resize', function () {
    charts.forEach(function (c) { c.resize(); });
  });
  window.wsbenchCharts = charts; // for the browser test's hover
})();
