import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ContractViolation, ERROR_CODES, ERROR_REGISTRY, LoomError, isErrorCode } from '../src/errors.js';
import type { Span } from '../src/language/span.js';

const span: Span = {
  file: 'transfer.nx',
  start: { line: 5, column: 3, offset: 40 },
  end: { line: 5, column: 9, offset: 46 },
};

describe('error registry', () => {
  it('has exactly the codes of the contract, each once', () => {
    assert.equal(new Set(ERROR_CODES).size, ERROR_CODES.length);
    assert.deepEqual(Object.keys(ERROR_REGISTRY).sort(), [...ERROR_CODES].sort());
  });

  it('gives every code a family, a title, a cause and a remedy', () => {
    for (const code of ERROR_CODES) {
      const entry = ERROR_REGISTRY[code];
      for (const field of ['family', 'title', 'cause', 'remedy'] as const) {
        assert.ok(entry[field].trim().length > 0, `${code} has an empty ${field}`);
      }
      assert.match(entry.cause, /[.!]$/, `${code} cause is a full sentence`);
      assert.match(entry.remedy, /[.!]$/, `${code} remedy is a full sentence`);
    }
  });

  it('uses the families the runtime formats name', () => {
    assert.equal(ERROR_REGISTRY.E001.title, 'Undeclared identifier');
    assert.equal(ERROR_REGISTRY.E201.family, 'ContractViolation');
    assert.equal(ERROR_REGISTRY.E301.family, 'TypeViolation');
    assert.equal(ERROR_REGISTRY.E302.family, 'TypeWarning');
    assert.equal(ERROR_REGISTRY.E401.family, 'DatabaseError');
    assert.equal(ERROR_REGISTRY.E502.family, 'AuthError');
    assert.equal(ERROR_REGISTRY.EC02.family, 'ContractViolation');
  });

  it('recognises codes and rejects anything else', () => {
    assert.equal(isErrorCode('E401'), true);
    assert.equal(isErrorCode('E999'), false);
    assert.equal(isErrorCode('e401'), false);
    assert.equal(isErrorCode('toString'), false);
  });
});

describe('LoomError', () => {
  it('carries code, message and span, and is named after its family', () => {
    const error = new LoomError('E402', 'Query failed: no such table: users', span);
    assert.ok(error instanceof Error);
    assert.equal(error.code, 'E402');
    assert.equal(error.message, 'Query failed: no such table: users');
    assert.equal(error.span, span);
    assert.equal(String(error), 'DatabaseError: Query failed: no such table: users');
  });

  it('keeps the underlying cause', () => {
    const driverError = new Error('SQLITE_CANTOPEN');
    const error = new LoomError('E401', 'Failed to connect to sqlite://x.db', undefined, { cause: driverError });
    assert.equal(error.cause, driverError);
  });

  it('derives the contract code from the clause unless a route contract says otherwise', () => {
    assert.equal(new ContractViolation('m', { clause: 'requires', condition: 'semantic' }).code, 'E201');
    assert.equal(new ContractViolation('m', { clause: 'ensures', condition: 'deterministic' }).code, 'E202');
    assert.equal(new ContractViolation('m', { clause: 'invariant', condition: 'deterministic' }).code, 'E203');
    const route = new ContractViolation('token required', { clause: 'requires', condition: 'deterministic', code: 'EC02' });
    assert.equal(route.code, 'EC02');
    assert.equal(route.clause, 'requires');
  });
});
