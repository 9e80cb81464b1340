import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiError } from '../../../src/platform/errors.js';
import { createCredentialCipher, secretKeyFileName } from '../../../src/features/credentials/crypto.js';

const root = mkdtempSync(join(tmpdir(), 'lectern-crypto-'));
after(() => rmSync(root, { recursive: true, force: true }));
let dirCount = 0;
const freshDir = (): string => mkdtempSync(join(root, `${++dirCount}-`));

const nonceBytes = 12;
const tagBytes = 16;

describe('credential cipher', () => {
  it('creates a private 32-byte key file on first use, not before', () => {
    const dataDir = freshDir();
    const cipher = createCredentialCipher(dataDir);
    const keyPath = join(dataDir, secretKeyFileName);
    assert.equal(existsSync(keyPath), false);
    cipher.seal('value', 'llm');
    assert.equal(statSync(keyPath).mode & 0o777, 0o600);
    assert.equal(readFileSync(keyPath).length, 32);
  });

  it('seals as nonce + ciphertext + tag, with a fresh nonce each time, and opens what it sealed', () => {
    const cipher = createCredentialCipher(freshDir());
    const value = 'sk-test-密钥-1234';
    const first = cipher.seal(value, 'llm');
    const second = cipher.seal(value, 'llm');
    assert.equal(first.length, nonceBytes + Buffer.byteLength(value) + tagBytes);
    assert.notDeepEqual(first.subarray(0, nonceBytes), second.subarray(0, nonceBytes));
    assert.equal(first.includes(Buffer.from(value)), false);
    assert.equal(cipher.open(first, 'llm'), value);
    assert.equal(cipher.open(second, 'llm'), value);
  });

  it('keeps using the key of an existing key file (another process, or a restart)', () => {
    const dataDir = freshDir();
    const sealed = createCredentialCipher(dataDir).seal('kept', 'asr');
    assert.equal(createCredentialCipher(dataDir).open(sealed, 'asr'), 'kept');
  });

  it('refuses a value sealed for another name, tampered with, or under another key', () => {
    const dataDir = freshDir();
    const cipher = createCredentialCipher(dataDir);
    const sealed = cipher.seal('value', 'llm');
    assert.throws(() => cipher.open(sealed, 'asr'));
    const tampered = Buffer.from(sealed);
    tampered[nonceBytes] = (tampered[nonceBytes] ?? 0) ^ 1;
    assert.throws(() => cipher.open(tampered, 'llm'));
    assert.throws(() => cipher.open(sealed.subarray(0, nonceBytes), 'llm'));
    const otherDir = freshDir();
    createCredentialCipher(otherDir).seal('x', 'llm');
    assert.throws(() => createCredentialCipher(otherDir).open(sealed, 'llm'));
  });

  it('tightens a key file whose mode was loosened, and reports a damaged one as storage_error', () => {
    const dataDir = freshDir();
    const keyPath = join(dataDir, secretKeyFileName);
    writeFileSync(keyPath, Buffer.alloc(32, 7), { mode: 0o644 });
    createCredentialCipher(dataDir).seal('v', 'llm');
    assert.equal(statSync(keyPath).mode & 0o777, 0o600);

    writeFileSync(keyPath, Buffer.alloc(5));
    assert.throws(() => createCredentialCipher(dataDir).seal('v', 'llm'), (error: unknown) => {
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, 503);
      assert.equal(error.code, 'storage_error');
      return true;
    });
  });
});
