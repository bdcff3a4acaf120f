// `npm run lighthouse`: Lighthouse (mobile, simulated throttling) on the public pages, in English and Chinese.
//
//   npm run lighthouse                         starts the product itself (demo data, production mode)
//   npm run lighthouse -- --url http://127.0.0.1:3000   measures a server that is already running
//   npm run lighthouse -- --no-fail            always exits 0 (report only)
//   npm run lighthouse -- --port 4101          the port for the server it starts (default: 4101, else a free one)
//   npm run lighthouse -- --runs 1             runs per page (default 3; the median run is reported)
//   npm run lighthouse -- --page guide --lang en   only these pages (home, search, guide) and languages
//
// Pages: /, /search?city=kyoto and the profile of the first listed guide, each with ?lang=en and ?lang=zh-CN,
// each measured --runs times; the run with the median performance score is the one reported.
// Targets: performance ≥ 95, accessibility 100, best practices ≥ 95, SEO 100. Prints a Markdown
// table and, for every category below its target, the audits that lost points (weighted ones first). Exits 1
// when a page misses a target, unless --no-fail. The JSON reports go to test-results/lighthouse/.
// Uses the system Chromium (CHROME_PATH, else /usr/bin/chromium); never downloads a browser.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { TEST_OPERATOR_ENV } from './test-operator.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'test-results/lighthouse');

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    port: { type: 'string' },
    runs: { type: 'string', default: '3' },
    page: { type: 'string', multiple: true },
    lang: { type: 'string', multiple: true },
    'no-fail': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log(
    'Usage: npm run lighthouse -- [--url BASE] [--port N] [--runs N] [--page home|search|guide]… [--lang en|zh-CN]… [--no-fail]',
  );
  process.exit(0);
}

const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
if (!existsSync(chromePath)) {
  console.error(`No Chromium at ${chromePath}: install it (apt-get install -y chromium) or set CHROME_PATH.`);
  process.exit(1);
}

const CATEGORIES = [
  { id: 'performance', label: 'performance', target: 95 },
  { id: 'accessibility', label: 'accessibility', target: 100 },
  { id: 'best-practices', label: 'best practices', target: 95 },
  { id: 'seo', label: 'SEO', target: 100 },
];
const LANGUAGES = ['en', 'zh-CN'].filter((l) => !args.lang || args.lang.includes(l));
const PAGE_KEYS = ['home', 'search', 'guide'];
const unknown = [
  ...(args.page ?? []).filter((p) => !PAGE_KEYS.includes(p)),
  ...(args.lang ?? []).filter((l) => !['en', 'zh-CN'].includes(l)),
];
if (unknown.length) {
  console.error(
    `Unknown --page or --lang: ${unknown.join(', ')} (pages: ${PAGE_KEYS.join(', ')}; languages: en, zh-CN)`,
  );
  process.exit(1);
}
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('--runs: a whole number of runs per page, 1 or more');
  process.exit(1);
}

mkdirSync(outDir, { recursive: true });
const log = (line) => process.stderr.write(`${line}\n`);

let server = null;
let chrome = null;
let status = 1;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    log(`${signal}: stopping…`);
    void Promise.allSettled([chrome?.kill(), server && stopServer(server)]).finally(() => process.exit(130));
  });
}
try {
  const base = args.url ? args.url.replace(/\/$/, '') : await startServer();
  status = await measure(base);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  status = 1;
} finally {
  if (server) await stopServer(server);
}
process.exit(status);

