/*
 * wsbench's flame graphs: each <div class="flame" data-flame="i"> is graph i of the page's one
 * <script id="wsbench-flames"> (written by Profiles.Flames: JSON gzipped in base64, inflated by the browser's own
 * DecompressionStream once the page has loaded (or when a graph is opened before): {names: [frame names], graphs: [{title, unit, colours,
 * root}]}), each a tree of stacks per request ({n: index of its frame's name, v: value, k: kind of code,
 * d: change against A, c: callees}),
 * drawn by Apache ECharts' custom series, one rectangle per frame, the root at the top and each frame's
 * callees under it, as wide as their share. Click a frame to zoom into it (its callers stay, full width),
 * click the top bar to zoom out; type in the search box to mark the frames whose name holds the text and
 * read what share of the whole they hold; hover for a frame's value per request and its shares.
 * A graph with "d" on its nodes is a differential: red grew from A to B, blue shrank, by how much.
 * Graphs inside a closed <details> are drawn when it opens; each drawn one fires 'wsbench-flame-drawn'.
 */
(function () {
  'use strict';
  var ROW = 18;
  var escape = echarts.format.encodeHTML;

  function number(v) {
    var a = Math.abs(v);
    var d = a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : 3;
    return v.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
  }

  function prepare(node, parent, depth, all) {
    node.parent = parent;
    node.depth = depth;
    all.push(node);
    (node.c || []).forEach(function (c) { prepare(c, node, depth + 1, all); });
    return all;
  }

  function maxAbsDelta(all) {
    var m = 0;
    all.forEach(function (n) { if (n.d !== undefined) { m = Math.max(m, Math.abs(n.d)); } });
    return m;
  }

  // the rectangles of the tree zoomed to focus: its callers full width above it, its callees in proportion
  function layout(root, focus) {
    var items = [];
    var chain = [];
    for (var n = focus; n; n = n.parent) { chain.unshift(n); }
    chain.forEach(function (a) { if (a !== focus) { items.push([0, 1, a.depth, a]); } });
    (function place(node, x0, width) {
      items.push([x0, x0 + width, node.depth, node]);
      var x = x0;
      (node.c || []).forEach(function (c) {
        var w = focus.v > 0 ? width * c.v / node.v : 0;
        if (w * 2000 >= 1) { place(c, x, w); }
        x += w;
      });
    })(focus, 0, 1);
    return items;
  }

  function colour(node, span, search, kinds) {
    if (search) {
      return node.n.toLowerCase().indexOf(search) >= 0 ? '#e6007e' : '#e4e5e9';
    }
    if (node.d !== undefined && span > 0) {
      var t = Math.min(1, Math.abs(node.d) / span);
      var c = Math.round(245 - 170 * t);
      return node.d >= 0 ? 'rgb(245,' + c + ',' + c + ')' : 'rgb(' + c + ',' + c + ',245)';
    }
    return kinds[node.k] || '#c8cad0';
  }

  // the share of the whole held by the frames whose name holds the text, each counted once
  function matched(root, search) {
    var sum = 0;
    (function walk(n) {
      if (n.n.toLowerCase().indexOf(search) >= 0) { sum += n.v; return; }
      (n.c || []).forEach(walk);
    })(root);
    return root.v > 0 ? sum / root.v : 0;
  }

  // every graph of the page, inflated once: base64 to bytes, gunzipped, parsed
  var inflated = null;
  function flames() {
    if (!inflated) {
      var text = atob(document.getElementById('wsbench-flames').textContent.trim());
      var bytes = new Uint8Array(text.length);
      for (var i = 0; i < text.length; i++) { bytes[i] = text.charCodeAt(i); }
      var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
      inflated = new Response(stream).text().then(JSON.parse);
    }
    return inflated;
  }

  function draw(el) {
    flames().then(function (all) {
      var data = all.graphs[Number(el.getAttribute('data-flame'))];
      (function named(n) { n.n = all.names[n.n]; (n.c || []).forEach(named); })(data.root);
      drawData(el, data);
    }).catch(function (e) {
      el.textContent = 'this graph cannot be drawn here: ' + e;
      console.error('wsbench flame graph: ' + e);
    });
  }

  function drawData(el, data) {
    var root = data.root;
    var all = prepare(root, null, 0, []);
    var depth = all.reduce(function (m, n) { return Math.max(m, n.depth); }, 0);
    var span = maxAbsDelta(all);
    var differential = root.d !== undefined;
    var focus = root;
    var search = '';

    var bar = document.createElement('div');
    bar.className = 'flame-bar';
    var input = document.createElement('input');
    input.type = 'search';
    input.placeholder = 'search frames';
    var said = document.createElement('span');
    var reset = document.createElement('button');
    reset.textContent = 'whole graph';
    bar.appendChild(input);
    bar.appendChild(reset);
    bar.appendChild(said);
    var canvas = document.createElement('div');
    canvas.style.height = ((depth + 1) * ROW + 8) + 'px';
    el.appendChild(bar);
    el.appendChild(canvas);
    var chart = echarts.init(canvas, null, { renderer: 'canvas' });

    function tell() {
      var parts = [data.title + ': ' + number(root.v) + ' ' + data.unit];
      if (focus !== root) {
        parts.push('zoomed into ' + focus.n + ' (' + number(100 * focus.v / root.v) + '% of the whole)');
      }
      if (search) {
        parts.push('"' + search + '" holds ' + number(100 * matched(root, search)) + '% of the whole');
      }
      said.textContent = ' ' + parts.join('; ');
    }

    function render() {
      var items = layout(root, focus);
      chart.setOption({
        animation: false,
        grid: { left: 0, right: 0, top: 0, bottom: 0 },
        xAxis: { type: 'value', min: 0, max: 1, show: false },
        yAxis: { type: 'value', min: 0, max: depth + 1, inverse: true, show: false },
        tooltip: {
          confine: true,
          formatter: function (p) {
            var n = p.data.value[3] === undefined ? null : items[p.dataIndex][3];
            if (!n) { return ''; }
            var s = '<b>' + escape(n.n) + '</b><br>' + number(n.v) + ' ' + escape(data.unit)
              + ', ' + number(100 * n.v / root.v) + '% of the whole';
            if (n.parent) { s += ', ' + number(100 * n.v / n.parent.v) + '% of its caller'; }
            if (n.d !== undefined) { s += '<br>change from A: ' + (n.d >= 0 ? '+' : '') + number(n.d) + ' ' + escape(data.unit); }
            return s;
          }
        },
        series: [{
          type: 'custom',
          renderItem: function (params, api) {
            var item = items[params.dataIndex];
            var from = api.coord([item[0], item[2]]);
            var to = api.coord([item[1], item[2] + 1]);
            var width = Math.max(0, to[0] - from[0] - 1);
            return {
              type: 'rect',
              shape: { x: from[0], y: from[1], width: width, height: to[1] - from[1] - 1 },
              style: { fill: colour(item[3], span, search, data.colours) },
              textContent: { style: { text: width > 30 ? item[3].n : '', fill: '#222', fontSize: 11, width: width - 6, overflow: 'truncate' } },
              textConfig: { position: 'insideLeft' }
            };
          },
          encode: { x: [0, 1], y: 2 },
          data: items.map(function (it, i) { return { value: [it[0], it[1], it[2], i] }; })
        }]
      }, true);
      tell();
    }

    chart.on('click', function (p) {
      var n = layout(root, focus)[p.dataIndex][3];
      focus = n === focus && n.parent ? n.parent : n;
      render();
    });
    input.addEventListener('input', function () { search = input.value.trim().toLowerCase(); render(); });
    reset.addEventListener('click', function () { focus = root; search = ''; input.value = ''; render(); });
    window.addEventListener('resize', function () { chart.resize(); });
    render();
    el.setAttribute('data-drawn', differential ? 'differential' : 'flame');
    document.dispatchEvent(new CustomEvent('wsbench-flame-drawn', { detail: el }));
  }

  function drawWhenSeen(el) {
    var closed = el.closest('details:not([open])');
    if (!closed) {
      draw(el);
      return;
    }
    closed.addEventListener('toggle', function once() {
      if (closed.open) {
        closed.removeEventListener('toggle', once);
        drawWhenSeen(el);
      }
    });
  }

  document.querySelectorAll('.flame[data-flame]').forEach(drawWhenSeen);
  // inflated once the page is shown (its first charts drawn), so that a graph opened later draws at once
  window.addEventListener('load', function () { setTimeout(flames, 0); });
})();
