import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { LecternClient } from '../../lectern/test/support/http-client.js';
import { LecternProcess } from '../../lectern/test/support/lectern-process.js';
import { FakeOpenAiServer } from '../../lectern/test/support/openai-server.js';
import { launchChromium, openWorkspace, screenshot, type OpenedPage } from './support/browser.js';

const slideText = 'Slide one: the derivative is the slope of the tangent line.';

/** A class held entirely in the browser, against a real Lectern and a real OpenAI-compatible server. */
describe('web workspace: a class from first entry to exported notes', () => {
  let lectern: LecternProcess;
  let api: LecternClient;
  let provider: FakeOpenAiServer;
  let browser: Browser;
  let opened: OpenedPage;
  let page: Page;
  const testId = (id: string) => page.locator(`[data-testid="${id}"]`);

  before(async () => {
    [lectern, provider, browser] = await Promise.all([LecternProcess.start(), FakeOpenAiServer.start(), launchChromium()]);
    api = new LecternClient(lectern.baseUrl, lectern.token);
    await api.request('PUT', '/api/v2/settings', {
      body: { llm: { mode: 'byok', base_url: provider.baseUrl, model: 'fake-model', timeout_seconds: 30 }, auto_summary: false },
    });
    opened = await openWorkspace(browser, lectern);
    page = opened.page;
  });
  after(async () => {
    await browser?.close();
    await provider?.close();
    await lectern?.dispose();
  });

  it('opens through the code exchange and keeps the token out of the URL and the HTML', async () => {
    assert.equal(new URL(page.url()).hash, '', 'the code fragment is removed from the address bar');
    assert.ok(!page.url().includes(lectern.token));
    assert.ok(!(await page.content()).includes(lectern.token));
    assert.ok(opened.requests.every((url) => !url.includes(lectern.token)), 'no request URL carries the token');
    assert.equal(await page.evaluate(() => sessionStorage.getItem('lectern.token')), lectern.token);
    const head = await fetch(`${lectern.baseUrl}/`);
    const csp = head.headers.get('content-security-policy') ?? '';
    assert.match(csp, /script-src 'self'/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.doesNotMatch(csp, /unsafe-inline|https?:/);
    assert.equal(head.headers.get('x-content-type-options'), 'nosniff');
  });

  it('starts a class with a material, takes typed entries and highlights an alert', async () => {
    const upload = new FormData();
    upload.append('file', new Blob([slideText], { type: 'text/plain' }), 'calculus.txt');
    const material = await fetch(`${lectern.baseUrl}/api/v2/materials`, { method: 'POST', headers: { authorization: `Bearer ${lectern.token}` }, body: upload });
    assert.equal(material.status, 201);
    await page.reload();
    await testId('connection-status').and(page.locator('[data-state="connected"]')).waitFor();
    await testId('course-name').fill('Calculus I');
    await testId('class-material').selectOption({ label: 'calculus.txt' });
    await testId('start-class').click();
    await testId('class-title').getByText('Calculus I').waitFor();

    for (const text of ['Today: derivatives and the tangent line.', 'This will be on the exam next week.', 'The power rule gives n x to the n minus one.']) {
      await testId('entry-text').fill(text);
      await testId('entry-text').press('Enter');
      await testId('transcript').getByText(text).waitFor();
    }
    assert.equal(await testId('transcript').getAttribute('data-count'), '3');
    await testId('alert-banner').getByText('exam').first().waitFor();
    assert.equal(await page.locator('.entry.alert-warning, .entry.alert-danger').count(), 1);
    await screenshot(page, 'class-running', ['Calculus I', 'This will be on the exam next week.', 'Alert']);
  });

  it('streams a rescue as it arrives, raw HTML shown as text, with a slide citation that opens the slide text', async () => {
    provider.respondOnceWith({
      kind: 'stream',
      deltas: ['**Say this:** ', 'the derivative ', 'is the slope (slide 1). ', '<img src=x onerror="window.__pwned=1">', '<script>window.__pwned=2</script> Done.'],
      // Three more deltas after the one awaited: 3 s for the page to show it while still running,
      // room enough on a loaded 2-core machine (400 ms once failed at load 9).
      deltaDelayMs: 1000,
    });
    await testId('rescue').click();
    const answer = testId('answer');
    await answer.getByText('the derivative').waitFor();
    assert.equal(await answer.getAttribute('data-status'), 'running', 'part of the answer is on screen before it is finished');
    await page.locator('[data-testid="answer"][data-status="completed"]').waitFor();
    await answer.getByText('Done.').waitFor();
    assert.equal(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);
    assert.equal(await answer.locator('script, img').count(), 0);
    await answer.getByText('<img src=x onerror=').waitFor();
    await answer.locator('a[href="#page-1"]').click();
    await testId('slide-text').getByText(slideText).waitFor();
    await screenshot(page, 'rescue-streamed', ['Say this:', 'Done.', slideText]);
    await testId('slide-text').getByRole('button').click();
  });

  it('keeps a follow-up chat and sends its history', async () => {
    provider.respondOnceWith({ kind: 'stream', deltas: ['A derivative is ', 'a rate of change.'] });
    await testId('followup-question').fill('What is a derivative?');
    await testId('followup-send').click();
    await page.locator('[data-testid="answer"][data-status="completed"][data-kind="followup"]').getByText('a rate of change.').waitFor();
    provider.respondOnceWith({ kind: 'stream', deltas: ['For x squared ', 'it is 2x.'] });
    await testId('followup-question').fill('And for x squared?');
    await testId('followup-send').click();
    await testId('answer').getByText('it is 2x.').waitFor();
    const last = provider.requests.at(-1)?.body as { messages: { role: string; content: string }[] };
    const sent = JSON.stringify(last.messages);
    assert.ok(sent.includes('What is a derivative?') && sent.includes('a rate of change.'), 'the earlier turn went along as history');
    await testId('chat-history').getByText('What is a derivative?').waitFor();
    await screenshot(page, 'followup', ['What is a derivative?', 'it is 2x.']);
  });

  it('cancels a summary while it runs; the cancelled task makes no note', async () => {
    provider.respondOnceWith({ kind: 'stream', deltas: ['Summary start ', 'never finished'], firstTokenDelayMs: 200, deltaDelayMs: 20_000 });
    await testId('summary').click();
    await testId('answer').getByText('Summary start').waitFor();
    await testId('cancel-task').click();
    await page.locator('[data-testid="answer"][data-kind="summary"][data-status="cancelled"]').waitFor();
    await screenshot(page, 'summary-cancelled', ['Cancelled']);
    const session = (await api.get<{ session: { id: string } }>('/api/v2/status')).body.session;
    const notes = await api.get<{ items: unknown[] }>(`/api/v2/sessions/${session.id}/summaries`);
    assert.deepEqual(notes.body.items, []);
  });

  it('stops the class, writes a summary note, and downloads it and the transcript', async () => {
    await testId('stop-class').click();
    await testId('start-class').waitFor();
    provider.respondOnceWith({ kind: 'stream', deltas: ['# Calculus I\n\n', '- Derivatives are slopes.\n', '- The power rule.'] });
    await testId('summary').click();
    await page.locator('[data-testid="answer"][data-kind="summary"][data-status="completed"]').waitFor();
    await testId('tab-notes').click();
    const notes = testId('notes');
    await notes.getByText('Derivatives are slopes.').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), notes.locator('[data-testid="export-note"]').first().click()]);
    const exported = readFileSync(await download.path(), 'utf8');
    assert.match(exported, /Derivatives are slopes\./);
    assert.match(download.suggestedFilename(), /\.md$/);
    await screenshot(page, 'notes', ['Derivatives are slopes.']);

    await testId('tab-past').click();
    const row = page.locator('[data-testid="past-class"]').filter({ hasText: 'Calculus I' });
    await row.waitFor();
    const [transcript] = await Promise.all([page.waitForEvent('download'), row.locator('[data-testid="export-transcript"]').click()]);
    const lines = readFileSync(await transcript.path(), 'utf8').trim().split('\n');
    assert.equal(lines.length, 3);
    assert.match(lines[1] ?? '', /\tThis will be on the exam next week\.$/);
    await screenshot(page, 'past-classes', ['Calculus I']);
    assert.deepEqual(opened.problems, []);
  });
});
