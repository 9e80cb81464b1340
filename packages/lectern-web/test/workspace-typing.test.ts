import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, Page, Route } from 'playwright-core';
import { LecternClient } from '../../lectern/test/support/http-client.js';
import { LecternProcess } from '../../lectern/test/support/lectern-process.js';
import { launchChromium, openWorkspace } from './support/browser.js';

interface EntryRow {
  id: number;
  text: string;
}

/**
 * Every transcript row the page has, read by scrolling its virtualised list from top to bottom
 * (only the rows in view are in the DOM), in the order the page shows them.
 */
async function shownEntries(page: Page): Promise<EntryRow[]> {
  const seen = new Map<number, string>();
  const order: number[] = [];
  const transcript = page.locator('[data-testid="transcript"]');
  const { scrollHeight, clientHeight } = await transcript.evaluate((element) => ({ scrollHeight: element.scrollHeight, clientHeight: element.clientHeight }));
  for (let top = 0; ; top += Math.max(1, clientHeight / 2)) {
    await transcript.evaluate((element, to) => { element.scrollTop = to; }, top);
    await sleep(50);
    const rows = await transcript.locator('.entry').evaluateAll((elements) =>
      elements.map((element) => ({ id: Number(element.getAttribute('data-entry-id')), text: element.querySelector('.entry-text')?.textContent ?? '' })));
    for (const row of rows) {
      if (!seen.has(row.id)) order.push(row.id);
      seen.set(row.id, row.text);
    }
    if (top + clientHeight >= scrollHeight) break;
  }
  return order.map((id) => ({ id, text: seen.get(id) ?? '' }));
}

/** Typing a class's lines as fast as a student does: nothing typed is lost, nothing shown twice. */
describe('web workspace: lines typed without waiting', () => {
  let lectern: LecternProcess;
  let api: LecternClient;
  let browser: Browser;
  let page: Page;
  const testId = (id: string) => page.locator(`[data-testid="${id}"]`);

  before(async () => {
    [lectern, browser] = await Promise.all([LecternProcess.start(), launchChromium()]);
    api = new LecternClient(lectern.baseUrl, lectern.token);
    page = (await openWorkspace(browser, lectern)).page;
  });
  after(async () => {
    await browser?.close();
    await lectern?.dispose();
  });

  const entriesOf = async (sessionId: string) =>
    (await api.get<{ items: EntryRow[] }>(`/api/v2/sessions/${sessionId}/entries?limit=1000`)).body.items.map((entry) => entry.text);

  async function startClass(name: string): Promise<string> {
    await testId('course-name').fill(name);
    await testId('start-class').click();
    await testId('class-title').getByText(name).waitFor();
    const status = await api.get<{ session: { id: string } }>('/api/v2/status');
    return status.body.session.id;
  }

  it('keeps all 20 lines typed with no wait, in order, on the page and on the server', async () => {
    const sessionId = await startClass('Fast typing');
    // Some answers arrive late, as on a loaded machine: after the next lines are typed and
    // after the `transcript` frames of later entries.
    let posts = 0;
    await page.route('**/api/v2/sessions/*/entries', async (route: Route) => {
      if (route.request().method() !== 'POST') return route.continue();
      posts += 1;
      const response = await route.fetch();
      if (posts % 3 === 1) await sleep(400);
      return route.fulfill({ response });
    });
    const lines = Array.from({ length: 20 }, (_, index) => `Line ${index + 1} of the lecture, typed fast.`);
    const input = testId('entry-text');
    for (const line of lines) {
      await input.pressSequentially(line);
      await input.press('Enter');
    }
    await page.locator(`[data-testid="transcript"][data-count="${lines.length}"]`).waitFor({ timeout: 15_000 });
    // Nothing left over in the input: every line was taken.
    await page.waitForFunction(() => (document.querySelector('[data-testid="entry-text"]') as HTMLInputElement).value === '');
    await page.unroute('**/api/v2/sessions/*/entries');

    assert.deepEqual(await entriesOf(sessionId), lines);
    const shown = await shownEntries(page);
    assert.deepEqual(shown.map((row) => row.text), lines);
    assert.deepEqual(shown.map((row) => row.id), [...shown.map((row) => row.id)].sort((a, b) => a - b), 'shown in id order');
    assert.equal(await testId('error-banner').count(), 0);
    // The transcript frames that came with them added nothing more.
    await sleep(300);
    assert.equal(await testId('transcript').getAttribute('data-count'), String(lines.length));
  });

  it('puts a refused line back in the input, with the reason, keeping what was typed since', async () => {
    await testId('stop-class').click();
    await testId('start-class').waitFor();
    const sessionId = await startClass('Refused line');
    let releaseRefusal: () => void = () => undefined;
    const refusalHeld = new Promise<void>((resolve) => { releaseRefusal = resolve; });
    await page.route('**/api/v2/sessions/*/entries', async (route: Route) => {
      const body = route.request().postDataJSON() as { text?: string } | null;
      if (route.request().method() !== 'POST' || body?.text !== 'This line is refused.') return route.continue();
      await refusalHeld;
      return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'busy', message: 'Lectern is busy right now' }) });
    });
    const input = testId('entry-text');
    await input.pressSequentially('This line is refused.');
    await input.press('Enter');
    await input.pressSequentially('Still typing');
    releaseRefusal();
    await testId('error-banner').getByText('Lectern is busy right now').waitFor();
    await page.waitForFunction(() => (document.querySelector('[data-testid="entry-text"]') as HTMLInputElement).value.includes('This line is refused.'));
    const value = await input.inputValue();
    assert.match(value, /^This line is refused\. Still typing$/, 'the refused line first, then what was typed after it');
    await page.unroute('**/api/v2/sessions/*/entries');

    // Sent again as it stands, it is taken.
    await input.press('Enter');
    await testId('transcript').getByText('This line is refused. Still typing').waitFor();
    assert.deepEqual(await entriesOf(sessionId), ['This line is refused. Still typing']);
    assert.equal(await input.inputValue(), '');
  });
});
