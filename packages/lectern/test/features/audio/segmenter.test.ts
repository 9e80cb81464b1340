import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SpeechSegmenter } from '../../../src/features/audio/capture/segmenter.js';
import { VoiceActivityDetector } from '../../../src/features/audio/capture/voice-activity.js';
import { decodeWav } from '../../../src/features/audio/wav.js';
import { speak } from '../../support/speech.js';

const frame = (value: number) => new Int16Array(160).fill(value);
const timing = { frameMs: 10, endSilenceMs: 50, minSpeechMs: 30, maxSeconds: 0.2, preRollMs: 20 };

describe('speech segmentation', () => {
  it('cuts a segment after enough silence, with a little audio from before the speech', () => {
    const segmenter = new SpeechSegmenter(timing);
    for (let i = 0; i < 5; i++) assert.equal(segmenter.push(frame(1), false), null);
    for (let i = 0; i < 5; i++) assert.equal(segmenter.push(frame(2), true), null);
    let segment: Int16Array | null = null;
    for (let i = 0; i < 5 && !segment; i++) segment = segmenter.push(frame(3), false);
    assert.ok(segment);
    // 2 pre-roll frames + 5 voiced + 5 silent ones (the last of which ended it).
    assert.equal(segment.length, 12 * 160);
    assert.equal(segment[0], 1);
    assert.equal(segment[2 * 160], 2);
  });

  it('drops blips shorter than the minimum and cuts endless speech at the maximum length', () => {
    const segmenter = new SpeechSegmenter(timing);
    segmenter.push(frame(2), true);
    for (let i = 0; i < 5; i++) assert.equal(segmenter.push(frame(0), false), null, 'a 10 ms blip is no segment');
    let cut: Int16Array | null = null;
    let frames = 0;
    while (!cut && frames < 100) {
      cut = segmenter.push(frame(2), true);
      frames++;
    }
    assert.ok(cut);
    assert.equal(frames, 20, 'cut at 200 ms');
  });

  it('flush hands over the segment in progress (pause, stop)', () => {
    const segmenter = new SpeechSegmenter(timing);
    for (let i = 0; i < 4; i++) segmenter.push(frame(2), true);
    assert.equal(segmenter.flush()?.length, 4 * 160);
    assert.equal(segmenter.flush(), null);
  });

  it('WebRTC VAD finds the speech in espeak-ng audio and not in silence', async () => {
    const vad = await VoiceActivityDetector.create();
    try {
      const speech = decodeWav(speak('the derivative is the slope of the tangent line')).samples;
      let voiced = 0;
      let frames = 0;
      for (let offset = 0; offset + 160 <= speech.length; offset += 160, frames++) if (vad.isSpeech(speech.slice(offset, offset + 160))) voiced++;
      assert.ok(voiced / frames > 0.5, `${voiced}/${frames} frames voiced`);
      assert.equal(vad.isSpeech(new Int16Array(160)), false);
    } finally {
      vad.close();
    }
  });
});
