// The web workspace in headless Chromium against a real Lectern: bundle size (gzipped, what a
// browser downloads), first paint and first render of the workspace after opening the login
// link, and how long an answer's first delta takes from its WebSocket frame to the screen.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { LecternClient } from '../packages/lectern/test/support/http-client.js';
import { LecternProcess } from '../packages/lectern/test/support/lectern-process.js';
import { FakeOpenAiServer } from '../packages/lectern/test/support/openai-server.js';
import { launchChromium, loginUrl } from '../packages/lectern-web/test/support/browser.js';
import { productionEnv } from './support/production-env.js';
import { report, summarise } from './support/stats.js';

const bundleTargetBytes = 150 * 1024;
const firstPaintTargetMs = 300;
const deltaTargetMs = 50;
const pageLoads = 10;
const longClassEntries = 2000;
/** A frame over this is a visible hitch (two missed 60 Hz frames and more). */
const jankFrameMs = 50;
const answers = 15;

// In-page probes, as plain scripts: they run in the browser, and bench/ is typed for Node.
/** Notes when the workspace's class panel first enters the DOM. */
const renderProbe = `
new MutationObserver((records, observer) => {
  if (document.querySelector('[data-testid="course-name"], [data-testid="class-title"]')) {
    window.__renderedMs = performance.now();
    observer.disconnect();
  }
}).observe(document, { childList: true, subtree: true });`;

/**
 * Notes when each task's first delta frame reaches the page (a listener registered before the
 * page's own handler, so the earliest the page could know) and the first frame painted after
 * its text is in the answer.
 */
const deltaProbe = `
const marks = { frames: new Map(), painted: new Map() };
window.__marks = marks;
const Native = window.WebSocket;
window.WebSocket = class extends Native {
  constructor(url, protocols) {
    super(url, protocols);
    this.addEventListener('message', (event) => {
      const frame = JSON.parse(event.data);
      if (frame.type === 'assistant.delta' && !marks.frames.has(frame.data.id)) marks.frames.set(frame.data.id, performance.now());
    });
  }
};
new MutationObserver(() => {
  const answer = document.querySelector('[data-testid="answer"]');
  const id = answer && answer.getAttribute('data-task-id');
  if (!id || marks.painted.has(id) || !answer.textContent.includes('FIRSTDELTA')) return;
  marks.painted.set(id, -1);
  requestAnimationFrame(() => marks.painted.set(id, performance.now()));
}).observe(document, { childList: true, subtree: true, characterData: true });`;

/** Scrolls the transcript from the end to the start, one step per animation frame, and times the frames. */
const scrollProbe = `(async () => {
  const element = document.querySelector('[data-testid="transcript"]');
  const frames = [];
  let last = performance.now();
  let rows = 0;
  for (let step = 0; step < 120; step += 1) {
    element.scrollTop = element.scrollHeight * (1 - step / 119);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const now = performance.now();
    frames.push(now - last);
    last = now;
    rows = Math.max(rows, document.querySelectorAll('.entry').length);
  }
  return { frames, rows };
})()`;

const dist = new URL('../packages/lectern-web/dist/', import.meta.url).pathname;
const files = ['index.html', ...readdirSync(join(dist, 'assets')).map((name) => join('assets', name))];
const gzippedBytes = files.reduce((sum, name) => sum + gzipSync(readFileSync(join(dist, name)), { level: 9 }).length, 0);
const rawBytes = files.reduce((sum, name) => sum + readFileSync(join(dist, name)).length, 0);
report('lectern-web bundle (index.html + script + styles, gzipped)', `< ${bundleTargetBytes / 1024} KB`, gzippedBytes < bundleTargetBytes, {
  gzippedKB: Math.round((gzippedBytes / 1024) * 10) / 10,
  rawKB: Math.round((rawBytes / 1024) * 10) / 10,
  files,
});

