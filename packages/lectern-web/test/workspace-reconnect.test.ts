import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { LecternClient } from '../../lectern/test/support/http-client.js';
import { LecternProcess, createTempDataDir, removeTempDataDir } from '../../lectern/test/support/lectern-process.js';
import { launchChromium, openWorkspace, screenshot } from './support/browser.js';
import { freePort } from './support/free-port.js';

describe('web workspace: reconnects by itself after a server restart', () => {
  const dataDir = createTempDataDir();
  const token = 'browser-reconnect-token-with-plenty-of-entropy-0123456789';
  let port: number;
  let lectern: LecternProcess;
  let browser: Browser;
  let page: Page;
  const testId = (id: string) => page.locator(`[data-testid="${id}"]`);
  const start = () => LecternProcess.start({ dataDir, args: ['--port', String(port), '--token-stdin'], stdinText: `${token}\n` });

  before(async () => {
    port = await freePort();
    [lectern, browser] = await Promise.all([start(), launchChromium()]);
    page = (await openWorkspace(browser, lectern)).page;
  });
  after(async () => {
    await browser?.close();
    await lectern?.dispose();
    removeTempDataDir(dataDir);
  });

  it('shows the outage, comes back, re-reads state and follows new events', async () => {
    await testId('course-name').fill('Physics');
    await testId('start-class').click();
    await testId('entry-text').fill('Newton first law.');
    await testId('add-entry').click();
    await testId('transcript').getByText('Newton first law.').waitFor();

    await lectern.stop();
    await page.locator('[data-testid="connection-status"]:not([data-state="connected"])').waitFor();
    lectern = await start();
    await page.locator('[data-testid="connection-status"][data-state="connected"]').waitFor({ timeout: 15_000 });
    // A class unfinished at boot is interrupted: the page re-read it and says so.
    await page.locator('[data-testid="class-status"], .class-panel').first().waitFor();
    await testId('start-class').waitFor();

    const api = new LecternClient(lectern.baseUrl, token);
    const session = await api.post<{ id: string }>('/api/v2/sessions', { course_name: 'Physics, part two' });
    assert.equal(session.status, 201);
    await testId('class-title').getByText('Physics, part two').waitFor();
    await api.post(`/api/v2/sessions/${session.body.id}/entries`, { text: 'Second law: force is mass times acceleration.', source_id: 'api-1' });
    await testId('transcript').getByText('Second law: force is mass times acceleration.').waitFor();
    await screenshot(page, 'reconnected', ['Physics, part two', 'Second law']);
  });

  it('streams the automatic summary when the class stops, and lists it as a note', async () => {
    await testId('stop-class').click();
    await page.locator('[data-testid="answer"][data-kind="summary"][data-status="completed"]').waitFor({ timeout: 20_000 });
    await testId('tab-notes').click();
    await testId('notes').locator('[data-testid="note"]').first().waitFor();
    assert.match(await testId('notes').innerText(), /force is mass times acceleration|Second law/i);
  });
});
