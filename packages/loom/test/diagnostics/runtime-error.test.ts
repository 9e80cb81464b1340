import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ContractViolation, LoomError } from '../../src/errors.js';
import { formatRuntimeError } from '../../src/diagnostics/runtime-error.js';
import type { Span } from '../../src/language/span.js';

const span: Span = {
  file: 'app.nx',
  start: { line: 3, column: 7, offset: 30 },
  end: { line: 3, column: 12, offset: 35 },
};

describe('formatRuntimeError', () => {
  it('reports a family error with its location and code', () => {
    const error = new LoomError('E401', 'Failed to connect to sqlite://data/app.db', span);
    assert.equal(
      formatRuntimeError(error),
      'DatabaseError: Failed to connect to sqlite://data/app.db\n  --> app.nx:3:7\n  = code E401',
    );
  });

  it('leaves out the location when the error has none', () => {
    assert.equal(
      formatRuntimeError(new LoomError('E502', 'JWT signature verification failed')),
      'AuthError: JWT signature verification failed\n  = code E502',
    );
  });

  it('names the clause and condition kind of a contract failure and quotes its message', () => {
    const error = new ContractViolation('amount must be "positive"', { clause: 'requires', condition: 'deterministic', span });
    assert.equal(
      formatRuntimeError(error),
      'ContractViolation(requires:deterministic, message="amount must be \\"positive\\"")\n  --> app.nx:3:7\n  = code E201',
    );
  });

  it('reports type warnings under their own family', () => {
    const text = formatRuntimeError(new LoomError('E302', 'Expected Int, got String (mode: warn)', span));
    assert.match(text, /^TypeWarning: Expected Int, got String \(mode: warn\)\n/);
    assert.match(text, /= code E302$/);
  });
});
