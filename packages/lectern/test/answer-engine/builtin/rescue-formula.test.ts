// A rescue at a question that gives numbers and asks for one: the class's formula applied, and
// for a second question the rule the number meets.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { builtinMarkdown, classLines } from '../../support/builtin-answer.js';
import { section } from '../evaluation/evaluate.js';

async function say(texts: readonly string[]): Promise<string> {
  const markdown = await builtinMarkdown({ kind: 'rescue', courseName: 'Physics', entries: classLines(texts, 50_000) });
  return section(markdown, 'Say this', '可以这样说');
}

describe('rescue at a question that asks for a number', () => {
  it('applies the formula the class gave to the numbers of the case', async () => {
    const answer = await say([
      'Today, speed.',
      'Speed equals the distance divided by the time.',
      'If the speed is greater than twelve, the cyclist is racing. Below that, she is touring.',
      'Quick one. A cyclist rides a distance of 30 kilometres in two hours. How fast is she going, and is she racing?',
    ]);
    assert.match(answer, /I think it's 15: 30 divided by 2\./);
    assert.match(answer, /greater than twelve/, 'the rule the number meets answers the second question');
  });

  it('applies it in Chinese', async () => {
    const answer = await say(['今天讲动量。', '动量等于质量乘以速度。', '好，我问一下。一个小球，质量二千克，速度每秒三米，动量是多少？']);
    assert.match(answer, /我觉得是6，2乘以3。/);
  });
});
