// Chinese yes/no questions (能不能, 是不是, 会…吗) and the verdict a class sentence gives them.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { verdictIn, yesNoQuestion } from '../../../src/answer-engine/text/yes-no.js';

describe('yesNoQuestion', () => {
  it('reads the verb, its negation and the predicate asked', () => {
    assert.deepEqual(yesNoQuestion('那热量能不能从冷水传到热水？'), { yes: '能', no: '不能', predicate: '从冷水传到热水' });
    assert.deepEqual(yesNoQuestion('有没有例外？'), { yes: '有', no: '没有', predicate: '例外' });
    assert.deepEqual(yesNoQuestion('水分子可以穿过细胞膜吗？'), { yes: '可以', no: '不可以', predicate: '穿过细胞膜' });
  });

  it('is null for other questions', () => {
    assert.equal(yesNoQuestion('为什么？'), null);
    assert.equal(yesNoQuestion('能量是怎么流动的？'), null);
  });
});

describe('verdictIn', () => {
  const asked = yesNoQuestion('细胞壁会不会破裂？');
  it('says no when a negation comes just before the predicate, yes when none does', () => {
    assert.ok(asked !== null);
    assert.equal(verdictIn('因为有细胞壁撑着，植物细胞一般不会破裂。', asked), '不会');
    assert.equal(verdictIn('动物细胞没有细胞壁，放进清水里就破裂了。', asked), '会');
    assert.equal(verdictIn('细胞壁主要由纤维素组成。', asked), null, 'a sentence that does not say the predicate gives no verdict');
  });
});
