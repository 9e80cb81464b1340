import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where synthesised clips are cached between runs (deterministic: `sox -D` adds no dither). */
const cacheDir = join(tmpdir(), 'lectern-test-speech');

export interface SpeechOptions {
  /** Output sample rate (espeak-ng speaks at 22,050 Hz; sox resamples). */
  rate?: number;
  channels?: 1 | 2;
  /** An espeak-ng voice; US English by default. */
  voice?: string;
}

/** `text` spoken by espeak-ng, as a 16-bit PCM WAV at the asked rate and channel count. */
export function speak(text: string, options: SpeechOptions = {}): Buffer {
  const { rate = 16000, channels = 1, voice = 'en-us' } = options;
  mkdirSync(cacheDir, { recursive: true });
  const key = createHash('sha256').update(JSON.stringify([text, rate, channels, voice])).digest('hex').slice(0, 24);
  const spoken = join(cacheDir, `${key}.espeak.wav`);
  const output = join(cacheDir, `${key}.wav`);
  execFileSync('espeak-ng', ['-v', voice, '-w', spoken, text]);
  execFileSync('sox', ['-D', spoken, '-r', String(rate), '-c', String(channels), '-b', '16', '-e', 'signed-integer', output]);
  return readFileSync(output);
}

/** Sentences about derivatives (the deck in test/fixtures/materials/derivatives.pptx), not copied from its slides. */
export const derivativeLecture: readonly string[] = [
  'the derivative tells us how fast the function changes',
  'the slope of the secant line approaches the slope of the tangent line',
  'use the chain rule when one function is inside another',
  'by the power rule the derivative of x cubed is three x squared',
  'for a product of two functions we apply the product rule',
  'the mean value theorem gives a point where the tangent is parallel to the secant',
];

/** The audio bench's lecture: the tests' six sentences and four more, none copied from the deck. */
export const benchLecture: readonly string[] = [
  ...derivativeLecture,
  'a secant line crosses the curve at two points',
  'the limit of the difference quotient is the derivative',
  'the derivative of the sine function is the cosine function',
  'differentiate the inner function and multiply by the outer derivative',
];
