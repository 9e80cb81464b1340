import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { shouldUseColour } from '../../src/diagnostics/colour.js';

describe('shouldUseColour', () => {
  it('colours a terminal', () => {
    assert.equal(shouldUseColour({ isTTY: true }, {}), true);
  });

  it('does not colour pipes and files', () => {
    assert.equal(shouldUseColour({ isTTY: false }, {}), false);
    assert.equal(shouldUseColour({}, {}), false);
  });

  it('does not colour when NO_COLOR is set, even on a terminal', () => {
    assert.equal(shouldUseColour({ isTTY: true }, { NO_COLOR: '1' }), false);
  });

  it('treats an empty NO_COLOR as unset', () => {
    assert.equal(shouldUseColour({ isTTY: true }, { NO_COLOR: '' }), true);
  });
});
