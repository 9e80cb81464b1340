// A rescue at a Chinese yes/no question says yes or no first, then the class's reason.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { builtinMarkdown, classLines } from '../../support/builtin-answer.js';
import { section } from '../evaluation/evaluate.js';

async function rescue(texts: readonly string[]): Promise<string> {
  return builtinMarkdown({ kind: 'rescue', courseName: '生物', entries: classLines(texts, 40_000) });
}

describe('rescue at a yes/no question', () => {
  it('opens with the verdict the class gave, not only with the reason', async () => {
    const markdown = await rescue([
      '今天讲渗透。水从浓度低的一边往浓度高的一边走。',
      '动物细胞放进清水里，水不断进去，细胞就胀破了。',
      '植物细胞外面有一层细胞壁，很硬，像一个盒子。',
      '所以植物细胞放进清水里，最多胀得鼓鼓的，细胞壁撑着，不会胀破。',
      '好，我问一下。植物细胞放进清水里，会不会胀破？为什么？',
    ]);
    const say = section(markdown, '可以这样说');
    assert.match(say, /我觉得不会，/);
    assert.match(say, /细胞壁/);
  });
});