const [lectern, provider, browser] = await Promise.all([LecternProcess.start({ env: productionEnv }), FakeOpenAiServer.start(), launchChromium()]);
try {
  const api = new LecternClient(lectern.baseUrl, lectern.token);
  await api.request('PUT', '/api/v2/settings', { body: { llm: { mode: 'byok', base_url: provider.baseUrl, model: 'bench', timeout_seconds: 30 }, auto_summary: false } });
  const session = await api.post<{ id: string }>('/api/v2/sessions', { course_name: 'Bench class' });
  for (let i = 0; i < 50; i += 1) await api.post(`/api/v2/sessions/${session.body.id}/entries`, { text: `Entry ${i} about limits and derivatives.`, source_id: `bench-${i}` });

  // First paint: a fresh context each time (no cache), as a newly opened link is.
  const paints: number[] = [];
  const renders: number[] = [];
  for (let run = 0; run < pageLoads; run += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript({ content: renderProbe });
    await page.goto(await loginUrl(lectern));
    await page.locator('[data-testid="connection-status"][data-state="connected"]').waitFor();
    const timing = (await page.evaluate(`({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      rendered: window.__renderedMs,
    })`)) as { paint: number; rendered: number };
    paints.push(timing.paint);
    renders.push(timing.rendered);
    await context.close();
  }
  const paint = summarise(paints);
  report('lectern-web first contentful paint (navigation start -> first paint)', `p50 < ${firstPaintTargetMs} ms`, paint.p50Ms < firstPaintTargetMs, { ...paint, samplesMs: paints.map(Math.round) });
  const render = summarise(renders);
  report('lectern-web workspace rendered (navigation start -> class panel in the DOM, code exchanged)', 'reported', true, { ...render, samplesMs: renders.map(Math.round) });

  // First delta: the time from the WebSocket frame reaching the page to the text being painted.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript({ content: deltaProbe });
  await page.goto(await loginUrl(lectern));
  await page.locator('[data-testid="connection-status"][data-state="connected"]').waitFor();
  const latencies: number[] = [];
  for (let run = 0; run < answers; run += 1) {
    provider.respondOnceWith({ kind: 'stream', deltas: [`FIRSTDELTA ${run} `, 'and the rest.'], firstTokenDelayMs: 100 });
    await page.locator('[data-testid="rescue"]').click();
    await page.locator('[data-testid="answer"][data-status="completed"]').getByText(`FIRSTDELTA ${run}`).waitFor();
    await page.waitForFunction('[...window.__marks.painted.values()].every((v) => v >= 0)');
  }
  const marks = (await page.evaluate('[...window.__marks.frames].map(([id, at]) => (window.__marks.painted.get(id) ?? NaN) - at)')) as number[];
  latencies.push(...marks);
  const delta = summarise(latencies);
  report('lectern-web first delta on screen (WebSocket frame -> next painted frame)', `p50 < ${deltaTargetMs} ms`, delta.p50Ms < deltaTargetMs, { ...delta, samplesMs: latencies.map((ms) => Math.round(ms * 10) / 10) });
  await context.close();

  // A 2-hour class: 2,000 entries, scrolled end to start in 120 steps, one per animation frame.
  const long = await api.post<{ id: string }>(`/api/v2/sessions/${session.body.id}/stop`);
  if (long.status !== 200) throw new Error(`stop answered ${long.status}`);
  const longSession = await api.post<{ id: string }>('/api/v2/sessions', { course_name: 'Two hours' });
  for (let i = 1; i <= longClassEntries; i += 1) {
    await api.post(`/api/v2/sessions/${longSession.body.id}/entries`, { text: `Entry ${i}: the lecturer keeps talking about series and sequences, with an example.`, source_id: `long-${i}` });
  }
  const longContext = await browser.newContext();
  const longPage = await longContext.newPage();
  await longPage.goto(await loginUrl(lectern));
  await longPage.locator(`[data-testid="transcript"][data-count="${longClassEntries}"]`).waitFor();
  const scrolling = (await longPage.evaluate(scrollProbe)) as { frames: number[]; rows: number };
  const frames = summarise(scrolling.frames);
  const janky = scrolling.frames.filter((ms) => ms > jankFrameMs).length;
  report(`lectern-web scrolling a ${longClassEntries}-entry transcript (interval between animation frames)`, `no frame > ${jankFrameMs} ms`, janky === 0, {
    ...frames,
    framesOver50Ms: janky,
    rowsInDom: scrolling.rows,
  });
  await longContext.close();
} finally {
  await browser.close();
  await provider.close();
  await lectern.dispose();
}
