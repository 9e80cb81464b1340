import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { LecternClient } from '../../lectern/test/support/http-client.js';
import { LecternProcess } from '../../lectern/test/support/lectern-process.js';
import { launchChromium, openWorkspace, screenshot } from './support/browser.js';

const spokenText = 'The derivative of a function measures how fast it changes.';
/** Long enough for the level meter and a clip with speech in it; the clip is cut when recording stops. */
const recordMs = 3500;

interface WavHeader {
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  seconds: number;
  peak: number;
}

/** The format, length and loudest sample of a PCM WAV file. */
function wavOf(wav: Buffer): WavHeader {
  assert.equal(wav.toString('latin1', 0, 4), 'RIFF');
  assert.equal(wav.toString('latin1', 8, 12), 'WAVE');
  const channels = wav.readUInt16LE(22);
  const sampleRate = wav.readUInt32LE(24);
  const bitsPerSample = wav.readUInt16LE(34);
  const dataBytes = wav.readUInt32LE(40);
  let peak = 0;
  for (let offset = 44; offset + 1 < 44 + dataBytes && offset + 1 < wav.length; offset += 2) peak = Math.max(peak, Math.abs(wav.readInt16LE(offset)));
  return { channels, sampleRate, bitsPerSample, seconds: dataBytes / (sampleRate * channels * (bitsPerSample / 8)), peak };
}

describe('web workspace: recording from the browser microphone', () => {
  const workDir = mkdtempSync(join(tmpdir(), 'lectern-web-mic-'));
  const speech = join(workDir, 'speech.wav');
  let lectern: LecternProcess;
  let api: LecternClient;
  let browser: Browser;
  let page: Page;
  let audioEndpointStatus = 0;

  before(async () => {
    execFileSync('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', speech, spokenText]);
    [lectern, browser] = await Promise.all([
      LecternProcess.start(),
      launchChromium(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${speech}`]),
    ]);
    api = new LecternClient(lectern.baseUrl, lectern.token);
    page = (await openWorkspace(browser, lectern, { permissions: ['microphone'] })).page;
    // The browser's devtools do not expose Blob upload bodies, so the test itself watches what
    // the page hands to fetch (instrumentation in the test, none in the page).
    await page.evaluate(() => {
      const clips: { sourceId: string; bytes: number[] }[] = [];
      (window as unknown as { __clips: typeof clips }).__clips = clips;
      const original = window.fetch.bind(window);
      window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.body instanceof FormData && String(input).endsWith('/audio')) {
          const file = init.body.get('file') as Blob;
          clips.push({ sourceId: String(init.body.get('source_id')), bytes: Array.from(new Uint8Array(await file.arrayBuffer())) });
        }
        return original(input, init);
      };
    });
  });
  after(async () => {
    await browser?.close();
    await lectern?.dispose();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('records the microphone into 16-bit mono WAV clips of at most 30 s, with a level meter', async () => {
    await page.locator('[data-testid="course-name"]').fill('Listening class');
    await page.locator('[data-testid="class-source"]').selectOption('browser');
    await page.locator('[data-testid="start-class"]').click();
    await page.locator('[data-testid="record"]').click();
    await page.locator('[data-testid="record"][data-recording="true"]').waitFor();
    await page.waitForFunction(() => Number((document.querySelector('[data-testid="level-meter"]') as HTMLMeterElement | null)?.value ?? 0) > 0.05);
    await page.waitForTimeout(recordMs);
    await screenshot(page, 'microphone-recording', ['Listening class', 'Stop recording']);
    const posted = page.waitForResponse((response) => response.url().endsWith('/audio'));
    await page.locator('[data-testid="record"]').click();
    audioEndpointStatus = (await posted).status();

    const clips = await page.evaluate(() => (window as unknown as { __clips: { sourceId: string; bytes: number[] }[] }).__clips);
    assert.equal(clips.length, 1);
    const clip = wavOf(Buffer.from(clips[0]?.bytes ?? []));
    assert.equal(clip.channels, 1);
    assert.equal(clip.bitsPerSample, 16);
    assert.equal(clip.sampleRate, 16_000);
    assert.ok(clip.seconds > 1 && clip.seconds <= 30, `${clip.seconds} s`);
    assert.ok(clip.peak > 1000, 'the clip carries the fake microphone\'s speech, not silence');
    assert.match(clips[0]?.sourceId ?? '', /^browser-[0-9a-f-]{36}-0$/);
  });

  it('posts the clips to the audio endpoint and shows the transcribed entry', async (t) => {
    const { body: status } = await api.get<{ session: { id: string } }>('/api/v2/status');
    // Without a body: an existing endpoint refuses it (400/422); a missing route is a 404.
    const probe = await api.post(`/api/v2/sessions/${status.session.id}/audio`);
    if (probe.status === 404) {
      // The audio endpoint (POST /sessions/{id}/audio) is built on another branch; until it is
      // merged this server answers 404 and there is nothing to transcribe.
      t.skip('POST /api/v2/sessions/{id}/audio answers 404 on this server: the audio endpoint is not merged yet');
      return;
    }
    assert.equal(audioEndpointStatus, 200);
    const { body } = await api.get<{ session: { id: string; entry_count: number } }>('/api/v2/status');
    assert.ok(body.session.entry_count >= 1, 'the clip became an entry');
    await page.locator('[data-testid="transcript"] .entry').first().waitFor();
    assert.equal(await page.locator('[data-testid="error-banner"]').count(), 0);
    await screenshot(page, 'microphone-transcribed', ['Listening class']);
  });
});
