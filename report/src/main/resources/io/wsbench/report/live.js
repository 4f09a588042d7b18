/*
 * wsbench's live page: reads the run's server-sent events (/events, one JSON object each) and draws
 * the current point second by second (requests/s, p99, errors) with ECharts, lists the points done
 * and what the run said, the flags each point raised as it ended among it. It computes no figure: each comes from the generator as it measured it.
 * window.wsbenchLive holds what the page has seen, for a test to read.
 */
(function () {
  'use strict';
  var chart = echarts.init(document.getElementById('chart'), null, { renderer: 'canvas' });
  var status = document.getElementById('status');
  var seconds = [];
  var seen = window.wsbenchLive = { seconds: 0, points: 0, flags: 0, servers: 0, ended: false, draws: [] };
  var server = document.getElementById('server');

  function ms(micros) { return micros === null || micros === undefined ? null : Math.round(micros / 10) / 100; }
  function number(v, d) { return v === null || v === undefined ? '—' : v.toLocaleString('en-US', { maximumFractionDigits: d }); }

  function draw(title) {
    chart.setOption({
      animation: false,
      title: { text: title, textStyle: { fontSize: 13 } },
      tooltip: { trigger: 'axis' },
      legend: { top: 0, right: 0 },
      grid: { left: 60, right: 60, top: 40, bottom: 30 },
      xAxis: { type: 'value', name: 's', min: 0, minInterval: 1 },
      yAxis: [{ type: 'value', name: 'req/s' }, { type: 'value', name: 'p99 ms', splitLine: { show: false } }],
      series: [
        { name: 'req/s', type: 'line', showSymbol: true, color: '#4269d0', data: seconds.map(function (s) { return [s.second + 1, s.requests]; }) },
        { name: 'p99 ms', type: 'line', yAxisIndex: 1, showSymbol: true, color: '#ff725c', data: seconds.map(function (s) { return [s.second + 1, ms(s.p99Micros)]; }) },
        { name: 'errors', type: 'bar', color: '#b00020', data: seconds.map(function (s) { return [s.second + 1, s.errors]; }) }
      ]
    }, true);
    seen.draws.push(seconds.length);
    mirror();
  }

  // what the page has seen, as text in the page too: a browser's dump of the DOM shows it
  function mirror() {
    document.getElementById('seen').textContent = JSON.stringify(seen);
  }

  function log(text, problem) {
    var li = document.createElement('li');
    li.textContent = text;
    if (problem) { li.className = 'problem'; }
    document.getElementById('log').appendChild(li);
  }

  var title = '';
  var events = new EventSource('/events');
  events.onopen = function () { status.textContent = 'connected: waiting for the first point'; };
  events.onmessage = function (m) {
    var e = JSON.parse(m.data);
    if (e.type === 'point') {
      seconds = [];
      title = (e.index > 0 ? '[' + e.index + '/' + e.total + '] ' : '') + e.label;
      status.textContent = 'measuring ' + title;
      draw(title);
    } else if (e.type === 'second') {
      seconds.push(e);
      if (seconds.length > 600) { seconds.shift(); } // a soak of hours: the chart shows its last ten minutes
      seen.seconds++;
      draw(title);
    } else if (e.type === 'minute') {
      log('minute ' + (e.minute + 1) + ': ' + number(e.throughput, 1) + ' req/s, p99 ' + number(ms(e.p99Micros), 3) + ' ms, '
        + e.errors + ' errors' + (e.serverCpuPercent == null ? '' : ', server CPU ' + number(e.serverCpuPercent, 0) + '%')
        + (e.rssBytes == null ? '' : ', RSS ' + number(e.rssBytes / 1e6, 0) + ' MB')
        + (e.liveHeapBytes == null ? '' : ', live heap ' + number(e.liveHeapBytes / 1e6, 1) + ' MB'), false);
    } else if (e.type === 'server') {
      seen.servers++;
      server.textContent = 'server ' + e.stack + ': CPU ' + number(e.cpuPercent, 0) + '% (100: one core), '
        + number(e.rssBytes / 1e6, 0) + ' MB resident, over the last second';
      mirror();
    } else if (e.type === 'done') {
      seen.points++;
      var tr = document.createElement('tr');
      [e.target, e.load, e.repeat, number(e.throughput, 0), number(ms(e.p50Micros), 3), number(ms(e.p99Micros), 3),
        number(e.errors, 0), number(e.serverCpuPercent, 0)].forEach(function (v) {
        var td = document.createElement('td');
        td.textContent = v;
        tr.appendChild(td);
      });
      document.getElementById('points').appendChild(tr);
      mirror();
      if (e.aborted) { log(e.target + ' @ ' + e.load + ': aborted: ' + e.aborted, true); }
    } else if (e.type === 'stack' || e.type === 'note') {
      log(e.text, false);
    } else if (e.type === 'problem') {
      log(e.text, true);
    } else if (e.type === 'flag') {
      seen.flags++;
      log('flag: ' + e.text, true);
      mirror();
    } else if (e.type === 'end') {
      seen.ended = true;
      status.textContent = 'the run ended: ' + seen.points + ' points; its report is beside run.json';
      mirror();
      events.close();
    }
  };
  events.onerror = function () {
    if (!seen.ended) { status.textContent = 'disconnected: the run ended or wsbench stopped'; }
    events.close();
  };
})();
