import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { LecternClient } from '../../lectern/test/support/http-client.js';
import { LecternProcess, createTempDataDir, removeTempDataDir } from '../../lectern/test/support/lectern-process.js';
import { fileOf, sha256Of, startModelMirror, type ModelMirror } from '../../lectern/test/support/model-mirror.js';
import { FakeOpenAiServer } from '../../lectern/test/support/openai-server.js';
import { launchChromium, openWorkspace, screenshot, type OpenedPage } from './support/browser.js';

const modelBytes = 4 * 1024 * 1024;

interface SettingsBody {
  llm: { mode: string; base_url: string; model: string };
  alerts: { danger_keywords: string[] };
  auto_summary: boolean;
}

/** Materials, settings, credentials, the connection test and the models page, in the browser. */
describe('web workspace: materials, settings and models', () => {
  let lectern: LecternProcess;
  let api: LecternClient;
  let provider: FakeOpenAiServer;
  let mirror: ModelMirror;
  let browser: Browser;
  let opened: OpenedPage;
  let page: Page;
  const manifestDir = createTempDataDir();
  const testId = (id: string) => page.locator(`[data-testid="${id}"]`);

  before(async () => {
    [provider, mirror, browser] = await Promise.all([FakeOpenAiServer.start(), startModelMirror(), launchChromium()]);
    const weights = fileOf(modelBytes);
    // Slow enough to watch the progress bar and cancel, fast enough for a short test.
    mirror.serve('/tiny/tiny.gguf', weights, { bytesPerSecond: 256 * 1024 });
    const manifest = join(manifestDir, '..', 'manifest.json');
    writeFileSync(manifest, JSON.stringify({
      models: [{
        id: 'tiny-llm', kind: 'llm', name: 'Tiny test model', description: 'Random weights for tests', license: 'MIT', license_url: '', source_url: '',
        files: [{ name: 'tiny.gguf', url: `${mirror.baseUrl}/tiny/tiny.gguf`, size_bytes: modelBytes, sha256: sha256Of(weights) }],
      }],
    }));
    lectern = await LecternProcess.start({ env: { LECTERN_MODEL_MANIFEST: manifest } });
    api = new LecternClient(lectern.baseUrl, lectern.token);
    opened = await openWorkspace(browser, lectern);
    page = opened.page;
  });
  after(async () => {
    await browser?.close();
    await Promise.all([provider?.close(), mirror?.close(), lectern?.dispose()]);
    removeTempDataDir(manifestDir);
  });

  it('uploads a material from the file picker and lists it', async () => {
    await testId('tab-materials').click();
    await testId('material-file').setInputFiles({ name: 'limits.md', mimeType: 'text/markdown', buffer: Buffer.from('# Limits\n\nA limit describes the value a function approaches.') });
    await page.locator('[data-testid="upload"][data-state="uploaded"]').getByText('limits.md').waitFor();
    await testId('materials').getByText('limits.md').waitFor();
  });

  it('takes a dropped file and shows the reason it was refused', async () => {
    await testId('dropzone').evaluate((zone) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0])], 'old-slides.ppt', { type: 'application/vnd.ms-powerpoint' }));
      zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    });
    const refused = page.locator('[data-testid="upload"][data-state="refused"]');
    await refused.getByText('old-slides.ppt').waitFor();
    assert.match(await refused.innerText(), /unsupported_media_type/);
    const { body } = await api.get<{ items: { filename: string }[] }>('/api/v2/materials');
    assert.deepEqual(body.items.map((m) => m.filename), ['limits.md'], 'nothing of the refused file was stored');
    await screenshot(page, 'materials', ['limits.md', 'old-slides.ppt', 'Refused']);
  });

  it('saves settings that survive a reload and match what the API returns', async () => {
    await testId('tab-settings').click();
    await testId('settings-mode').selectOption('byok');
    await testId('settings-base-url').fill(provider.baseUrl);
    await testId('settings-model').fill('fake-model-2');
    const danger = testId('settings-danger');
    await danger.fill(`${await danger.inputValue()}\nbring a calculator`);
    await testId('settings-auto-summary').uncheck();
    await testId('settings-save').click();
    await testId('notice').getByText('Settings saved').waitFor();
    await page.locator('[data-testid="settings-model"]').waitFor();
    const deadline = Date.now() + 5000;
    let saved = (await api.get<SettingsBody>('/api/v2/settings')).body;
    while (saved.llm.model !== 'fake-model-2' && Date.now() < deadline) saved = (await api.get<SettingsBody>('/api/v2/settings')).body;
    assert.equal(saved.llm.mode, 'byok');
    assert.equal(saved.llm.base_url, provider.baseUrl);
    assert.equal(saved.auto_summary, false);
    assert.equal(saved.alerts.danger_keywords.at(-1), 'bring a calculator');

    await page.reload();
    await page.locator('[data-testid="connection-status"][data-state="connected"]').waitFor();
    await testId('tab-settings').click();
    await page.waitForFunction(() => (document.querySelector('[data-testid="settings-model"]') as HTMLInputElement | null)?.value === 'fake-model-2');
    assert.equal(await testId('settings-mode').inputValue(), 'byok');
    assert.equal(await testId('settings-auto-summary').isChecked(), false);
    assert.match(await testId('settings-danger').inputValue(), /bring a calculator$/);
  });

  it('stores a credential without ever showing it, and runs the connection test with its timings', async () => {
    const secret = 'sk-browser-test-0123456789abcdef';
    await testId('credential-llm-value').fill(secret);
    await testId('credential-llm-save').click();
    await page.locator('[data-testid="credential-llm"][data-configured="true"]').waitFor();
    assert.equal(await testId('credential-llm-value').inputValue(), '');
    assert.ok(!(await page.content()).includes(secret));

    provider.respondOnceWith({ kind: 'stream', deltas: ['OK'] });
    await testId('connection-test').click();
    const result = page.locator('[data-testid="connection-test-result"][data-ok="true"]');
    await result.waitFor();
    assert.match(await result.innerText(), /first token \d+ ms · total \d+ ms/);
    assert.equal(provider.requests.at(-1)?.headers.authorization, `Bearer ${secret}`);
    await screenshot(page, 'settings', ['fake-model-2', 'first token']);

    provider.respondOnceWith({ kind: 'status', status: 401, body: '{"error":{"message":"bad key"}}' });
    await testId('connection-test').click();
    const failed = page.locator('[data-testid="connection-test-result"][data-ok="false"]');
    await failed.waitFor();
    assert.match(await failed.innerText(), /invalid_key/);
  });

  it('installs a model with a progress bar and cancels it', async () => {
    await testId('tab-models').click();
    const model = page.locator('[data-testid="model"][data-model-id="tiny-llm"]');
    await model.getByText('Tiny test model').waitFor();
    await model.locator('[data-testid="model-install"]').click();
    await page.waitForFunction(() => Number((document.querySelector('[data-testid="model"][data-model-id="tiny-llm"] progress') as HTMLProgressElement | null)?.value ?? 0) > 0);
    await screenshot(page, 'models-installing', ['Tiny test model', 'downloading']);
    await model.locator('[data-testid="model-cancel"]').click();
    await page.locator('[data-testid="model"][data-model-id="tiny-llm"][data-state="cancelled"]').waitFor();
    const { body } = await api.get<{ items: { id: string; state: string }[] }>('/api/v2/models');
    assert.equal(body.items.find((m) => m.id === 'tiny-llm')?.state, 'cancelled');
    // Expected failures the page showed: the refused upload (415), the provider's 401 (503) and
    // GET /models/runtime on a Lectern that has no model runtime yet (404).
    assert.deepEqual(opened.problems.filter((p) => !/the server responded with a status of (404|415|503)/.test(p)), []);
  });
});
