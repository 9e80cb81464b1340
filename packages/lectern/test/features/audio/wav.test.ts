import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError } from '../../../src/platform/errors.js';
import { decodeWav, encodeWav } from '../../../src/features/audio/wav.js';
import { downmix, peakOf, resampleMono } from '../../../src/features/audio/resample.js';

function tone(frequency: number, rate: number, seconds: number, amplitude = 10_000): Int16Array {
  const samples = new Int16Array(Math.round(rate * seconds));
  for (let i = 0; i < samples.length; i++) samples[i] = Math.round(amplitude * Math.sin((2 * Math.PI * frequency * i) / rate));
  return samples;
}

function refusal(file: Buffer): string {
  try {
    decodeWav(file);
  } catch (error) {
    assert.ok(error instanceof ApiError);
    assert.equal(error.code, 'invalid_request');
    return error.detail?.[0]?.type ?? '';
  }
  assert.fail('the WAV was accepted');
}

describe('WAV decoding', () => {
  it('accepts 16-bit mono and stereo PCM from 8 to 48 kHz and reports its real duration', () => {
    for (const rate of [8000, 16000, 44100, 48000]) {
      const mono = decodeWav(encodeWav(tone(440, rate, 1.5), rate, 1));
      assert.equal(mono.sampleRate, rate);
      assert.equal(mono.channels, 1);
      assert.ok(Math.abs(mono.durationSeconds - 1.5) < 1e-3);
    }
    const stereo = decodeWav(encodeWav(tone(440, 22050, 2), 22050, 2));
    assert.equal(stereo.channels, 2);
    assert.ok(Math.abs(stereo.durationSeconds - 1) < 1e-3);
  });

  it('refuses formats outside the contract', () => {
    assert.equal(refusal(Buffer.from('not a wav at all')), 'invalid_wav');
    assert.equal(refusal(encodeWav(tone(440, 7999, 0.5), 7999)), 'unsupported_format');
    assert.equal(refusal(encodeWav(tone(440, 48001, 0.5), 48001)), 'unsupported_format');
    const eightBit = encodeWav(tone(440, 16000, 0.5), 16000);
    eightBit.writeUInt16LE(8, 34);
    assert.equal(refusal(eightBit), 'unsupported_format');
    const float = encodeWav(tone(440, 16000, 0.5), 16000);
    float.writeUInt16LE(3, 20);
    assert.equal(refusal(float), 'unsupported_format');
    const sixChannels = encodeWav(tone(440, 16000, 0.5), 16000);
    sixChannels.writeUInt16LE(6, 22);
    assert.equal(refusal(sixChannels), 'unsupported_format');
    assert.equal(refusal(encodeWav(new Int16Array(0), 16000)), 'empty');
  });

  it('refuses clips over 30 s, judged from the data, whatever the header claims', () => {
    assert.equal(refusal(encodeWav(new Int16Array(8000 * 31), 8000)), 'too_long');
    // A header claiming 48 kHz stereo over 31 s of 8 kHz mono data: the fields must agree with each other.
    const lying = encodeWav(new Int16Array(8000 * 31), 8000);
    lying.writeUInt32LE(48000, 24);
    assert.equal(refusal(lying), 'invalid_wav');
  });

  it('refuses truncated, streamed and hostile files without reading past them', () => {
    const whole = encodeWav(tone(440, 16000, 1), 16000);
    assert.equal(refusal(whole.subarray(0, whole.length - 100)), 'invalid_wav');
    const streamed = Buffer.from(whole);
    streamed.writeUInt32LE(0xffffffff, 40);
    assert.equal(refusal(streamed), 'invalid_wav');
    const hugeRiff = Buffer.from(whole);
    hugeRiff.writeUInt32LE(0xfffffff0, 4);
    assert.equal(refusal(hugeRiff), 'invalid_wav');
    // Thousands of empty chunks before the data: refused by count, not walked forever.
    const junk = Buffer.alloc(8 * 5000);
    for (let i = 0; i < 5000; i++) junk.write('junk', i * 8, 'latin1');
    const header = whole.subarray(0, 36);
    const flood = Buffer.concat([header, junk, whole.subarray(36)]);
    flood.writeUInt32LE(flood.length - 8, 4);
    assert.equal(refusal(flood), 'invalid_wav');
    const oddFrames = Buffer.concat([whole, Buffer.alloc(1)]);
    oddFrames.writeUInt32LE(whole.length - 44 + 1, 40);
    oddFrames.writeUInt32LE(oddFrames.length - 8, 4);
    assert.equal(refusal(oddFrames), 'invalid_wav');
  });

  it('skips metadata chunks and reads the data chunk after them', () => {
    const wav = encodeWav(tone(440, 16000, 0.25), 16000);
    const list = Buffer.concat([Buffer.from('LIST', 'latin1'), Buffer.from([5, 0, 0, 0]), Buffer.from('INFOx'), Buffer.alloc(1)]);
    const withList = Buffer.concat([wav.subarray(0, 36), list, wav.subarray(36)]);
    withList.writeUInt32LE(withList.length - 8, 4);
    assert.equal(decodeWav(withList).samples.length, 4000);
  });
});

describe('resampling to 16 kHz mono', () => {
  it('keeps a 1 kHz tone and its length, and filters out what lies above the new Nyquist frequency', async () => {
    const kept = await resampleMono(tone(1000, 44100, 1), 44100);
    assert.equal(kept.length, 16000);
    assert.ok(peakOf(kept.subarray(200, -200)) > 9000, 'the 1 kHz tone survives');
    const aliased = await resampleMono(tone(12_000, 44100, 1), 44100);
    assert.ok(peakOf(aliased.subarray(200, -200)) < 300, 'a 12 kHz tone is removed, not folded down to 4 kHz');
  });

  it('downmixes stereo by averaging the channels', () => {
    assert.deepEqual([...downmix(new Int16Array([100, 300, -50, -150]), 2)], [200, -100]);
  });
});
