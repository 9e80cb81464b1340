import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from '@sinclair/typebox';
import { combineCatalogues } from '../../src/platform/events.js';
import { entryEvents } from '../../src/features/entries/events.js';
import { sessionEvents } from '../../src/features/sessions/events.js';

describe('combineCatalogues: the features\' events as the bus\'s one catalogue', () => {
  it('keeps every feature\'s frames in the order given', () => {
    assert.deepEqual(Object.keys(combineCatalogues(sessionEvents, entryEvents)), ['session', 'transcript', 'alert']);
  });

  it('refuses a name two features declare, instead of letting one silently replace the other', () => {
    const alsoTranscript = { transcript: { data: Type.Object({}), description: 'A second meaning for the same name.' } };
    assert.throws(() => combineCatalogues(entryEvents, alsoTranscript), /The event transcript is declared twice/);
  });
});
