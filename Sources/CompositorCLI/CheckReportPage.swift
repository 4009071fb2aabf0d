// CompositorCLI: index.html of a `compositor check` report — a static page
// that opens from disk with no server. The table is plain HTML (one <tr> per
// run, readable without JavaScript); a little script sorts it by any column,
// filters it by status and name, and opens a zoom view: the GPU render, the
// CPU render and the diff side by side at whole-pixel magnification
// (image-rendering: pixelated), with a shared crosshair and a readout of both
// pixel values. The readout reads pixels from the row's -pixels.js (the
// renders as data URLs), because a page opened from file:// may not read the
// pixels of image files next to it.

import Compare
import Foundation

enum CheckReportPage {
    static func html(_ summary: CheckSummary) -> String {
        let c = summary.counts
        var rows = ""
        for r in summary.rows { rows += row(r) }
        let title = "compositor check — \(escape(summary.source))"
        let shardText = summary.shards.count == 1 && summary.shards[0].count > 1
            ? " · shard \(summary.shards[0])" : (summary.shards.count > 1 ? " · merged from \(summary.shards.count) shards" : "")
        return """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <title>\(title)</title>
        <style>\(css)</style></head>
        <body>
        <header>
        <h1>\(title)</h1>
        <p class="counts" id="counts"><b class="\(c.failed ? "fail" : "pass")">\(c.failed ? "FAIL" : "PASS")</b>
         \(c.total) runs: <span class="pass">\(c.pass) pass</span>, <span class="fail">\(c.fail) fail</span>,
         <span class="error">\(c.error) error</span>\(escape(shardText))</p>
        <div class="controls">
         <label><input type="checkbox" class="status-filter" value="fail" checked> fail</label>
         <label><input type="checkbox" class="status-filter" value="error" checked> error</label>
         <label><input type="checkbox" class="status-filter" value="pass" checked> pass</label>
         <input type="search" id="name-filter" placeholder="filter by scene name">
         <span id="shown"></span>
         <span class="legend">diff: <i style="background:#404040"></i>same
          <i style="background:\(hex(ImageDifference.smallDifferenceColor))"></i>1–2
          <i style="background:\(hex(ImageDifference.mediumDifferenceColor))"></i>3–8
          <i style="background:\(hex(ImageDifference.largeDifferenceColor))"></i>9+ (largest channel difference, 0–255)</span>
        </div>
        <p class="hint">Click a column heading to sort, a row's images to zoom (pixel scale, crosshair, both pixel values).
         Tolerance: max channel difference and share of pixels over 2/255.</p>
        </header>
        <table id="runs">
        <thead><tr>
         <th data-key="index" data-type="num">#</th>
         <th data-key="scene">scene</th>
         <th data-key="status">status</th>
         <th>GPU</th><th>CPU</th><th>diff</th>
         <th data-key="max" data-type="num">max diff</th>
         <th data-key="over0" data-type="num">px &gt; 0</th>
         <th data-key="over2" data-type="num">px &gt; 2</th>
         <th data-key="over8" data-type="num">px &gt; 8</th>
         <th data-key="psnr" data-type="num">PSNR dB</th>
         <th>tolerance</th>
         <th data-key="gpums" data-type="num">GPU ms</th>
         <th data-key="cpums" data-type="num">CPU ms</th>
        </tr></thead>
        <tbody>
        \(rows)</tbody></table>
        <div id="zoom" hidden>
         <div class="zoombar">
          <b id="zoom-title"></b>
          <button data-zoom="-1" title="zoom out (-)">−</button><span id="zoom-factor"></span><button data-zoom="1" title="zoom in (+)">+</button>
          <button id="next-diff" title="next differing pixel (n)">next diff</button>
          <span id="readout">move over the images; arrow keys step a pixel</span>
          <button id="zoom-close" title="close (Esc)">✕</button>
         </div>
         <div class="panes">
          <figure><figcaption>GPU</figcaption><div class="pane" data-pane="gpu"><img alt="GPU"><div class="ch h"></div><div class="ch v"></div></div></figure>
          <figure><figcaption>CPU</figcaption><div class="pane" data-pane="cpu"><img alt="CPU"><div class="ch h"></div><div class="ch v"></div></div></figure>
          <figure><figcaption>diff</figcaption><div class="pane" data-pane="diff"><img alt="diff"><div class="ch h"></div><div class="ch v"></div></div></figure>
         </div>
        </div>
        <script>\(script)</script>
        </body></html>

        """
    }

