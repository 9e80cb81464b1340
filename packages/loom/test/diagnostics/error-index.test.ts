import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { renderErrorIndex } from '../../src/diagnostics/error-index.js';
import { ERROR_CODES, ERROR_REGISTRY, LINT_CODES, LINT_REGISTRY } from '../../src/errors.js';

const ERROR_INDEX_PATH = new URL('../../../../docs/loom/errors.md', import.meta.url);

describe('docs/loom/errors.md', () => {
  if (process.env['LOOM_UPDATE_DOCS'] === '1') writeFileSync(ERROR_INDEX_PATH, renderErrorIndex());

  it('is the page generated from the registry', () => {
    assert.equal(
      readFileSync(ERROR_INDEX_PATH, 'utf8'),
      renderErrorIndex(),
      'docs/loom/errors.md is stale: run LOOM_UPDATE_DOCS=1 npm test -- error-index',
    );
  });

  it('documents the family, title, cause and remedy of every code', () => {
    const page = renderErrorIndex();
    for (const code of ERROR_CODES) {
      const { family, title, cause, remedy } = ERROR_REGISTRY[code];
      assert.ok(page.includes(`## ${code}: ${title}\n\nFamily: \`${family}\``), `${code} heading`);
      assert.ok(page.includes(`**Cause.** ${cause}`), `${code} cause`);
      assert.ok(page.includes(`**Remedy.** ${remedy}`), `${code} remedy`);
    }
  });

  it('documents the title and remedy of every lint warning', () => {
    const page = renderErrorIndex();
    for (const code of LINT_CODES) {
      const { title, remedy } = LINT_REGISTRY[code];
      assert.ok(page.includes(`### ${code}: ${title}\n\n**Remedy.** ${remedy}`), code);
    }
  });
});
