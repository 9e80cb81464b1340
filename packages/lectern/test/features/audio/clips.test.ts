import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Entry } from '../../../src/features/entries/schemas.js';
import { systemRecogniserPaths } from '../../../src/features/models/system-recogniser.js';
import { encodeWav } from '../../../src/features/audio/wav.js';
import { startFeatureServer, type FeatureServer } from '../../support/feature-server.js';
import { multipartBody, multipartForm } from '../../support/multipart.js';
import { classOpening, derivativeLecture, speak } from '../../support/speech.js';
import { mean, wordErrorRate } from '../../support/word-error-rate.js';
import { courseVocabularyWritten } from '../../support/course-vocabulary.js';

const fixtures = join(import.meta.dirname, '..', '..', 'fixtures', 'materials');
const features = ['sessions', 'entries', 'materials', 'settings', 'models', 'audio'] as const;

interface ClipAnswer {
  entry: Entry | null;
  duplicate: boolean;
}

function postClip(feature: FeatureServer, sessionId: string, sourceId: string, wav: Buffer) {
  const form = multipartForm({ source_id: sourceId }, { filename: 'clip.wav', content: wav, contentType: 'audio/wav' });
  return feature.inject({ method: 'POST', url: `/api/v2/sessions/${sessionId}/audio`, ...form });
}

async function startClass(feature: FeatureServer, materialId: string | null, source = 'browser'): Promise<string> {
  const created = await feature.inject({ method: 'POST', url: '/api/v2/sessions', payload: { course_name: 'Calculus I', source, material_id: materialId } });
  assert.equal(created.statusCode, 201, created.body);
  return created.json<{ id: string }>().id;
}

async function stop(feature: FeatureServer, sessionId: string): Promise<void> {
  assert.equal((await feature.inject({ method: 'POST', url: `/api/v2/sessions/${sessionId}/stop` })).statusCode, 200);
}

