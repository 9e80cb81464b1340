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

/**
 * The first minutes of the same class (40 sentences, about 2.5 min spoken): what the recogniser
 * hears before the lecture sentences, so speaker adaptation has had its estimates. Neither on
 * the slides nor among the lecture's sentences.
 */
export const classOpening: readonly string[] = [
  'good morning everyone please take out your notes from last week',
  'today we continue with derivatives and how to compute them',
  'remember that the slope of a line is rise over run',
  'we can estimate the slope with two points that are close together',
  'as the second point moves closer the secant becomes the tangent',
  'the notation f prime of x means the derivative of f',
  'let us try a few examples on the board',
  'the derivative of a constant is zero',
  'for the exponential function the derivative is the function itself',
  'the natural log has derivative one over x',
  'check your answer by drawing the graph',
  'if the function is smooth the derivative exists at every point',
  'a sharp corner means the function is not differentiable there',
  'the rate of change of position is velocity',
  'the rate of change of velocity is acceleration',
  'we write the limit as h goes to zero',
  'plug in the numbers and simplify the fraction',
  'this rule saves a lot of work on the exam',
  'does anyone have a question about the homework',
  'next time we will look at implicit differentiation',
  'before we start let me hand back the quizzes',
  'most of you did well on the first question',
  'the second question asked for the slope at a single point',
  'many people forgot to simplify their final answer',
  'so let us go over that problem together',
  'first we write down the function we are given',
  'then we pick a small value for h',
  'we compute the change in the output',
  'and we divide by the change in the input',
  'that ratio is the average rate of change',
  'when h shrinks the ratio settles down to one number',
  'that number is what we call the instantaneous rate',
  'on a graph it is the steepness of the curve at that spot',
  'a positive value means the curve is going up',
  'a negative value means the curve is going down',
  'where the value is zero the curve is flat for a moment',
  'those flat spots often mark a maximum or a minimum',
  'we will use that idea a lot when we study optimization',
  'please write this down because it will be on the test',
  'alright let us move on to the new material',
];