    static func row(_ r: CheckRow) -> String {
        let d = r.difference
        let label = r.scene + (r.scale.map { " @\(CheckJob.compact($0))x" } ?? "") + (r.time.map { " t=\(CheckJob.compact($0))" } ?? "")
        func num(_ v: Int?) -> String { v.map(String.init) ?? "" }
        let psnr = d.map { $0.psnr.isInfinite ? "inf" : String(format: "%.2f", $0.psnr) } ?? ""
        let psnrKey = d.map { $0.psnr.isInfinite ? "1e9" : String(format: "%.4f", $0.psnr) } ?? "-1"
        let gpuMs = r.timings?.gpuMilliseconds.map { String(format: "%.1f", $0) } ?? ""
        let cpuMs = r.timings?.cpuMilliseconds.map { String(format: "%.1f", $0) } ?? ""
        var attributes = "data-index=\"\(r.index)\" data-id=\"\(escape(r.id))\" data-scene=\"\(escape(label))\" data-status=\"\(r.status)\""
        attributes += " data-max=\"\(d?.maxChannelDifference.max ?? -1)\" data-over0=\"\(d?.pixelsOver(0) ?? -1)\""
        attributes += " data-over2=\"\(d?.pixelsOver(2) ?? -1)\" data-over8=\"\(d?.pixelsOver(8) ?? -1)\" data-psnr=\"\(psnrKey)\""
        attributes += " data-gpums=\"\(gpuMs.isEmpty ? "-1" : gpuMs)\" data-cpums=\"\(cpuMs.isEmpty ? "-1" : cpuMs)\""
        var cells = ""
        if let im = r.images, let w = r.width, let h = r.height {
            attributes += " data-w=\"\(w)\" data-h=\"\(h)\" data-gpu=\"\(escape(im.gpu))\" data-cpu=\"\(escape(im.cpu))\""
            attributes += " data-diff=\"\(escape(im.diff))\" data-pixels=\"\(escape(im.pixels))\""
            for (src, alt) in [(im.gpu, "GPU"), (im.cpu, "CPU"), (im.diffView, "diff")] {
                cells += "<td class=\"thumb\"><img src=\"\(escape(src))\" alt=\"\(alt)\" loading=\"lazy\"></td>"
            }
        } else {
            cells += "<td colspan=\"3\" class=\"message\">\(escape(r.error ?? "no image"))</td>"
        }
        let over = { (t: Int) -> String in
            guard let d else { return "" }
            return "\(d.pixelsOver(t)) <small>(\(String(format: "%.3f%%", d.shareOver(t) * 100)))</small>"
        }
        return "<tr \(attributes)><td>\(r.index)</td><td class=\"scene\">\(escape(label))"
            + (r.width.map { "<small>\($0)×\(r.height ?? 0)</small>" } ?? "") + "</td>"
            + "<td><span class=\"badge \(r.status)\">\(r.status)</span></td>\(cells)"
            + "<td>\(num(d?.maxChannelDifference.max))</td><td>\(over(0))</td><td>\(over(2))</td><td>\(over(8))</td>"
            + "<td>\(psnr)</td><td><small>\(escape(r.tolerance.description))</small></td>"
            + "<td>\(gpuMs)</td><td>\(cpuMs)</td></tr>\n"
    }

