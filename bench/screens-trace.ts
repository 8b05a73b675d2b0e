// Where a screen's time to usable goes in the browser: opens a screen of the `screens` bench's
// kept base (BENCH_KEEP_DB=1 `npm run bench -- screens` makes it) cold and warm in Chromium with
// a performance trace, and sums the renderer's main-thread work from the navigation to the ready
// marker: the HTML's arrival, script compile and evaluation (per file), React's work (tasks run
// by the page's scripts), style, layout and paint, and the time the thread waited.
//
//   npx tsx bench/screens-trace.ts [card|list|board|home] [rounds]
//
// WEB_DIST_DIR serves another build of the web app (to compare two builds side by side).
// TRACE_WORKER=block blocks the build's service worker (the warm visit from the HTTP cache alone);
// TRACE_WORKER=stopped stops it before the warm visit (as a later visit finds it).
// TRACE_DISK=1 runs each round in a new browser profile on disk; TRACE_RESTART=1 closes and
// reopens the browser on it before the warm visit; TRACE_WAIT_MS pauses before the warm visit;
// TRACE_SAVE=<dir> writes each visit's raw trace (decision 0114).
// TRACE_FILES=1 lists the files' compile and evaluation; TRACE_VISITS=3 adds a third visit; TRACE_PROFILE=1 takes a CPU profile
// instead and prints its self time per file (TRACE_TOP lines, 15); TRACE_PROFILE=modules the time
// under each file's top-level code, what it calls included: with a build of one file per module
// (Rolldown `preserveModules`, served through WEB_DIST_DIR), what each module costs to evaluate;
// TRACE_PROFILE=functions each function's self and total time (with a build that keeps the
// functions' names: `vite build --minify false`).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright';
import { apiRequest, BENCH_PASSWORD, startApiServer } from './support/api-server.ts';
import { workerSettled } from './support/asset-worker.ts';

const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
const applicants = Number(process.env.BENCH_SCREENS_APPLICANTS ?? 100_000);
const dataDir = path.join(os.tmpdir(), 'ats-bench-screens', `pglite-${applicants}`);
const metaPath = path.join(dataDir, 'bench-meta.json');

type Meta = { email: string; applicantId: number; vacancyId: number };
type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event, µs (what the load of other processes does not inflate). */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; fileName?: string } };
};

const READY_MARK = `
(() => {
  const mark = () => {
    if (window.__screenReadyMark || !document.querySelector('[data-screen][data-ready="true"]')) return;
    window.__screenReadyMark = performance.now();
    performance.mark('screen-ready');
  };
  new MutationObserver(mark).observe(document, { subtree: true, childList: true, attributes: true,
    attributeFilter: ['data-ready'] });
})();`;

