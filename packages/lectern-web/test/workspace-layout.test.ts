import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { LecternClient } from '../../lectern/test/support/http-client.js';
import { LecternProcess } from '../../lectern/test/support/lectern-process.js';
import { launchChromium, openWorkspace, screenshot } from './support/browser.js';

const longClassEntries = 2000;

describe('web workspace: a 2-hour class, a phone-sized screen, dark and Chinese', () => {
  let lectern: LecternProcess;
  let api: LecternClient;
  let browser: Browser;

  before(async () => {
    [lectern, browser] = await Promise.all([LecternProcess.start(), launchChromium()]);
    api = new LecternClient(lectern.baseUrl, lectern.token);
    const session = await api.post<{ id: string }>('/api/v2/sessions', { course_name: 'Long lecture' });
    // Sequential on purpose: entries keep their order, as in a real class.
    for (let i = 1; i <= longClassEntries; i += 1) {
      const text = i === 1500 ? `Entry ${i}: this part is on the exam.` : `Entry ${i}: the lecturer keeps talking about series and sequences.`;
      await api.post(`/api/v2/sessions/${session.body.id}/entries`, { text, source_id: `long-${i}` });
    }
  });
  after(async () => {
    await browser?.close();
    await lectern?.dispose();
  });

  it('holds 2,000 entries with only the visible rows in the DOM, following the end and scrolling back', async () => {
    const { page } = await openWorkspace(browser, lectern);
    const transcript = page.locator('[data-testid="transcript"]');
    await page.locator(`[data-testid="transcript"][data-count="${longClassEntries}"]`).waitFor();
    await transcript.getByText(`Entry ${longClassEntries}:`).waitFor();
    const rendered = await page.locator('.entry').count();
    assert.ok(rendered > 5 && rendered < 80, `${rendered} rows in the DOM`);
    const frameTimes = await transcript.evaluate(async (element) => {
      const times: number[] = [];
      let last = performance.now();
      for (let step = 0; step < 60; step += 1) {
        element.scrollTop = element.scrollHeight * (1 - step / 59);
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const now = performance.now();
        times.push(now - last);
        last = now;
      }
      return times;
    });
    await transcript.getByText('Entry 1:', { exact: false }).first().waitFor();
    assert.ok(await page.locator('.entry').count() < 80);
    frameTimes.sort((a, b) => a - b);
    const median = frameTimes[Math.floor(frameTimes.length / 2)] ?? 0;
    assert.ok(median < 50, `median frame while scrolling ${median.toFixed(1)} ms`);
    await page.close();
  });

  it('fits 360 px, in dark mode and Chinese, with the alert highlighted', async () => {
    const { page, problems } = await openWorkspace(browser, lectern, { width: 360, height: 740, colorScheme: 'dark', locale: 'zh-CN' });
    await page.getByRole('button', { name: '救场' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'no horizontal scrolling at 360 px');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.equal(background, 'rgb(17, 20, 24)', 'dark theme from the system preference');
    for (const id of ['rescue', 'catchup', 'summary', 'stop-class', 'entry-text', 'followup-question']) {
      const box = await page.locator(`[data-testid="${id}"]`).boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= 360, `${id} within the screen`);
    }
    await page.locator('[data-testid="transcript"]').evaluate((element) => { element.scrollTop = 1499 * 52 - 100; });
    await page.locator('.entry.alert-warning, .entry.alert-danger').first().waitFor();
    await screenshot(page, 'phone-dark-chinese', ['救场', '补课', '总结', 'Long lecture']);

    await page.locator('[data-testid="language-toggle"]').click();
    await page.getByRole('button', { name: 'Rescue' }).waitFor();
    await page.locator('[data-testid="theme-toggle"]').click();
    assert.equal(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), 'rgb(246, 247, 249)');
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('answers the keyboard shortcuts for the three buttons', async () => {
    const { page } = await openWorkspace(browser, lectern);
    await page.keyboard.press('Alt+C');
    await page.locator('[data-testid="answer"][data-kind="catchup"][data-status="completed"]').waitFor();
    await page.keyboard.press('Alt+R');
    await page.locator('[data-testid="answer"][data-kind="rescue"]').waitFor();
    await page.locator('[data-testid="answer"][data-kind="rescue"][data-status="completed"]').waitFor();
    const { body } = await api.get<{ session: { id: string } }>('/api/v2/status');
    const tasks = await api.get<{ items: { kind: string }[] }>(`/api/v2/assistant?session_id=${body.session.id}`);
    assert.deepEqual(tasks.body.items.map((t) => t.kind).sort(), ['catchup', 'rescue']);
    await page.close();
  });
});
