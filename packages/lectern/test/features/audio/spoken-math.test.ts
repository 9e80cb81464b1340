import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spokenLine, spokenMathOf, spokenPowerExamples } from '../../../src/features/audio/speech/vocabulary/spoken-math.js';

describe('spoken mathematics for the course vocabulary', () => {
  it('says powers, primes, functions, Leibniz notation, fractions and operators as a lecturer does', () => {
    const cases: [string, string][] = [
      ['The derivative of x^n is n·x^(n−1)', 'The derivative of x to the n is n times x to the n minus one'],
      ['Notation: f′(x) or dy/dx', 'Notation: f prime of x or d y d x'],
      ["f'(x) = 3x^2 + 2", 'f prime of x equals three x squared plus two'],
      ['sin x | cos x | ln x | 1/x', 'sine x | cosine x | natural log x | one over x'],
      ['e^x', 'e to the x'],
      ['lim h→0 (f(x+h) − f(x))/h', 'limit h goes to zero f of x plus h minus f of x over h'],
      ['x - 1 ≤ 2.5', 'x minus one less than or equal to two point five'],
      ['a 1676 memoir', 'a one six seven six memoir'],
    ];
    for (const [written, said] of cases) assert.equal(spokenLine(written), said, written);
  });

  it('adds the powers said as examples of a rule stated for any power, once per base', async () => {
    assert.deepEqual(spokenPowerExamples('The derivative of x^n is n·x^(n−1)'), ['x squared x cubed']);
    assert.deepEqual(spokenPowerExamples('t^(k+1) and y^m'), ['t squared t cubed', 'y squared y cubed']);
    // Numeric powers are spoken as they are written; a caret between words is not a power.
    assert.deepEqual(spokenPowerExamples('x^2 + x^3, 10^6'), []);
    assert.deepEqual(spokenPowerExamples("Rolle's ^ theorem"), []);
    assert.equal(await spokenMathOf('Rule: x^n'), 'Rule: x to the n\nx squared x cubed');
  });

  it('leaves words alone: apostrophes, hyphens and prose lines are not notation', async () => {
    assert.equal(spokenLine("Rolle's theorem is well-known"), "Rolle's theorem is well-known");
    assert.equal(await spokenMathOf("Rolle's theorem is well-known.\nStudents often forget to lower the exponent."), '');
    assert.equal(await spokenMathOf('Intro\nsin x\nThe end'), 'sine x');
  });

  it('yields between slices of a long material', async () => {
    let pauses = 0;
    const spoken = await spokenMathOf('x^2\n'.repeat(2_500), async () => void pauses++);
    assert.equal(spoken.split('\n').length, 2_500);
    assert.equal(pauses, 2);
  });
});
