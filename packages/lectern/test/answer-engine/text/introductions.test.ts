import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { termMentions } from '../../../src/answer-engine/text/concepts.js';
import { definedTerm, introducedTerm } from '../../../src/answer-engine/text/introductions.js';
import { loadLanguageModels } from '../../../src/answer-engine/text/language-models.js';

async function introduced(sentence: string): Promise<string | undefined> {
  const models = await loadLanguageModels();
  return introducedTerm(sentence, termMentions(sentence, models), models)?.key;
}

async function defined(sentence: string): Promise<string | undefined> {
  const models = await loadLanguageModels();
  return definedTerm(sentence, termMentions(sentence, models))?.key;
}

describe('introducedTerm', () => {
  it('finds an English term said last after a naming cue', async () => {
    assert.equal(await introduced('That layer of warm water is the thermocline.'), 'thermocline');
    assert.equal(await introduced('The rock that forms this way is called basalt: it cools fast.'), 'basalt');
    assert.equal(await introduced('Grind it fine, and that is a slurry.'), 'slurry');
    assert.equal(await introduced('Now the second idea: plate tectonics.'), 'plate tectonic');
    assert.equal(await introduced("That's a fault line, we'll map one next week."), 'fault line');
    assert.equal(await introduced('There are also aquifers.'), 'aquifer');
  });

  it('does not take a word pointed back at, or one in the middle of a sentence, for a new term', async () => {
    assert.equal(await introduced("That's the spirit."), undefined);
    assert.equal(await introduced("That's the water cycle."), 'water cycle');
    assert.equal(await introduced('The basalt cools quickly near the surface of the sea.'), undefined);
  });

  it('finds a Chinese term after 叫/就是 and not a clause or an adjective', async () => {
    assert.equal(await introduced('岩石熔化以后冷却下来，这叫岩浆岩。'), '岩浆岩');
    assert.equal(await introduced('第二个部分，叫板块边界：两个板块相遇的地方。'), '板块边界');
    assert.equal(await introduced('这种情况就是不稳定。'), undefined);
    assert.equal(await introduced('能不能用，要看条件。'), undefined);
    assert.equal(await introduced('我们再看一个例子，毕达哥拉斯定理。'), '毕达哥拉斯定理');
    assert.equal(await introduced('要填的就是地图那一页。'), undefined);
  });
});

describe('definedTerm', () => {
  it('finds the term a definition opens with', async () => {
    assert.equal(await defined('A fault line is a crack where two plates slide.'), 'fault line');
    assert.equal(await defined('So the thermocline is where the temperature drops fast.'), 'thermocline');
    assert.equal(await defined('It moves because the fault line slips.'), undefined);
    assert.equal(await defined('岩浆岩就是岩浆冷却形成的岩石。'), '岩浆岩');
  });
});