/** Main-thread work of the page's renderer between the navigation and the ready mark. */
function summarize(events: TraceEvent[]) {
  const ready = events.find((e) => e.name === 'screen-ready');
  // The screen's own navigation started `startTime` ms before its marker (the mark's own
  // figure, since its page's time origin): a trace can begin with about:blank's navigation, and
  // a visit from the worker's cache may log its own without the page's URL.
  const markedAt = (ready?.args?.data as { startTime?: number } | undefined)?.startTime;
  const start =
    ready && markedAt !== undefined
      ? { ts: ready.ts - markedAt * 1000 }
      : events.find((e) => e.name === 'navigationStart' && e.cat.includes('blink'));
  if (!start || !ready) throw new Error('no navigation or ready mark in the trace');
  const main = events.find(
    (e) =>
      e.ph === 'M' &&
      e.name === 'thread_name' &&
      e.args?.name === 'CrRendererMain' &&
      e.pid === ready.pid,
  );
  if (!main) throw new Error('no renderer main thread');
  const on = events.filter(
    (e) =>
      e.pid === main.pid &&
      e.tid === main.tid &&
      e.ph === 'X' &&
      e.ts >= start.ts &&
      e.ts + (e.dur ?? 0) <= ready.ts,
  );
  const total = (name: string | RegExp) =>
    on
      .filter((e) => (typeof name === 'string' ? e.name === name : name.test(e.name)))
      .reduce((sum, e) => sum + (e.dur ?? 0), 0) / 1000;
  /** The same, in the thread's CPU time. */
  const cpuOf = (name: string) =>
    on.filter((e) => e.name === name).reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000;
  const busy = total('RunTask');
  const cpu = cpuOf('RunTask');
  // The task that drew the marker is not in `on` (it ends after the mark): when a screen is drawn
  // in one render, that task holds all of it, so builds are compared on the CPU through its end.
  const markerTask = events.find(
    (e) =>
      e.pid === main.pid &&
      e.tid === main.tid &&
      e.name === 'RunTask' &&
      e.ts <= ready.ts &&
      e.ts + (e.dur ?? 0) >= ready.ts,
  );
  const perFile = new Map<string, number>();
  for (const e of on) {
    if (!/^v8\.(compileModule|evaluateModule|compile)$|^EvaluateScript$/.test(e.name)) continue;
    const url = e.args?.data?.url ?? e.args?.data?.fileName ?? '?';
    const file = `${e.name} ${url.replace(/^.*\/assets\//, '')}`;
    perFile.set(file, (perFile.get(file) ?? 0) + (e.dur ?? 0) / 1000);
  }
  // V8's code cache in the renderer, before usable: how many scripts were compiled from it (their
  // compile event names the cache's size, `consumedCacheSize`; Chromium 150 streams a script in
  // the background whether it has a cache or not, so `streamed` no longer tells), how many
  // caches V8 rejected, how many scripts were parsed from source off the main thread
  // (`v8.parseOnBackground`: no cache) and how many caches were written.
  const cacheEvents = events.filter(
    (e) => e.pid === main.pid && e.ts >= start.ts && e.ts <= ready.ts && e.ph === 'X',
  );
  const compiles = cacheEvents
    .filter((e) => /^v8\.(compileModule|compile)$/.test(e.name))
    .map((e) => (e.args?.data ?? {}) as { consumedCacheSize?: number; cacheRejected?: boolean });
  const consumed = compiles.filter((d) => (d.consumedCacheSize ?? 0) > 0 && !d.cacheRejected);
  const rejected = compiles.filter((d) => d.cacheRejected).length;
  const parsedFromSource = cacheEvents.filter((e) => e.name === 'v8.parseOnBackground').length;
  const produced = cacheEvents.filter((e) => /^v8\.produce(Module)?Cache$/.test(e.name)).length;
  const nav = events.find((e) => e.name === 'ResourceReceiveResponse');
  if (process.env.TRACE_TIMELINE === '1') printTimeline(events, on, start.ts, ready.ts);
  if (process.env.TRACE_NETWORK === '1') printScripts(events, main, start.ts, ready.ts);
  return {
    usableMs: (ready.ts - start.ts) / 1000,
    firstResponseMs: nav ? (nav.ts - start.ts) / 1000 : null,
    busyMs: busy,
    cpuMs: cpu,
    cpuThroughMarkerTaskMs: cpu + (markerTask?.tdur ?? 0) / 1000,
    evaluateCpu: cpuOf('v8.evaluateModule'),
    functionCallCpu: cpuOf('FunctionCall'),
    idleMs: (ready.ts - start.ts) / 1000 - busy,
    parseHtml: total('ParseHTML'),
    compile: total(/^v8\.compile/),
    evaluateModule: total('v8.evaluateModule'),
    functionCall: total('FunctionCall'),
    timerFired: total('TimerFire'),
    styles: total('UpdateLayoutTree'),
    layout: total('Layout'),
    paint: total(/^(Paint|PrePaint|Layerize|Commit)$/),
    gc: total(/GC/),
    codeCacheUsed: consumed.length,
    codeCacheKb: consumed.reduce((sum, d) => sum + (d.consumedCacheSize ?? 0), 0) / 1024,
    codeCacheRejected: rejected,
    parsedFromSource,
    codeCacheWritten: produced,
    top: [...perFile.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12),
  };
}

/**
 * TRACE_TIMELINE=1: the main thread's tasks from the navigation to the ready mark, one a line
 * (start ms, wall ms, CPU ms, what ran in it), the gaps between them over 1 ms, and when each
 * file's last byte arrived: what the thread did and what it waited for.
 */
