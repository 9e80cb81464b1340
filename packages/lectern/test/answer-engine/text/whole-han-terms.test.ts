import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadLanguageModels } from '../../../src/answer-engine/text/language-models.js';
import { wholeHanTerm } from '../../../src/answer-engine/text/whole-han-terms.js';

const PLATES = ['板块边界有三种。', '第一种板块边界叫张裂边界。', '板块边界附近多地震。'];
const BORDERS = ['板块边界有三种。', '板块边界附近多地震。', '国家边界是人画的。', '边界线不一定是直的。'];
const REMINDERS = ['作业：课本第十二页，明天交。', '再说一遍，课本第十二页，明天交。'];

describe('wholeHanTerm', () => {
  it('extends a piece to the term the class says every time', async () => {
    const models = await loadLanguageModels();
    assert.equal(wholeHanTerm('块边界', PLATES.join('\n'), models), '板块边界');
  });

  it('keeps a piece said in different company, and a reminder said twice is no term', async () => {
    const models = await loadLanguageModels();
    assert.equal(wholeHanTerm('边界', BORDERS.join('\n'), models), '边界');
    assert.equal(wholeHanTerm('课本', REMINDERS.join('\n'), models), '课本');
  });
});
