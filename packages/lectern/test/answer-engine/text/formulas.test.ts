// Numbers as a teacher says them, formulas the class states, and a formula applied to the
// numbers of a new case, in English and Chinese.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { applyFormula, formulaIn, sayNumber } from '../../../src/answer-engine/text/formulas.js';
import { spokenNumbers, wholeNumber } from '../../../src/answer-engine/text/numbers.js';

const values = (text: string): number[] => spokenNumbers(text).map((n) => n.value);

describe('spokenNumbers', () => {
  it('reads digits, English number words and Chinese numerals', () => {
    assert.deepEqual(values('Rent goes up five percent, and 2.5 people leave.'), [5, 2.5]);
    assert.deepEqual(values('twenty-five cars and three hundred bikes, half of them red'), [25, 300, 0.5]);
    assert.deepEqual(values('质量是零点二千克，速度是每秒十二米'), [0.2, 12]);
  });

  it('leaves out "one" the pronoun and 一 the article', () => {
    assert.deepEqual(values('OK, try one. Take a car going sixty.'), [60]);
    assert.deepEqual(values('一个小球'), []);
  });

  it('reads a text that is only a number', () => {
    assert.equal(wholeNumber('one'), 1);
    assert.equal(wholeNumber('零点五'), 0.5);
    assert.equal(wholeNumber('one car'), null);
  });
});

describe('formulaIn', () => {
  it('reads one operation between quantities, or a number and a quantity', () => {
    assert.deepEqual(formulaIn('Speed equals the distance divided by the time.'), {
      result: 'Speed',
      left: { words: 'distance' },
      operator: '/',
      right: { words: 'time' },
    });
    assert.deepEqual(formulaIn('Frequency equals one over the period.')?.left, { value: 1 });
    assert.equal(formulaIn('动能等于二分之一乘以质量乘以速度的平方。'), null, 'more than one operation is not read');
    assert.equal(formulaIn('Two plus two equals four.'), null);
    assert.equal(formulaIn('Speed is how fast you go.'), null);
  });
});

describe('applyFormula', () => {
  it('gives each quantity the number said beside its words, the last one what is left', () => {
    const speed = formulaIn('Speed equals the distance divided by the time.');
    assert.ok(speed !== null);
    const applied = applyFormula(speed, 'A cyclist rides a distance of 30 kilometres, and it takes her two hours. How fast is she going?');
    assert.equal(applied?.value, 15);
    assert.equal(applyFormula(speed, 'How fast is a car going?'), null, 'no numbers, nothing to apply');
  });

  it('works on a Chinese formula', () => {
    const momentum = formulaIn('动量等于质量乘以速度。');
    assert.ok(momentum !== null);
    assert.equal(applyFormula(momentum, '一个小球，质量二千克，速度每秒三米，动量是多少？')?.value, 6);
  });

  it('says a result with at most three significant digits', () => {
    assert.equal(sayNumber(2), '2');
    assert.equal(sayNumber(1 / 3), '0.333');
  });
});