function printTimeline(
  all: TraceEvent[],
  mainEvents: TraceEvent[],
  startTs: number,
  readyTs: number,
) {
  let on = mainEvents;
  const at = (ts: number) => ((ts - startTs) / 1000).toFixed(1);
  const urls = new Map<string, string>();
  for (const e of all) {
    const data = e.args?.data as { requestId?: string; url?: string } | undefined;
    if (e.name === 'ResourceSendRequest' && data?.requestId && data.url) {
      urls.set(data.requestId, data.url.replace(/^https?:\/\/[^/]+/, ''));
    }
  }
  const lines: Array<[number, string]> = [];
  for (const e of all) {
    const data = e.args?.data as { requestId?: string; finishTime?: number } | undefined;
    if (e.name === 'ResourceFinish' && data?.requestId && e.ts >= startTs && e.ts <= readyTs) {
      lines.push([e.ts, `  net  ${at(e.ts)} finished ${urls.get(data.requestId) ?? '?'}`]);
    }
  }
  // The thread's events up to the end of the task that drew the ready marker.
  const thread = all.filter(
    (e) => e.pid === on[0]?.pid && e.tid === on[0]?.tid && e.ph === 'X' && e.ts >= startTs,
  );
  const last = thread.find(
    (e) => e.name === 'RunTask' && e.ts <= readyTs && e.ts + (e.dur ?? 0) >= readyTs,
  );
  const until = last ? last.ts + (last.dur ?? 0) : readyTs;
  on = thread.filter((e) => e.ts + (e.dur ?? 0) <= until);
  const tasks = on.filter((e) => e.name === 'RunTask').sort((a, b) => a.ts - b.ts);
  let lastEnd = startTs;
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    if (task.ts - lastEnd > 1000) {
      lines.push([lastEnd, `  idle ${at(lastEnd)} for ${((task.ts - lastEnd) / 1000).toFixed(1)}`]);
    }
    lastEnd = Math.max(lastEnd, end);
    if ((task.dur ?? 0) < 300) continue;
    const inside = on.filter(
      (e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end && (e.dur ?? 0) >= 200,
    );
    const what = inside
      .filter((e) => e.name !== 'RunTask' && !/^(ThreadControllerImpl|ProxyMain)/.test(e.name))
      .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
      .slice(0, 5)
      .map((e) => {
        const data = e.args?.data as
          { url?: string; functionName?: string; fileName?: string; type?: string } | undefined;
        const where = (data?.url ?? data?.fileName ?? '').replace(/^.*\//, '');
        const label = [e.name, data?.functionName, where, data?.type].filter(Boolean).join(':');
        return `${label} ${((e.dur ?? 0) / 1000).toFixed(1)}`;
      })
      .join(', ');
    lines.push([
      task.ts,
      `  task ${at(task.ts)} +${((task.dur ?? 0) / 1000).toFixed(1)} cpu ${((task.tdur ?? 0) / 1000).toFixed(1)}: ${what}`,
    ]);
  }
  lines.push([readyTs, `  READY ${at(readyTs)}`]);
  for (const [, line] of lines.sort((a, b) => a[0] - b[0])) console.log(line);

  // From the last script's last byte to the end of the task that drew the marker: each task by
  // what ran in it (wall / CPU ms), and the time the thread waited.
  const lastScript = all
    .filter((e) => {
      const data = e.args?.data as { requestId?: string } | undefined;
      return (
        e.name === 'ResourceFinish' &&
        e.ts <= readyTs &&
        /\.js$/.test(urls.get(data?.requestId ?? '') ?? '')
      );
    })
    .reduce((latest, e) => Math.max(latest, e.ts), startTs);
  const kinds = new Map<string, { wall: number; cpu: number; count: number }>();
  let busy = 0;
  for (const task of tasks) {
    if (task.ts < lastScript) continue;
    const end = task.ts + (task.dur ?? 0);
    const names = new Set(
      on.filter((e) => e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end).map((e) => e.name),
    );
    const kind =
      names.has('v8.evaluateModule') || names.has('EvaluateScript')
        ? 'module evaluation'
        : names.has('TimerFire')
          ? 'timer'
          : names.has('MessagePort::Accept')
            ? 'React (scheduler task)'
            : names.has('RunMicrotasks')
              ? 'microtasks'
              : names.has('UpdateLayoutTree') || names.has('Layout') || names.has('Paint')
                ? 'style, layout, paint'
                : 'other';
    const sum = kinds.get(kind) ?? { wall: 0, cpu: 0, count: 0 };
    sum.wall += (task.dur ?? 0) / 1000;
    sum.cpu += (task.tdur ?? 0) / 1000;
    sum.count += 1;
    kinds.set(kind, sum);
    busy += (task.dur ?? 0) / 1000;
  }
  const span = (until - lastScript) / 1000;
  console.log(
    `  after the last script (${at(lastScript)}), ${span.toFixed(1)} ms to the marker's task end:`,
  );
  for (const [kind, sum] of kinds) {
    console.log(
      `    ${kind}: ${sum.count} tasks, ${sum.wall.toFixed(1)} ms wall, ${sum.cpu.toFixed(1)} ms CPU`,
    );
  }
  console.log(`    waiting: ${(span - busy).toFixed(1)} ms`);
}

/**
 * TRACE_NETWORK=1: each script of the page up to the ready mark, in the order it was asked for:
 * when the renderer asked for it, where the answer came from (network, the HTTP cache, a service
 * worker), when its headers and its last byte reached the renderer, and when the main thread
 * compiled and evaluated it (ms since the navigation); then how busy the main thread was between
 * the HTML's last byte and the last script's.
 */
function printScripts(all: TraceEvent[], main: TraceEvent, startTs: number, readyTs: number) {
  const at = (ts: number | undefined) =>
    ts === undefined ? '—' : ((ts - startTs) / 1000).toFixed(1);
  type Row = {
    url: string;
    sent?: number;
    headers?: number;
    finished?: number;
    from?: string;
    compile?: [number, number];
    evaluate?: [number, number];
  };
  const rows = new Map<string, Row>();
  const byUrl = new Map<string, Row>();
  for (const e of all) {
    if (e.ts < startTs || e.ts > readyTs) continue;
    const data = e.args?.data as
      | {
          requestId?: string;
          url?: string;
          fromCache?: boolean;
          fromServiceWorker?: boolean;
          fromMemoryCache?: boolean;
        }
      | undefined;
    if (e.name === 'ResourceSendRequest' && data?.requestId && data.url) {
      const row: Row = { url: data.url.replace(/^https?:\/\/[^/]+/, ''), sent: e.ts };
      rows.set(data.requestId, row);
      byUrl.set(row.url, row);
    } else if (e.name === 'ResourceReceiveResponse' && data?.requestId) {
      const row = rows.get(data.requestId);
      if (!row) continue;
      row.headers = e.ts;
      row.from = data.fromServiceWorker
        ? 'service worker'
        : data.fromMemoryCache
          ? 'memory cache'
          : data.fromCache
            ? 'HTTP cache'
            : 'network';
    } else if (e.name === 'ResourceFinish' && data?.requestId) {
      const row = rows.get(data.requestId);
      if (row) row.finished = e.ts;
    }
  }
  const onMain = all.filter(
    (e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.ts >= startTs,
  );
  for (const e of onMain) {
    const data = e.args?.data as { url?: string; fileName?: string } | undefined;
    const url = (data?.url ?? data?.fileName ?? '').replace(/^https?:\/\/[^/]+/, '');
    const row = byUrl.get(url);
    if (!row) continue;
    if (/^v8\.compile(Module)?$/.test(e.name)) row.compile ??= [e.ts, e.dur ?? 0];
    if (e.name === 'v8.evaluateModule' || e.name === 'EvaluateScript') {
      row.evaluate ??= [e.ts, e.dur ?? 0];
    }
  }
  const scripts = [...rows.values()]
    .filter((r) => /\.js$/.test(r.url) || !/\.[a-z0-9]+$/i.test(r.url.split('?')[0]!))
    .sort((a, b) => (a.sent ?? 0) - (b.sent ?? 0));
  const span = (s?: [number, number]) => (s ? `${at(s[0])} +${(s[1] / 1000).toFixed(1)}` : '—');
  console.log('  file | asked | from | headers | last byte | compiled | evaluated');
  for (const r of scripts) {
    console.log(
      `  ${r.url.replace(/^\/assets\//, '')} | ${at(r.sent)} | ${r.from ?? '?'} | ${at(r.headers)} | ${at(r.finished)} | ${span(r.compile)} | ${span(r.evaluate)}`,
    );
  }
  const html = scripts.find((r) => !/\.js$/.test(r.url));
  const lastScript = Math.max(
    ...scripts.filter((r) => /\.js$/.test(r.url)).map((r) => r.finished ?? 0),
  );
  if (html?.finished && lastScript > html.finished) {
    const tasks = onMain.filter(
      (e) => e.name === 'RunTask' && e.ts < lastScript && e.ts + (e.dur ?? 0) > html.finished!,
    );
    const busy = tasks.reduce(
      (sum, e) => sum + Math.min(e.ts + (e.dur ?? 0), lastScript) - Math.max(e.ts, html.finished!),
      0,
    );
    console.log(
      `  HTML's last byte ${at(html.finished)} → last script's ${at(lastScript)}: main thread busy ${(busy / 1000).toFixed(1)} ms of ${((lastScript - html.finished) / 1000).toFixed(1)}`,
    );
  }
}

const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'blink',
  'loading',
  'toplevel',
];

/**
 * The trace of one visit. In a browser of `chromium.launch()` through Playwright's browser-level
 * tracing; in a profile on disk (`launchPersistentContext`, which has no Browser object) through
 * the page's own DevTools session (`Tracing.start`, the DevTools performance panel's way).
 */
async function recordTrace(page: Page, run: () => Promise<void>): Promise<TraceEvent[]> {
  const browser = page.context().browser();
  if (browser) {
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await run();
    const buffer = await browser.stopTracing();
    return (JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  }
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (data) => {
    events.push(...(data.value as unknown as TraceEvent[]));
  });
  const complete = new Promise<void>((resolve) =>
    cdp.once('Tracing.tracingComplete', () => resolve()),
  );
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: TRACE_CATEGORIES },
  });
  await run();
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  return events;
}

