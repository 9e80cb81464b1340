import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Entry } from '../../../src/features/entries/schemas.js';
import type { BusFrame } from '../../../src/event-catalogue.js';
import { systemRecogniserPaths } from '../../../src/features/models/system-recogniser.js';
import { startFeatureServer, type FeatureServer } from '../../support/feature-server.js';
import { multipartBody } from '../../support/multipart.js';
import { startPrivatePulseAudio, type PrivatePulseAudio } from '../../support/pulseaudio.js';
import { derivativeLecture, speak } from '../../support/speech.js';
import { wordErrorRate } from '../../support/word-error-rate.js';
import { courseVocabularyWritten } from '../../support/course-vocabulary.js';

const fixtures = join(import.meta.dirname, '..', '..', 'fixtures', 'materials');
const features = ['sessions', 'entries', 'materials', 'settings', 'models', 'audio'] as const;
const work = mkdtempSync(join(tmpdir(), 'lectern-microphone-'));

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('microphone classes (a PulseAudio null sink fed with espeak-ng speech)', () => {
  let pulse: PrivatePulseAudio;
  let feature: FeatureServer;
  let materialId: string;
  const frames: BusFrame[] = [];
  const levelTimes: number[] = [];

  before(async () => {
    pulse = startPrivatePulseAudio('lectern_i16_sink');
    feature = await startFeatureServer(features, { environment: pulse.environment, models: { systemRecogniser: systemRecogniserPaths(process.env) } });
    feature.services.hub.subscribe(({ frame }) => {
      frames.push(frame);
      if (frame.type === 'audio.level') levelTimes.push(performance.now());
    });
    const deck = multipartBody({ filename: 'derivatives.pptx', content: readFileSync(join(fixtures, 'derivatives.pptx')) });
    materialId = (await feature.inject({ method: 'POST', url: '/api/v2/materials', ...deck })).json<{ id: string }>().id;
  });
  after(async () => {
    await feature.close();
    pulse.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('lists the null sink\'s monitor among the input devices', async () => {
    const response = await feature.inject({ method: 'GET', url: '/api/v2/audio/devices' });
    assert.equal(response.statusCode, 200, response.body);
    const items = response.json<{ items: { id: string; name: string; default: boolean }[] }>().items;
    const monitor = items.find((item) => item.id === pulse.monitor);
    assert.ok(monitor, JSON.stringify(items));
    assert.equal(typeof monitor.default, 'boolean');
  });

  it('records speech into entries with audio.level events, pauses, resumes and drains on stop', async (t) => {
    assert.equal((await feature.inject({ method: 'PUT', url: '/api/v2/settings', payload: { asr: { device_id: pulse.monitor } } })).statusCode, 200);
    const created = await feature.inject({ method: 'POST', url: '/api/v2/sessions', payload: { course_name: 'Calculus I', source: 'microphone', material_id: materialId } });
    assert.equal(created.statusCode, 201, created.body);
    const session = created.json<{ id: string; status: string }>();
    assert.equal(session.status, 'recording');
    // Should an assertion below fail, the class still stops, so the next tests can start theirs.
    t.after(async () => {
      await feature.inject({ method: 'POST', url: `/api/v2/sessions/${session.id}/stop` });
    });
    const entries = async () => (await feature.inject({ method: 'GET', url: `/api/v2/sessions/${session.id}/entries` })).json<{ items: Entry[] }>().items;
    // What a class hears before its course vocabulary is built decodes with the generic model
    // (clips.test.ts covers that); this judges the microphone path with the vocabulary in use.
    assert.ok(await courseVocabularyWritten(feature.dataDir), 'the course vocabulary was built');

    const spoken = derivativeLecture.slice(0, 2);
    for (const [index, sentence] of spoken.entries()) {
      const path = join(work, `sentence-${index}.wav`);
      writeFileSync(path, speak(sentence, { rate: 44100 }));
      await pulse.play(path);
      await new Promise((resolve) => setTimeout(resolve, 900));
    }
    const recognised = await until('two entries', async () => {
      const items = await entries();
      return items.length >= 2 ? items : undefined;
    });
    const wer = wordErrorRate(spoken.join(' '), recognised.map((entry) => entry.text).join(' '));
    // Measured 0.41 alone (the course vocabulary with "secant" spelled out by espeak-ng) and up
    // to 0.64 while other suites share the two cores, once 0.77 in a clean-clone CI run
    // (2026-11-27): capture is real time, and a late read moves the speech detector's cuts. The
    // generic model scores ≈ 0.95, so this still fails when the course vocabulary is not in use.
    assert.ok(wer <= 0.8, `WER ${wer.toFixed(2)}: ${recognised.map((entry) => entry.text).join(' | ')}`);

    const levels = frames.filter((frame) => frame.type === 'audio.level' && frame.session_id === session.id);
    assert.ok(levels.length > 0, 'audio.level frames were sent');
    assert.ok(levels.some((frame) => frame.type === 'audio.level' && frame.data.peak > 0.1), 'speech shows in the level');

    // A long stretch of speech without a pause: its text so far comes as audio.partial before the entry.
    const long = join(work, 'long.wav');
    writeFileSync(long, speak('the derivative measures how fast a function changes, the slope of the tangent line gives that rate, and the chain rule handles a function inside another function'));
    await pulse.play(long);
    const partial = await until('audio.partial', () => frames.find((frame) => frame.type === 'audio.partial' && frame.session_id === session.id));
    assert.ok(partial.type === 'audio.partial' && partial.data.text.length > 0);

    assert.equal((await feature.inject({ method: 'POST', url: `/api/v2/sessions/${session.id}/pause` })).statusCode, 200);
    await feature.services.microphones.settled();
    const levelsAtPause = frames.filter((frame) => frame.type === 'audio.level').length;
    const path = join(work, 'while-paused.wav');
    writeFileSync(path, speak('this is said while the class is paused'));
    await pulse.play(path);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(frames.filter((frame) => frame.type === 'audio.level').length, levelsAtPause, 'no capture while paused');

    assert.equal((await feature.inject({ method: 'POST', url: `/api/v2/sessions/${session.id}/resume` })).statusCode, 200);
    await feature.services.microphones.settled();
    // Spoken and stopped at once: the segment still in progress is drained into the transcript.
    const last = join(work, 'last.wav');
    writeFileSync(last, speak(derivativeLecture[3]!));
    const before = (await entries()).length;
    await pulse.play(last);
    assert.equal((await feature.inject({ method: 'POST', url: `/api/v2/sessions/${session.id}/stop` })).statusCode, 200);
    await feature.services.microphones.settled();
    assert.ok(frames.some((frame) => frame.type === 'audio.stopping' && frame.session_id === session.id));
    assert.ok((await entries()).length > before, 'the last segment became an entry');

    // ≤ 10 level frames a second: any 11 consecutive frames span at least a second. Judged on
    // when they arrive here, so 20 ms are left for delivery jitter on a busy machine; a meter
    // sent for every audio chunk (tens a second) would fail it by far.
    assert.ok(levelTimes.length > 11, 'enough level frames to judge the rate');
    for (let i = 10; i < levelTimes.length; i++) {
      const span = levelTimes[i]! - levelTimes[i - 10]!;
      assert.ok(span >= 980, `11 level frames within ${span.toFixed(0)} ms`);
    }
  });

  it('puts the class in error with device_unavailable when the device cannot be opened', async () => {
    await feature.inject({ method: 'PUT', url: '/api/v2/settings', payload: { asr: { device_id: 'no_such_source' } } });
    const created = await feature.inject({ method: 'POST', url: '/api/v2/sessions', payload: { source: 'microphone' } });
    assert.equal(created.statusCode, 503, created.body);
    assert.equal(created.json<{ error: string }>().error, 'device_unavailable');
    const current = feature.services.sessions.current();
    assert.equal(current?.status, 'error');
    assert.equal((await feature.inject({ method: 'POST', url: `/api/v2/sessions/${current.id}/stop` })).statusCode, 200);
  });

  it('reports a capture that dies mid-class as audio.error and puts the class in error', async () => {
    await feature.inject({ method: 'PUT', url: '/api/v2/settings', payload: { asr: { device_id: pulse.monitor } } });
    const created = await feature.inject({ method: 'POST', url: '/api/v2/sessions', payload: { source: 'microphone' } });
    assert.equal(created.statusCode, 201, created.body);
    const id = created.json<{ id: string }>().id;
    pulse.kill();
    const error = await until('audio.error', () => frames.find((frame) => frame.type === 'audio.error' && frame.session_id === id));
    assert.equal(error.type === 'audio.error' && error.data.code, 'device_unavailable');
    assert.equal(feature.services.sessions.get(id).status, 'error');
    await feature.inject({ method: 'POST', url: `/api/v2/sessions/${id}/stop` });
    const devices = await feature.inject({ method: 'GET', url: '/api/v2/audio/devices' });
    // PulseAudio is gone: the query falls back to ALSA (a list, maybe empty) or fails with 503.
    assert.ok(devices.statusCode === 200 || devices.json<{ error: string }>().error === 'device_unavailable');
  });
});

describe('instances without capture', () => {
  it('an --api-only instance never opens a device: a microphone class fails with device_unavailable', async () => {
    const feature = await startFeatureServer(features, { capture: false, environment: { PATH: process.env.PATH } });
    try {
      const created = await feature.inject({ method: 'POST', url: '/api/v2/sessions', payload: { source: 'microphone' } });
      assert.equal(created.statusCode, 503);
      assert.equal(created.json<{ error: string }>().error, 'device_unavailable');
    } finally {
      await feature.close();
    }
  });

  it('GET /audio/devices answers 503 device_unavailable when no sound system can be queried', async () => {
    const feature = await startFeatureServer(features, { environment: { PATH: '/nonexistent' } });
    try {
      const response = await feature.inject({ method: 'GET', url: '/api/v2/audio/devices' });
      assert.equal(response.statusCode, 503);
      assert.equal(response.json<{ error: string }>().error, 'device_unavailable');
    } finally {
      await feature.close();
    }
  });
});
