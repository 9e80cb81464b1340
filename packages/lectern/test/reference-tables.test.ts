import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { renderErrorTable, renderEventTable } from '../src/reference-tables.js';
import { busEvents } from '../src/event-catalogue.js';
import { errorStatus } from '../src/platform/errors.js';
import { connectionFrames } from '../src/features/events/frames.js';

const API_DOC = new URL('../../../docs/api.md', import.meta.url);

/** The page with the text between `<!-- name:begin … -->` and `<!-- name:end -->` replaced. */
function withBlock(page: string, name: string, content: string): string {
  const pattern = new RegExp(`(<!-- ${name}:begin[^>]*-->\\n)[\\s\\S]*?(<!-- ${name}:end -->)`);
  assert.match(page, pattern, `docs/api.md has no ${name} block`);
  return page.replace(pattern, (_match, begin: string, end: string) => `${begin}${content}\n${end}`);
}

function generatedPage(page: string): string {
  return withBlock(withBlock(page, 'errors', renderErrorTable()), 'events', renderEventTable());
}

describe('docs/api.md', () => {
  if (process.env['LECTERN_UPDATE_DOCS'] === '1') writeFileSync(API_DOC, generatedPage(readFileSync(API_DOC, 'utf8')));

  it('states the event frames and error statuses exactly as the code declares them', () => {
    const page = readFileSync(API_DOC, 'utf8');
    assert.equal(page, generatedPage(page), 'docs/api.md is stale: run LECTERN_UPDATE_DOCS=1 npm test -- reference-tables');
  });

  it('lists every event type and every error code with its status', () => {
    const events = renderEventTable();
    for (const type of [...Object.keys(busEvents), ...Object.keys(connectionFrames)]) assert.ok(events.includes(`| \`${type}\` |`), type);
    const errors = renderErrorTable();
    for (const [code, status] of Object.entries(errorStatus)) assert.ok(errors.includes(`| \`${code}\` | ${status} |`), code);
  });
});