    static func escape(_ s: String) -> String {
        var out = ""
        for ch in s {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(ch)
            }
        }
        return out
    }

    static func hex(_ c: (UInt8, UInt8, UInt8)) -> String { String(format: "#%02x%02x%02x", c.0, c.1, c.2) }

    static let css = """
    body { font: 13px/1.4 system-ui, sans-serif; margin: 0 16px 16px; color: #1d1d1f; background: #fafafa; }
    header { position: sticky; top: 0; background: #fafafa; padding: 8px 0; z-index: 1; border-bottom: 1px solid #ddd; }
    h1 { font-size: 17px; margin: 4px 0; }
    .counts b, .badge { padding: 1px 6px; border-radius: 4px; color: #fff; }
    .pass { color: #1a7f37; } .fail { color: #c62828; } .error { color: #8e24aa; }
    b.pass, .badge.pass { background: #1a7f37; color: #fff; } b.fail, .badge.fail { background: #c62828; color: #fff; }
    .badge.error { background: #8e24aa; color: #fff; }
    .controls { display: flex; gap: 12px; align-items: center; flex-wrap: wrap; }
    .legend i { display: inline-block; width: 10px; height: 10px; margin: 0 2px 0 8px; border: 1px solid #888; }
    .hint { color: #666; margin: 4px 0 0; }
    table { border-collapse: collapse; margin-top: 8px; }
    th, td { border-bottom: 1px solid #e3e3e3; padding: 4px 8px; text-align: right; vertical-align: middle; }
    th { cursor: pointer; user-select: none; background: #f0f0f0; position: sticky; top: 0; }
    th.asc::after { content: " ▲"; } th.desc::after { content: " ▼"; }
    th[data-key=scene], td.scene, td.message { text-align: left; max-width: 360px; word-break: break-all; }
    td.scene small { display: block; color: #888; }
    td.message { color: #8e24aa; }
    td.thumb img { max-width: 120px; max-height: 90px; image-rendering: pixelated; cursor: zoom-in;
      background: repeating-conic-gradient(#ccc 0 25%, #fff 0 50%) 0 0 / 12px 12px; display: block; }
    tr[hidden] { display: none; }
    #zoom { position: fixed; inset: 0; background: #181818; color: #eee; z-index: 10; display: flex; flex-direction: column; }
    #zoom[hidden] { display: none; }
    .zoombar { display: flex; gap: 10px; align-items: center; padding: 8px 12px; border-bottom: 1px solid #444; }
    .zoombar button { background: #333; color: #eee; border: 1px solid #555; border-radius: 4px; padding: 2px 8px; cursor: pointer; }
    #zoom-close { margin-left: auto; }
    #readout { font-family: ui-monospace, monospace; white-space: pre; }
    .panes { display: flex; gap: 8px; flex: 1; min-height: 0; padding: 8px; }
    .panes figure { margin: 0; flex: 1; display: flex; flex-direction: column; min-width: 0; }
    .pane { position: relative; overflow: auto; flex: 1; cursor: crosshair; border: 1px solid #444;
      background: repeating-conic-gradient(#777 0 25%, #999 0 50%) 0 0 / 16px 16px; }
    .pane img { display: block; image-rendering: pixelated; max-width: none; }
    .ch { position: absolute; pointer-events: none; outline: 1px solid #0ff; }
    .ch.h { left: 0; } .ch.v { top: 0; }
    """

    static let script = """
    (function () {
      const tbody = document.querySelector('#runs tbody');
      const rows = Array.from(tbody.rows);
      const shown = document.getElementById('shown');
      function applyFilter() {
        const statuses = new Set(Array.from(document.querySelectorAll('.status-filter:checked')).map(e => e.value));
        const text = document.getElementById('name-filter').value.toLowerCase();
        let n = 0;
        for (const r of rows) {
          const ok = statuses.has(r.dataset.status) && r.dataset.scene.toLowerCase().includes(text);
          r.hidden = !ok;
          if (ok) n++;
        }
        shown.textContent = n + ' of ' + rows.length + ' shown';
      }
      document.querySelectorAll('.status-filter').forEach(e => e.addEventListener('change', applyFilter));
      document.getElementById('name-filter').addEventListener('input', applyFilter);
      const order = { error: 0, fail: 1, pass: 2 };
      document.querySelectorAll('th[data-key]').forEach(th => th.addEventListener('click', () => {
        const key = th.dataset.key, numeric = th.dataset.type === 'num';
        const dir = th.classList.contains('asc') ? -1 : 1;
        document.querySelectorAll('th').forEach(h => h.classList.remove('asc', 'desc'));
        th.classList.add(dir === 1 ? 'asc' : 'desc');
        const value = r => key === 'status' ? order[r.dataset.status] : numeric ? parseFloat(r.dataset[key]) : r.dataset[key];
        rows.sort((a, b) => {
          const x = value(a), y = value(b);
          return (x < y ? -1 : x > y ? 1 : (+a.dataset.index) - (+b.dataset.index)) * dir;
        });
        rows.forEach(r => tbody.appendChild(r));
      }));
      applyFilter();

      // Zoom view.
      const zoom = document.getElementById('zoom');
      const panes = Array.from(zoom.querySelectorAll('.pane'));
      const readout = document.getElementById('readout');
      let current = null, factor = 8, px = 0, py = 0, pixels = null;
      window.CHECK_PIXELS = window.CHECK_PIXELS || {};
      function loadPixels(row) {
        pixels = null;
        const use = entry => {
          const out = {};
          let pending = 2;
          for (const side of ['gpu', 'cpu']) {
            const img = new Image();
            img.onload = () => {
              const c = document.createElement('canvas');
              c.width = img.naturalWidth; c.height = img.naturalHeight;
              const g = c.getContext('2d');
              g.drawImage(img, 0, 0);
              try { out[side] = g.getImageData(0, 0, c.width, c.height); } catch (e) { out[side] = null; }
              if (--pending === 0 && current === row) { pixels = out; nextDifference(true); update(); }
            };
            img.src = entry[side];
          }
        };
        if (window.CHECK_PIXELS[row.dataset.id]) { use(window.CHECK_PIXELS[row.dataset.id]); return; }
        const s = document.createElement('script');
        s.src = row.dataset.pixels;
        s.onload = () => { if (window.CHECK_PIXELS[row.dataset.id]) use(window.CHECK_PIXELS[row.dataset.id]); };
        document.body.appendChild(s);
      }
      function open(row) {
        current = row;
        const w = +row.dataset.w, h = +row.dataset.h;
        factor = Math.max(1, Math.min(32, Math.floor(Math.min(400 / w, 400 / h)) || 1));
        px = Math.floor(w / 2); py = Math.floor(h / 2);
        for (const p of panes) p.querySelector('img').src = row.dataset[p.dataset.pane];
        document.getElementById('zoom-title').textContent = row.dataset.scene + ' (' + w + '×' + h + ', ' + row.dataset.status + ')';
        zoom.hidden = false;
        loadPixels(row);
        update();
      }
      function close() { zoom.hidden = true; current = null; }
      function rgba(d, i) { return d ? '(' + Array.from(d.data.slice(i, i + 4)).map(v => String(v).padStart(3)).join(',') + ')' : '(n/a)'; }
      function update() {
        if (!current) return;
        const w = +current.dataset.w, h = +current.dataset.h;
        document.getElementById('zoom-factor').textContent = ' ' + factor + '× ';
        for (const p of panes) {
          const img = p.querySelector('img');
          img.style.width = (w * factor) + 'px'; img.style.height = (h * factor) + 'px';
          const hl = p.querySelector('.ch.h'), vl = p.querySelector('.ch.v');
          hl.style.top = (py * factor) + 'px'; hl.style.height = factor + 'px'; hl.style.width = (w * factor) + 'px';
          vl.style.left = (px * factor) + 'px'; vl.style.width = factor + 'px'; vl.style.height = (h * factor) + 'px';
        }
        let text = 'x ' + px + '  y ' + py;
        if (pixels) {
          const i = (py * w + px) * 4;
          text += '   GPU ' + rgba(pixels.gpu, i) + '   CPU ' + rgba(pixels.cpu, i);
          if (pixels.gpu && pixels.cpu) {
            let m = 0;
            for (let c = 0; c < 4; c++) m = Math.max(m, Math.abs(pixels.gpu.data[i + c] - pixels.cpu.data[i + c]));
            text += '   Δmax ' + m;
          }
          text += '   (RGBA, straight alpha, as stored in the PNGs)';
        } else {
          text += '   (loading pixel values…)';
        }
        readout.textContent = text;
      }
      panes.forEach(p => {
        p.addEventListener('mousemove', e => {
          const r = p.querySelector('img').getBoundingClientRect();
          const x = Math.floor((e.clientX - r.left) / factor), y = Math.floor((e.clientY - r.top) / factor);
          if (x >= 0 && y >= 0 && x < +current.dataset.w && y < +current.dataset.h) { px = x; py = y; update(); }
        });
        p.addEventListener('scroll', () => panes.forEach(q => { if (q !== p) { q.scrollLeft = p.scrollLeft; q.scrollTop = p.scrollTop; } }));
      });
      // Moves the crosshair to the next pixel (row-major after the current one)
      // where the renders differ; `largest` picks the largest difference instead.
      function nextDifference(largest) {
        if (!pixels || !pixels.gpu || !pixels.cpu || !current) return;
        const w = +current.dataset.w, h = +current.dataset.h, g = pixels.gpu.data, c = pixels.cpu.data;
        const diffAt = i => Math.max(Math.abs(g[i] - c[i]), Math.abs(g[i + 1] - c[i + 1]), Math.abs(g[i + 2] - c[i + 2]), Math.abs(g[i + 3] - c[i + 3]));
        let best = -1, bestValue = 0;
        const start = largest ? 0 : py * w + px + 1;
        for (let k = 0; k < w * h; k++) {
          const p = (start + k) % (w * h), d = diffAt(p * 4);
          if (d > bestValue) { best = p; bestValue = d; if (!largest) break; }
        }
        if (best < 0) return;
        px = best % w; py = Math.floor(best / w);
        if (largest) factor = Math.max(factor, 8);
        update();
        for (const p of panes) {
          p.scrollLeft = px * factor - p.clientWidth / 2; p.scrollTop = py * factor - p.clientHeight / 2;
        }
      }
      document.getElementById('next-diff').addEventListener('click', () => nextDifference(false));
      function setFactor(f) { factor = Math.max(1, Math.min(64, f)); update(); }
      zoom.querySelectorAll('[data-zoom]').forEach(b => b.addEventListener('click', () =>
        setFactor(+b.dataset.zoom > 0 ? factor * 2 : Math.floor(factor / 2))));
      document.getElementById('zoom-close').addEventListener('click', close);
      document.addEventListener('keydown', e => {
        if (!current) return;
        const w = +current.dataset.w, h = +current.dataset.h;
        if (e.key === 'Escape') close();
        else if (e.key === '+' || e.key === '=') setFactor(factor * 2);
        else if (e.key === '-') setFactor(Math.floor(factor / 2));
        else if (e.key === 'n') nextDifference(false);
        else if (e.key === 'ArrowLeft') { px = Math.max(0, px - 1); update(); }
        else if (e.key === 'ArrowRight') { px = Math.min(w - 1, px + 1); update(); }
        else if (e.key === 'ArrowUp') { py = Math.max(0, py - 1); update(); }
        else if (e.key === 'ArrowDown') { py = Math.min(h - 1, py + 1); update(); }
        else return;
        e.preventDefault();
      });
      tbody.addEventListener('click', e => {
        const row = e.target.closest('tr');
        if (row && row.dataset.w && e.target.tagName === 'IMG') open(row);
      });
      // #zoom=ID in the address clicks that row's first image (for links, screenshots
      // and the headless-browser test, which so goes through the click handler).
      const m = /zoom=([^&]+)/.exec(location.hash);
      if (m) {
        const r = rows.find(r => r.dataset.id === decodeURIComponent(m[1]));
        const img = r && r.querySelector('td.thumb img');
        if (img) img.click();
      }
    })();
    """
}