let savedTraces = 0;

async function traced(page: Page, url: string) {
  const events = await recordTrace(page, async () => {
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(
      () => (globalThis as { __screenReadyMark?: number }).__screenReadyMark,
      null,
      {
        timeout: 60_000,
        polling: 50,
      },
    );
    await page.waitForLoadState('networkidle').catch(() => {});
  });
  // TRACE_SAVE=<dir>: each visit's raw trace as <dir>/trace-<n>.json (open it in DevTools).
  if (process.env.TRACE_SAVE) {
    savedTraces += 1;
    writeFileSync(
      path.join(process.env.TRACE_SAVE, `trace-${savedTraces}.json`),
      JSON.stringify({ traceEvents: events }),
    );
  }
  return summarize(events);
}

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
};

/** Self time per script file (or V8's own entries: GC, program) of a CPU profile of the visit. */
async function profiled(page: Page, url: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(
    () => (globalThis as { __screenReadyMark?: number }).__screenReadyMark,
    null,
    { timeout: 60_000, polling: 50 },
  );
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
    profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) parentOf.set(child, node.id);
  }
  const self = new Map<string, number>();
  // TRACE_PROFILE=modules: the time under each script's top-level code (its frame at 0:0), the
  // functions it calls included: with a build of one file per module (Rolldown
  // `preserveModules`), the cost of evaluating each module.
  const byModule = process.env.TRACE_PROFILE === 'modules';
  // TRACE_PROFILE=functions: per function (name, file, line), its self time and its total time
  // (the functions it calls included, counted once per sample however deep it recurses): what in
  // the page's start, React's render and the commit costs most. Read with a build that is not
  // minified (`vite build --minify false`), where the functions keep their names.
  if (process.env.TRACE_PROFILE === 'functions') {
    const name = (id: number) => {
      const frame = byId.get(id)!.callFrame;
      const file = frame.url.replace(/^.*\/assets\//, '');
      return file
        ? `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`
        : frame.functionName || '(anonymous)';
    };
    const selfOf = new Map<string, number>();
    const totalOf = new Map<string, number>();
    profile.samples.forEach((id, i) => {
      const ms = (profile.timeDeltas[i] ?? 0) / 1000;
      selfOf.set(name(id), (selfOf.get(name(id)) ?? 0) + ms);
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
        const key = name(at);
        if (seen.has(key)) continue;
        seen.add(key);
        totalOf.set(key, (totalOf.get(key) ?? 0) + ms);
      }
    });
    await cdp.detach();
    const top = (map: Map<string, number>, prefix: string) =>
      [...map.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, Number(process.env.TRACE_TOP ?? 40))
        .map(([key, ms]) => [`${prefix} ${key}`, ms] as [string, number]);
    return [...top(totalOf, 'total'), ...top(selfOf, 'self')];
  }
  profile.samples.forEach((id, i) => {
    let key: string | undefined;
    if (byModule) {
      for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
        const frame = byId.get(at)!.callFrame;
        if (
          frame.url &&
          frame.functionName === '' &&
          frame.lineNumber === 0 &&
          frame.columnNumber === 0
        ) {
          key = frame.url.replace(/^.*\/assets\//, '');
          break;
        }
      }
      if (!key) return;
    } else {
      const frame = byId.get(id)!.callFrame;
      key = frame.url
        ? frame.url.replace(/^.*\/assets\//, '')
        : frame.functionName || '(anonymous)';
    }
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  await cdp.detach();
  const sorted = [...self.entries()].sort((a, b) => b[1] - a[1]);
  if (byModule) {
    const sum = sorted.reduce((total, [, ms]) => total + ms, 0);
    return [['(all modules)', sum] as [string, number], ...sorted.slice(0, 40)];
  }
  return sorted.slice(0, Number(process.env.TRACE_TOP ?? 15));
}

/**
 * TRACE_PERSISTENT=1: three visits in a browser profile on disk, as a user's browser keeps one
 * (a context of `browser.newContext()` is in memory, and Chromium keeps no code cache there):
 * the usable time and the page's script and task time (CDP `Performance` metrics) of each, to
 * tell whether a later visit runs the scripts from V8's code cache.
 */
async function persistentVisits(url: string, baseURL: string, authToken: string) {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'ats-trace-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    baseURL,
  });
  try {
    await context.addCookies([
      { name: 'auth_token', value: authToken, url: baseURL, httpOnly: true, sameSite: 'Lax' },
    ]);
    await context.addInitScript(READY_MARK);
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const metrics = async () => {
      const { metrics: list } = (await cdp.send('Performance.getMetrics')) as {
        metrics: { name: string; value: number }[];
      };
      return new Map(list.map((m) => [m.name, m.value]));
    };
    for (let visit = 1; visit <= Number(process.env.TRACE_VISITS ?? 3); visit += 1) {
      await page.goto('about:blank');
      const before = await metrics();
      await page.goto(url, { waitUntil: 'commit' });
      const usable = await page.waitForFunction(
        () => (globalThis as { __screenReadyMark?: number }).__screenReadyMark,
        null,
        { timeout: 60_000, polling: 50 },
      );
      const after = await metrics();
      const delta = (name: string) =>
        (((after.get(name) ?? 0) - (before.get(name) ?? 0)) * 1000).toFixed(1);
      console.log(
        `visit ${visit} usableMs=${Number(await usable.jsonValue()).toFixed(1)} ` +
          `scriptMs=${delta('ScriptDuration')} taskMs=${delta('TaskDuration')} ` +
          `compileMs=${delta('V8CompileDuration')}`,
      );
      // Chromium writes a script's code cache some time after it has run.
      await page.waitForTimeout(1_500);
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

async function main() {
  const screen = process.argv[2] ?? 'card';
  const rounds = Number(process.argv[3] ?? 3);
  if (!existsSync(metaPath)) {
    throw new Error(`no kept base at ${dataDir}: run the screens bench with BENCH_KEEP_DB=1`);
  }
  const meta = JSON.parse(readFileSync(metaPath, 'utf8')) as Meta;
  const url = {
    card: `/applicant/${meta.applicantId}`,
    list: '/applicants',
    board: `/vacancy/${meta.vacancyId}/candidates`,
    home: '/',
  }[screen]!;
  const api = await startApiServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const login = await apiRequest<{ auth_token: string }>(
      'POST',
      `${api.url}/api/auth/login`,
      null,
      {
        email: meta.email,
        password: BENCH_PASSWORD,
      },
    );
    const withWorker = (await fetch(`${api.url}/sw.js`)).ok;
    const disk = process.env.TRACE_DISK === '1';
    if (process.env.TRACE_PERSISTENT === '1') {
      for (let round = 0; round < rounds; round += 1) {
        await persistentVisits(url, api.url, login.auth_token);
      }
      return;
    }
    for (let round = 0; round < rounds + 1; round += 1) {
      // TRACE_WORKER=block: the build's service worker blocked, the warm visit from the HTTP cache.
      const serviceWorkers = process.env.TRACE_WORKER === 'block' ? 'block' : 'allow';
      // TRACE_DISK=1: each round in a new browser profile on disk (a user data dir, as a user's
      // browser has: Chromium keeps V8's code cache only there), not in an in-memory context.
      const profileDir = disk ? mkdtempSync(path.join(os.tmpdir(), 'ats-trace-disk-')) : null;
      const open = async () => {
        const opened = profileDir
          ? await chromium.launchPersistentContext(profileDir, {
              executablePath: CHROMIUM,
              baseURL: api.url,
              serviceWorkers,
            })
          : await browser.newContext({ baseURL: api.url, serviceWorkers });
        await opened.addCookies([
          {
            name: 'auth_token',
            value: login.auth_token,
            url: api.url,
            httpOnly: true,
            sameSite: 'Lax',
          },
        ]);
        await opened.addInitScript(READY_MARK);
        return { context: opened, page: opened.pages()[0] ?? (await opened.newPage()) };
      };
      let { context, page } = await open();
      const closeContext = async () => {
        await context.close();
        if (profileDir) rmSync(profileDir, { recursive: true, force: true });
      };
      if (['1', 'modules', 'functions'].includes(process.env.TRACE_PROFILE ?? '')) {
        await traced(page, url);
        await page.goto('about:blank');
        const top = await profiled(page, url);
        await closeContext();
        if (round === 0) continue;
        console.log(`${screen} warm, CPU profile (${process.env.TRACE_PROFILE}):`);
        for (const [file, ms] of top) console.log(`    ${ms.toFixed(1)} ms ${file}`);
        continue;
      }
      const cold = await traced(page, url);
      if (withWorker && process.env.TRACE_WORKER !== 'block') await workerSettled(page);
      else if (withWorker) await page.waitForTimeout(4_000);
      await page.goto('about:blank');
      // TRACE_WAIT_MS: a pause before the warm visit (Chromium writes the code cache of the
      // worker's files on its own schedule, and stops an idle worker after some 30 s itself).
      if (process.env.TRACE_WAIT_MS) await page.waitForTimeout(Number(process.env.TRACE_WAIT_MS));
      // TRACE_RESTART=1 (with TRACE_DISK=1): the browser closed and started again on the same
      // profile before the warm visit, as a user's next visit in a new browser session finds it.
      if (profileDir && process.env.TRACE_RESTART === '1') {
        await context.close();
        ({ context, page } = await open());
      }
      // TRACE_WORKER=stopped: the worker stopped before the warm visit, as a user's next visit
      // finds it once Chromium has stopped the idle worker (after some 30 s).
      if (process.env.TRACE_WORKER === 'stopped') {
        const cdp = await context.newCDPSession(page);
        await cdp.send('ServiceWorker.enable');
        await cdp.send('ServiceWorker.stopAllWorkers');
        await cdp.detach();
      }
      const warm = await traced(page, url);
      // TRACE_VISITS=3: a third visit in the same tab, to tell whether the second had V8's code
      // cache for the page's scripts (Chromium writes it after a script has run twice).
      const visits: [string, typeof cold][] = [
        ['cold', cold],
        ['warm', warm],
      ];
      if (process.env.TRACE_VISITS === '3') {
        await page.goto('about:blank');
        visits.push(['third', await traced(page, url)]);
      }
      await closeContext();
      // The first round warms the server's caches.
      if (round === 0) continue;
      for (const [mode, s] of visits) {
        const { top, ...figures } = s;
        console.log(
          `${screen} ${mode} ` +
            Object.entries(figures)
              .map(([k, v]) => `${k}=${typeof v === 'number' ? v.toFixed(1) : v}`)
              .join(' '),
        );
        if (process.env.TRACE_FILES === '1') {
          for (const [file, ms] of top) console.log(`    ${ms.toFixed(1)} ms ${file}`);
        }
      }
    }
    console.log(
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await browser.close();
    await api.stop();
  }
}

await main();
