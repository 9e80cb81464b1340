import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { citationOf, rankMaterial } from '../../../src/answer-engine/context/material.js';
import { tokenize } from '../../../src/answer-engine/text/tokens.js';
import type { MaterialText } from '../../../src/answer-engine/types.js';

function citedFor(material: MaterialText, query: string): string | null {
  const hit = rankMaterial(material, tokenize(query), 1)[0];
  assert.ok(hit !== undefined);
  return citationOf(material, hit);
}

describe('rankMaterial: citations', () => {
  it('cites the page of each material even when two materials share their text', () => {
    // The text is the non-empty pages joined: a blank slide 2 leaves it unchanged.
    const text = 'Glycolysis splits glucose\n\nThe Krebs cycle makes NADH';
    const withBlank: MaterialText = {
      filename: 'v1.pptx',
      text,
      pageLabel: 'slide',
      pages: [{ number: 1, text: 'Glycolysis splits glucose' }, { number: 2, text: '' }, { number: 3, text: 'The Krebs cycle makes NADH' }],
    };
    const withoutBlank: MaterialText = {
      filename: 'v2.pptx',
      text,
      pageLabel: 'slide',
      pages: [{ number: 1, text: 'Glycolysis splits glucose' }, { number: 2, text: 'The Krebs cycle makes NADH' }],
    };
    assert.equal(citedFor(withBlank, 'Krebs cycle NADH'), '(slide 3)');
    assert.equal(citedFor(withoutBlank, 'Krebs cycle NADH'), '(slide 2)');
    assert.equal(citedFor(withBlank, 'Krebs cycle NADH'), '(slide 3)');
  });

  it('cites pages of a paged file after a pageless file with the same text was ranked', () => {
    const text = 'Alpha particles are helium nuclei\n\nGamma rays are photons';
    const plain: MaterialText = { filename: 'notes.txt', text, pageLabel: null };
    const paged: MaterialText = {
      filename: 'notes.pdf',
      text,
      pageLabel: 'page',
      pages: [{ number: 1, text: 'Alpha particles are helium nuclei' }, { number: 2, text: 'Gamma rays are photons' }],
    };
    assert.equal(citedFor(plain, 'gamma rays photons'), null);
    assert.equal(citedFor(paged, 'gamma rays photons'), '(p. 2)');
  });
});