async function measure(base) {
  const guideId = await firstGuideId(base);
  const pages = [
    { key: 'home', name: '/', path: '/' },
    { key: 'search', name: '/search?city=kyoto', path: '/search?city=kyoto' },
    { key: 'guide', name: '/guides/{id}', path: `/guides/${guideId}` },
  ].filter((p) => !args.page || args.page.includes(p.key));
  const rows = [];
  for (const page of pages) {
    for (const lang of LANGUAGES) {
      const url = `${base}${page.path}${page.path.includes('?') ? '&' : '?'}lang=${lang}`;
      const started = Date.now();
      log(`Lighthouse: ${url} …`);
      // Simulated throttling scales the main-thread time this machine happens to take, so one run
      // varies by ±100 ms of blocking time; Lighthouse's guidance is the median of several runs.
      const results = [];
      for (let i = 0; i < runs; i++) results.push(await runOnce(url));
      const performance = (r) => r.lhr.categories.performance?.score ?? -1;
      const median = results.sort((a, b) => performance(a) - performance(b))[Math.floor(results.length / 2)];
      writeFileSync(path.join(outDir, `${slug(page.path)}.${lang}.json`), median.report);
      const lhr = median.lhr;
      if (runs > 1)
        log(
          `  performance per run: ${results.map((r) => Math.round(performance(r) * 100)).join(', ')} → median ${Math.round(performance(median) * 100)}`,
        );
      log(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      rows.push({ page: page.name === '/guides/{id}' ? `/guides/${guideId}` : page.name, lang, lhr });
    }
  }
  return report(rows);
}

/**
 * One measurement: a trace Chromium failed to record (NO_NAVSTART, say) measures nothing, and
 * Lighthouse itself says to run it again, so one more run is made.
 */
async function runOnce(url) {
  const result = await runLighthouse(url);
  if (!result.lhr.runtimeError) return result;
  log(`  Lighthouse error ${result.lhr.runtimeError.code}; running it again`);
  return runLighthouse(url);
}

/** One Lighthouse run in a fresh Chromium (its own profile: no cookie or cache from the previous page). */
async function runLighthouse(url) {
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    logLevel: 'silent',
    handleSIGINT: false, // ours stops the server too
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES.map((c) => c.id),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return { lhr: result.lhr, report: result.report };
  } finally {
    await chrome.kill();
    chrome = null;
  }
}

/** Prints the table and the audits below target; returns the exit status. */
function report(rows) {
  const score = (lhr, id) => {
    const s = lhr.categories[id]?.score;
    return typeof s === 'number' ? Math.round(s * 100) : null;
  };
  const metric = (lhr, id) => lhr.audits[id]?.displayValue ?? '–';
  const out = [];
  const first = rows[0]?.lhr;
  if (first) {
    const chrome = /(?:Headless)?Chrome\/([\d.]+)/.exec(first.environment?.hostUserAgent ?? '')?.[1] ?? '?';
    out.push(
      `Lighthouse ${first.lighthouseVersion}, mobile (simulated throttling), median of ${runs} run${runs === 1 ? '' : 's'} per page, Chromium ${chrome}, ${new Date(first.fetchTime).toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    );
    out.push('');
  }
  out.push('| page | language | performance | accessibility | best practices | SEO | LCP | TBT | CLS |');
  out.push('|---|---|---|---|---|---|---|---|---|');
  const misses = [];
  for (const { page, lang, lhr } of rows) {
    const cells = CATEGORIES.map((c) => {
      const s = score(lhr, c.id);
      const below = s === null || s < c.target;
      if (below) misses.push({ page, lang, category: c, score: s, lhr });
      return s === null ? '**error**' : below ? `**${s}**` : String(s);
    });
    out.push(
      `| ${page} | ${lang} | ${cells.join(' | ')} | ${metric(lhr, 'largest-contentful-paint')} | ${metric(lhr, 'total-blocking-time')} | ${metric(lhr, 'cumulative-layout-shift')} |`,
    );
  }
  out.push('');
  out.push('Targets: performance ≥ 95, accessibility 100, best practices ≥ 95, SEO 100 (bold: below target).');
  if (misses.length) {
    out.push('');
    out.push('## Below target');
    for (const m of misses) {
      out.push('');
      out.push(`### ${m.page} (${m.lang}): ${m.category.label} ${m.score ?? 'error'} (target ${m.category.target})`);
      if (m.lhr.runtimeError) out.push(`- Lighthouse error: ${m.lhr.runtimeError.code}: ${m.lhr.runtimeError.message}`);
      for (const a of failingAudits(m.lhr, m.category.id)) {
        const value = a.displayValue ? ` (${a.displayValue})` : '';
        out.push(`- ${a.weight > 0 ? `[weight ${a.weight}] ` : ''}${a.title}${value}`);
      }
    }
  }
  out.push('');
  out.push(`JSON reports: ${path.relative(root, outDir)}/`);
  console.log(out.join('\n'));
  if (misses.length && !args['no-fail']) {
    log(`${misses.length} score(s) below target.`);
    return 1;
  }
  return 0;
}

