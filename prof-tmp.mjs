import { chromium } from 'playwright-core';
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
const root = '/tmp/prof-app';
const types = { '.js': 'text/javascript', '.html': 'text/html', '.css': 'text/css', '.svg': 'image/svg+xml', '.wasm': 'application/wasm', '.json': 'application/json' };
const srv = http.createServer((q, r) => { let f = path.join(root, decodeURIComponent(q.url.split('?')[0])); if (!fs.existsSync(f) || fs.statSync(f).isDirectory()) f = path.join(root, 'index.html'); r.setHeader('content-type', types[path.extname(f)] ?? 'application/octet-stream'); r.end(fs.readFileSync(f)); }).listen(18778);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--no-first-run'] });
const p = await b.newPage({ viewport: { width: 1280, height: 720 } });
const url = 'http://127.0.0.1:18778/';
await p.goto(url + '#/?seed=e2e-bots-1');
await p.locator('#start').waitFor();
await p.selectOption('#player-count', '4');
await p.click('#start');
await p.locator('main.game').waitFor();
await p.goto(url + '#/local?pace=0&board=flat');
await p.locator('main.game').waitFor();
const cdp = await p.context().newCDPSession(p);
await cdp.send('Profiler.enable');
const t0 = Date.now();
const PROFILE_AT = Number(process.argv[2] ?? 2000);
let started = 0, seq = 0, lastLog = 0;
while (Date.now() - t0 < 400000) {
  seq = await p.evaluate(() => {
    const li = document.querySelector('.board-list li.legal');
    const k = li?.getAttribute('data-hex');
    const by = (id) => { const e = document.getElementById(id); return e && !e.disabled ? e : null; };
    if (by('confirm')) by('confirm').click();
    else if (k) document.querySelector(`svg.hex-map [data-hex="${k}"]`)?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    else for (const id of ['autoplay', 'draw', 'face-up', 'done', 'set-aside']) { const e = by(id); if (e) { e.click(); break; } }
    return document.querySelectorAll('#log li').length;
  });
  if (Date.now() - lastLog > 10000) { lastLog = Date.now(); console.log(((Date.now() - t0) / 1000).toFixed(0), 's, log lines', seq, await p.locator('#prompt').textContent()); }
  if (!started && seq >= PROFILE_AT) { await cdp.send('Profiler.start'); started = Date.now(); }
  if (started && Date.now() - started > 15000) break;
  await new Promise((r) => setTimeout(r, 20));
}
if (started) {
const { profile } = await cdp.send('Profiler.stop');
const self = new Map(); const byId = new Map(profile.nodes.map((nd) => [nd.id, nd]));
const parent = new Map(); for (const nd of profile.nodes) for (const c of nd.children ?? []) parent.set(c, nd.id);
const dt = profile.timeDeltas; let total = 0;
const incl = new Map();
profile.samples.forEach((id, i) => { const nd = byId.get(id); const k = `${nd.callFrame.functionName || '(anon)'} ${nd.callFrame.url.split('/').pop()}:${nd.callFrame.lineNumber}:${nd.callFrame.columnNumber}`; self.set(k, (self.get(k) ?? 0) + (dt[i] ?? 0)); total += dt[i] ?? 0;
  const seen = new Set(); let cur = id; while (cur !== undefined) { const n2 = byId.get(cur); const k2 = `${n2.callFrame.functionName || '(anon)'} ${n2.callFrame.url.split('/').pop()}:${n2.callFrame.lineNumber}:${n2.callFrame.columnNumber}`; if (!seen.has(k2)) { seen.add(k2); incl.set(k2, (incl.get(k2) ?? 0) + (dt[i] ?? 0)); } cur = parent.get(cur); } });
console.log('total ms', (total / 1000).toFixed(0));
console.log('--- self'); for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log((v / 1000).toFixed(0).padStart(7), k);
console.log('--- inclusive'); for (const [k, v] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log((v / 1000).toFixed(0).padStart(7), k);
}
await b.close(); srv.close();