describe('audio clips through the HTTP API (pocketsphinx with the course vocabulary)', () => {
  let feature: FeatureServer;
  let materialId: string;

  before(async () => {
    // The feature server's environment is empty: give it this machine's search path for pocketsphinx.
    feature = await startFeatureServer(features, { models: { systemRecogniser: systemRecogniserPaths(process.env) } });
    const deck = multipartBody({ filename: 'derivatives.pptx', content: readFileSync(join(fixtures, 'derivatives.pptx')) });
    const uploaded = await feature.inject({ method: 'POST', url: '/api/v2/materials', ...deck });
    assert.equal(uploaded.statusCode, 201, uploaded.body);
    materialId = uploaded.json<{ id: string }>().id;
  });
  after(async () => {
    feature.services.recognisers.close();
    await feature.close();
  });

  it('turns spoken sentences on the deck\'s subject into entries (16 kHz mono and 44.1 kHz stereo), judged by word error rate', async () => {
    const sessionId = await startClass(feature, materialId);
    // The class's vocabulary is built from its creation on; clips before it is ready decode with
    // the generic model (the next describe), so these wait for it.
    assert.ok(await courseVocabularyWritten(feature.dataDir), 'the course vocabulary was built');
    const sentences = derivativeLecture.slice(0, 4);
    const rates: number[] = [];
    const texts: string[] = [];
    for (const [index, sentence] of sentences.entries()) {
      const wav = index % 2 === 0 ? speak(sentence) : speak(sentence, { rate: 44100, channels: 2 });
      const response = await postClip(feature, sessionId, `clip-${index}`, wav);
      assert.equal(response.statusCode, 200, response.body);
      const answer = response.json<ClipAnswer>();
      assert.equal(answer.duplicate, false);
      assert.ok(answer.entry, `clip ${index} became an entry`);
      assert.equal(answer.entry.source_id, `clip-${index}`);
      rates.push(wordErrorRate(sentence, answer.entry.text));
      texts.push(answer.entry.text);
    }
    const wer = mean(rates);
    const heard = texts.join(' ');
    // The deck's jargon is heard: "secant" is not in the CMU dictionary, so only a course
    // vocabulary (which has espeak-ng spell it) can decode it; the generic model never does.
    assert.match(heard, /\bsecant\b/, heard);
    // Measured 0.68 on espeak-ng's formant voice (0.54 with the narrower course model before
    // general English's 5,000 words; the recorded MBROLA voices gained instead: docs/benchmarks.md,
    // "General English, larger"); the generic model is ≈ 0.9.
    assert.ok(wer <= 0.8, `mean WER ${wer.toFixed(2)} (${rates.map((r) => r.toFixed(2)).join(' ')}): ${heard}`);
    const listed = (await feature.inject({ method: 'GET', url: `/api/v2/sessions/${sessionId}/entries` })).json<{ items: Entry[] }>().items;
    assert.equal(listed.length, sentences.length);
    await stop(feature, sessionId);
  });

  it("builds a speaking class's vocabulary as soon as it has its material, before its first clip", async () => {
    const vocabularies = join(feature.dataDir, 'speech', 'vocabularies');
    /** The vocabulary folders whose language model has this word (the course name's): binary form, words stored NUL-separated. */
    const builtWith = (word: string) =>
      (existsSync(vocabularies) ? readdirSync(vocabularies) : []).filter((name) => {
        const lm = join(vocabularies, name, 'course.lm.bin');
        return existsSync(lm) && readFileSync(lm).includes(`\0${word}\0`);
      });
    const create = async (courseName: string, source: string) => {
      const created = await feature.inject({ method: 'POST', url: '/api/v2/sessions', payload: { course_name: courseName, source, material_id: materialId } });
      assert.equal(created.statusCode, 201, created.body);
      return created.json<{ id: string }>().id;
    };
    // A text class sends no speech: nothing is built for it.
    const textClass = await create('Calculus Typewritten', 'text');
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    assert.deepEqual(builtWith('typewritten'), []);
    await stop(feature, textClass);
    const browserClass = await create('Calculus Prepared', 'browser');
    const deadline = Date.now() + 30_000;
    while (builtWith('prepared').length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(builtWith('prepared').length, 1, 'built without a clip');
    await stop(feature, browserClass);
  });

  it("adapts the recogniser to the class's speaker once it has heard 20 s of speech", async () => {
    const sessionId = await startClass(feature, materialId);
    // Each class's estimates live in its folder: classes/<class>/estimate-<n>/model.
    const classes = join(feature.dataDir, 'speech', 'adaptation', 'classes');
    const adaptedModels = () =>
      (existsSync(classes) ? readdirSync(classes) : []).flatMap((folder) =>
        readdirSync(join(classes, folder)).filter((name) => name.startsWith('estimate-') && existsSync(join(classes, folder, name, 'model', 'means'))),
      );
    const before = adaptedModels().length;
    // Eight sentences of the class's opening: about 28 s of speech.
    for (const [index, sentence] of classOpening.slice(0, 8).entries()) {
      assert.equal((await postClip(feature, sessionId, `opening-${index}`, speak(sentence))).statusCode, 200);
    }
    // The estimate runs in the background (~1 s of CPU here); the class goes on meanwhile.
    const deadline = Date.now() + 60_000;
    while (adaptedModels().length === before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(adaptedModels().length, before + 1, 'an adapted model was estimated for the class');
    // The next clip decodes with it and still becomes an entry.
    const next = await postClip(feature, sessionId, 'after-adaptation', speak(derivativeLecture[0]!));
    assert.equal(next.statusCode, 200, next.body);
    assert.ok(next.json<ClipAnswer>().entry);
    await stop(feature, sessionId);
  });

  it('answers a retried clip as a duplicate (even after stop), refuses different audio under the same source_id, and keeps silence out', async () => {
    const sessionId = await startClass(feature, materialId);
    const clip = speak(derivativeLecture[4]!);
    const first = await postClip(feature, sessionId, 'retry-me', clip);
    assert.equal(first.statusCode, 200, first.body);
    const firstEntry = first.json<ClipAnswer>().entry;
    const retried = await postClip(feature, sessionId, 'retry-me', clip);
    assert.equal(retried.statusCode, 200);
    assert.deepEqual(retried.json<ClipAnswer>(), { entry: firstEntry, duplicate: true });
    const other = await postClip(feature, sessionId, 'retry-me', speak(derivativeLecture[5]!));
    assert.equal(other.statusCode, 409);
    assert.equal(other.json<{ error: string }>().error, 'invalid_state');

    const silence = await postClip(feature, sessionId, 'quiet', encodeWav(new Int16Array(16000 * 2), 16000));
    assert.equal(silence.statusCode, 200);
    assert.deepEqual(silence.json<ClipAnswer>(), { entry: null, duplicate: false });

    await stop(feature, sessionId);
    const afterStop = await postClip(feature, sessionId, 'retry-me', clip);
    assert.deepEqual(afterStop.json<ClipAnswer>(), { entry: firstEntry, duplicate: true });
    const late = await postClip(feature, sessionId, 'late', clip);
    assert.equal(late.statusCode, 409);
  });

  it('checks in the contract\'s order: decode (422) before session (404), and never echoes the upload', async () => {
    const bad = await postClip(feature, 'no-such-session', 'x', Buffer.from('RIFF....WAVEnot really'));
    assert.equal(bad.statusCode, 422);
    assert.equal(bad.json<{ detail: { loc: string[] }[] }>().detail[0]!.loc.join('.'), 'body.file');
    const missing = await postClip(feature, 'no-such-session', 'x', encodeWav(new Int16Array(1600), 16000));
    assert.equal(missing.statusCode, 404);
    const tooLong = await postClip(feature, 'no-such-session', 'x', encodeWav(new Int16Array(8000 * 31), 8000));
    assert.equal(tooLong.statusCode, 422);
    // Bigger than any valid 30 s clip: refused while reading, without buffering it all.
    const oversized = Buffer.concat([encodeWav(new Int16Array(16), 16000), Buffer.alloc(7 * 1024 * 1024)]);
    const refused = await postClip(feature, 'no-such-session', 'x', oversized);
    assert.equal(refused.statusCode, 422);
    assert.equal(refused.json<{ detail: { type: string }[] }>().detail[0]!.type, 'too_long');
    const noSourceId = await feature.inject({
      method: 'POST',
      url: '/api/v2/sessions/whatever/audio',
      ...multipartBody({ filename: 'a.wav', content: encodeWav(new Int16Array(1600), 16000) }),
    });
    assert.equal(noSourceId.statusCode, 422);
  });

  it('writes nothing when the class stops while a clip is being recognised', async () => {
    const sessionId = await startClass(feature, materialId);
    const pending = postClip(feature, sessionId, 'racing', speak(derivativeLecture[2]!, { rate: 48000 }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await stop(feature, sessionId);
    const response = await pending;
    assert.equal(response.statusCode, 409, response.body);
    const listed = (await feature.inject({ method: 'GET', url: `/api/v2/sessions/${sessionId}/entries` })).json<{ items: Entry[] }>().items;
    assert.equal(listed.length, 0);
    // No receipt either: the same clip is still refused as for a stopped class, not replayed.
    assert.equal((await postClip(feature, sessionId, 'racing', speak(derivativeLecture[2]!, { rate: 48000 }))).statusCode, 409);
  });

  it('refuses clips for a microphone class', async () => {
    const created = await feature.inject({ method: 'POST', url: '/api/v2/sessions', payload: { source: 'microphone' } });
    const sessionId = created.json<{ id?: string }>().id ?? feature.services.sessions.current()?.id;
    assert.ok(sessionId);
    const response = await postClip(feature, sessionId, 'c', speak('hello'));
    assert.equal(response.statusCode, 409);
    await stop(feature, sessionId);
  });
});

describe("a class's first clips and its vocabulary build", () => {
  // The build runs in a process of its own and spells the deck's words with espeak-ng, found on
  // the recogniser's search path: here a gate in front of the real one, which holds every build
  // at its first spelling until the test opens it. No timing decides what is asserted.
  const gateDir = mkdtempSync(join(tmpdir(), 'lectern-espeak-gate-'));
  const gate = join(gateDir, 'open');
  const realEspeak = ['/usr/bin/espeak-ng', '/usr/local/bin/espeak-ng'].find((path) => existsSync(path)) ?? 'espeak-ng';
  writeFileSync(join(gateDir, 'espeak-ng'), `#!/bin/sh\nwhile [ ! -e '${gate}' ]; do sleep 0.05; done\nexec '${realEspeak}' "$@"\n`);
  chmodSync(join(gateDir, 'espeak-ng'), 0o755);
  const paths = systemRecogniserPaths(process.env);
  let feature: FeatureServer;

  const upload = async (name: string) => {
    const uploaded = await feature.inject({ method: 'POST', url: '/api/v2/materials', ...multipartBody({ filename: name, content: readFileSync(join(fixtures, name)) }) });
    assert.equal(uploaded.statusCode, 201, uploaded.body);
    return uploaded.json<{ id: string }>().id;
  };
  /** The vocabularies written (complete folders only: a build writes its folder whole, then renames it). */
  const vocabularies = () => {
    const directory = join(feature.dataDir, 'speech', 'vocabularies');
    return existsSync(directory) ? readdirSync(directory).filter((name) => /^[0-9a-f]{32}$/.test(name)) : [];
  };
  const waitForVocabularies = async (count: number) => {
    const deadline = Date.now() + 60_000;
    while (vocabularies().length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(vocabularies().length, count);
  };
  /** The text of these clips, each an entry. */
  const heard = async (sessionId: string, prefix: string, sentences: readonly string[]) => {
    const texts: string[] = [];
    for (const [index, sentence] of sentences.entries()) {
      const response = await postClip(feature, sessionId, `${prefix}-${index}`, speak(sentence));
      assert.equal(response.statusCode, 200, response.body);
      texts.push(response.json<ClipAnswer>().entry?.text ?? '');
    }
    return texts.join(' ');
  };
  // "secant" is not in the CMU dictionary: only a course vocabulary (espeak-ng spells it) decodes it.
  const secantSentences = [derivativeLecture[1]!, derivativeLecture[5]!];

  before(async () => {
    feature = await startFeatureServer(features, { models: { systemRecogniser: { ...paths, searchPath: `${gateDir}:${paths.searchPath}` } } });
  });
  after(async () => {
    writeFileSync(gate, '');
    feature.services.recognisers.close();
    await feature.close();
    rmSync(gateDir, { recursive: true, force: true });
  });

  it('answers a clip posted while the build runs with the generic model, and the clips after the build with the course vocabulary', async () => {
    const deck = await upload('derivatives.pptx');
    const sessionId = await startClass(feature, deck);
    const before = await heard(sessionId, 'early', secantSentences);
    // Answered with the build held at its first spelling: no clip waits for it.
    assert.deepEqual(vocabularies(), [], 'no vocabulary was written yet');
    assert.ok(before.trim() !== '', 'the clips became entries');
    assert.doesNotMatch(before, /\bsecant\b/, 'decoded without the course vocabulary');
    writeFileSync(gate, '');
    await waitForVocabularies(1);
    const after = await heard(sessionId, 'later', secantSentences);
    assert.match(after, /\bsecant\b/, 'decoded with the course vocabulary');
    await stop(feature, sessionId);
  });

  it("starts the course's next class, while its own vocabulary is built, with the one the course's last class had", async () => {
    rmSync(gate, { force: true });
    // Another material of the same course: a build of its own, held at its first spelling again.
    const sessionId = await startClass(feature, await upload('photosynthesis.docx'));
    const written = vocabularies();
    const first = await heard(sessionId, 'early', secantSentences);
    assert.deepEqual(vocabularies(), written, "the class's own vocabulary was not written yet");
    assert.match(first, /\bsecant\b/, "decoded with the course's previous vocabulary, which has the deck's words");
    writeFileSync(gate, '');
    await waitForVocabularies(written.length + 1);
    await stop(feature, sessionId);
  });

  it('starts no decoder with the vocabulary of a class that stopped while it was built, and one for a class that goes on', async () => {
    /** pocketsphinx processes decoding with this vocabulary (its folder is on their command line). */
    const decodersUsing = (vocabularyId: string) =>
      readdirSync('/proc')
        .filter((name) => /^\d+$/.test(name))
        .filter((pid) => {
          try {
            return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(`vocabularies/${vocabularyId}/`);
          } catch {
            return false; // ended while listed
          }
        });
    /** Builds a vocabulary for a new course's class behind the gate; `stopFirst` stops the class before the build ends. */
    const buildFor = async (courseName: string, stopFirst: boolean) => {
      rmSync(gate, { force: true });
      const deck = await upload('derivatives.pptx');
      const created = await feature.inject({ method: 'POST', url: '/api/v2/sessions', payload: { course_name: courseName, source: 'browser', material_id: deck } });
      assert.equal(created.statusCode, 201, created.body);
      const sessionId = created.json<{ id: string }>().id;
      const written = vocabularies();
      if (stopFirst) await stop(feature, sessionId);
      writeFileSync(gate, '');
      await waitForVocabularies(written.length + 1);
      return { sessionId, vocabularyId: vocabularies().find((id) => !written.includes(id))! };
    };

    const goesOn = await buildFor('Going on', false);
    const deadline = Date.now() + 20_000;
    while (decodersUsing(goesOn.vocabularyId).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.notDeepEqual(decodersUsing(goesOn.vocabularyId), [], "the next clip's decoder is started with the class's new vocabulary");
    await stop(feature, goesOn.sessionId);

    const stopped = await buildFor('Stopped early', true);
    // Nothing to wait for when the behaviour is right; long enough for a decoder to be seen if one started.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    assert.deepEqual(decodersUsing(stopped.vocabularyId), [], 'no decoder for a class that ended');
  });

  it('decodes the first clip of a class whose vocabulary was built before with that one, not with the course\'s latest', async () => {
    // The deck of this course's first class again (the same text, course and empty transcript:
    // the vocabulary the first test built), after a class of another deck made that one the latest.
    rmSync(gate, { force: true });
    const written = vocabularies();
    const sessionId = await startClass(feature, await upload('derivatives.pptx'));
    const first = await heard(sessionId, 'again', secantSentences.slice(0, 1));
    assert.match(first, /\bsecant\b/, "decoded with the class's own vocabulary, read from disk");
    assert.deepEqual(vocabularies(), written, 'nothing was built');
    await stop(feature, sessionId);
    writeFileSync(gate, '');
  });
});

describe('recogniser selection (asr.model_id)', () => {
  it('answers 503 model_unavailable naming both ways to get a recogniser when none is installed', async () => {
    const feature = await startFeatureServer(features, { models: { systemRecogniser: { searchPath: '/nonexistent', modelDir: '/nonexistent' } } });
    try {
      const sessionId = await startClass(feature, null);
      const response = await postClip(feature, sessionId, 'a', speak('the derivative'));
      assert.equal(response.statusCode, 503);
      const body = response.json<{ error: string; message: string }>();
      assert.equal(body.error, 'model_unavailable');
      assert.match(body.message, /apt-get install pocketsphinx pocketsphinx-en-us/);
      assert.match(body.message, /models\/sensevoice-small\/install/);

      await feature.inject({ method: 'PUT', url: '/api/v2/settings', payload: { asr: { model_id: 'sensevoice-small' } } });
      const senseVoice = await postClip(feature, sessionId, 'b', speak('the derivative'));
      assert.equal(senseVoice.statusCode, 503);
      assert.match(senseVoice.json<{ message: string }>().message, /SenseVoice is not installed: install SenseVoice with the model manager \(lectern models install sensevoice-small, or POST \/api\/v2\/models\/sensevoice-small\/install\)/);
    } finally {
      await feature.close();
    }
  });
});