/**
 * The category's audits scoring below 1, weighted ones first (heaviest first), then the rest in report
 * order. Audits of the report's `hidden` group (Lighthouse 12's insight duplicates of the diagnostics,
 * TTI, max FID) are left out, as the HTML report leaves them out.
 */
function failingAudits(lhr, categoryId) {
  const refs = lhr.categories[categoryId]?.auditRefs ?? [];
  return refs
    .map((ref, index) => ({ ref, index, audit: lhr.audits[ref.id] }))
    .filter(({ ref }) => ref.group !== 'hidden')
    .filter(
      ({ audit }) =>
        audit &&
        typeof audit.score === 'number' &&
        audit.score < 1 &&
        !['notApplicable', 'informative', 'manual'].includes(audit.scoreDisplayMode),
    )
    .sort((a, b) => b.ref.weight - a.ref.weight || a.index - b.index)
    .map(({ ref, audit }) => ({ title: audit.title, weight: ref.weight, displayValue: audit.displayValue }));
}

/** The id of a listed demo guide (GET /api/v2/guides?limit=1). */
async function firstGuideId(base) {
  const res = await fetch(`${base}/api/v2/guides?limit=1`).catch((err) => {
    throw new Error(`Cannot reach ${base} (${err.cause?.code ?? err.message}): is the server running?`);
  });
  if (!res.ok) throw new Error(`GET ${base}/api/v2/guides?limit=1 answered ${res.status}`);
  const body = await res.json();
  const id = body?.data?.[0]?.id;
  if (!Number.isInteger(id)) throw new Error(`No listed guide at ${base} (does the database have the demo data?)`);
  return id;
}

function slug(p) {
  return p.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
}

/** `from` when it is free, else the next free port after it. */
async function freePort(from) {
  for (let port = from; port < from + 100; port += 1) {
    const free = await new Promise((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen({ port, host: '127.0.0.1' }, () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`No free port in ${from}–${from + 99}`);
}

/**
 * Starts the product the way a user does (`node scripts/start.mjs`: builds the web app when stale, then
 * serves it) in production mode with the demo data in a fresh data folder, in its own process group.
 */
async function startServer() {
  const port = args.port ? Number(args.port) : await freePort(4101);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = path.join(outDir, 'data');
  rmSync(dataDir, { recursive: true, force: true });
  const logFile = path.join(outDir, 'server.log');
  const logStream = createWriteStream(logFile);
  log(
    `Starting the product on ${base} (NODE_ENV=production, SEED=demo, DATA_DIR=${path.relative(root, dataDir)}; log: ${path.relative(root, logFile)})…`,
  );
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    // detached: its own session and process group (setsid), so stopping it stops everything it started.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SEED: 'demo',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: base,
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('base64url'),
      ...TEST_OPERATOR_ENV,
      LOG_LEVEL: 'warn',
    },
  });
  child.stdout.pipe(logStream);
  child.stderr.pipe(logStream);
  let exited = null;
  child.on('exit', (code, signal) => {
    exited = signal ?? code;
  });
  server = { child, logStream };
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (exited !== null)
      throw new Error(`The server exited (${exited}) before answering; see ${path.relative(root, logFile)}`);
    try {
      const res = await fetch(`${base}/readyz`);
      if (res.ok) {
        log('  server ready');
        return base;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`The server did not answer ${base}/readyz within 5 minutes; see ${path.relative(root, logFile)}`);
}

/** SIGTERM to the server's process group, then SIGKILL if it is still there after 10 s. */
async function stopServer({ child, logStream }) {
  const group = -child.pid;
  const gone = new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', resolve);
  });
  try {
    process.kill(group, 'SIGTERM');
  } catch {
    // already gone
  }
  const timer = setTimeout(() => {
    try {
      process.kill(group, 'SIGKILL');
    } catch {
      // already gone
    }
  }, 10_000);
  await gone;
  clearTimeout(timer);
  logStream.end();
}
