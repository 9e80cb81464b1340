import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { server } from '../../config.js';
import { ApiError } from '../../platform/errors.js';

export const secretKeyFileName = 'secret.key';

const algorithm = 'aes-256-gcm';
const keyBytes = 32;
/** 96-bit nonces are GCM's native size; a random one per value never repeats in practice at this volume. */
const nonceBytes = 12;
const tagBytes = 16;

/**
 * Writes a new key to a temporary file and hard-links it into place, so the key file either
 * does not exist or is complete, and two processes racing to create it agree on one key.
 */
function createKeyFile(path: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, randomBytes(keyBytes), { mode: server.privateFileMode, flush: true });
  try {
    linkSync(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
}

/** DATA_DIR/secret.key, created on first use and kept private to the user (0600). */
function loadOrCreateSecretKey(dataDir: string): Buffer {
  const path = join(dataDir, secretKeyFileName);
  let key: Buffer;
  try {
    if (!existsSync(path)) createKeyFile(path);
    chmodSync(path, server.privateFileMode);
    key = readFileSync(path);
  } catch {
    throw new ApiError('storage_error', `Cannot read or create the credential key file ${secretKeyFileName} in the data directory`);
  }
  if (key.length !== keyBytes) throw new ApiError('storage_error', `The credential key file ${secretKeyFileName} is damaged`);
  return key;
}

export interface CredentialCipher {
  /** nonce + ciphertext + tag. The credential's name is authenticated too, so a value copied to another name does not open. */
  seal(plaintext: string, name: string): Buffer;
  /** Throws when the value was tampered with or sealed under another key. */
  open(sealed: Buffer, name: string): string;
}

/** AES-256-GCM with the data dir's key, which is only read (or created) when a credential is first sealed or opened. */
export function createCredentialCipher(dataDir: string): CredentialCipher {
  let key: Buffer | undefined;
  const secretKey = (): Buffer => (key ??= loadOrCreateSecretKey(dataDir));

  return {
    seal(plaintext, name) {
      const nonce = randomBytes(nonceBytes);
      const cipher = createCipheriv(algorithm, secretKey(), nonce, { authTagLength: tagBytes });
      cipher.setAAD(Buffer.from(name, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return Buffer.concat([nonce, ciphertext, cipher.getAuthTag()]);
    },
    open(sealed, name) {
      if (sealed.length < nonceBytes + tagBytes) throw new Error('sealed value too short');
      const nonce = sealed.subarray(0, nonceBytes);
      const tag = sealed.subarray(sealed.length - tagBytes);
      const decipher = createDecipheriv(algorithm, secretKey(), nonce, { authTagLength: tagBytes });
      decipher.setAAD(Buffer.from(name, 'utf8'));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(sealed.subarray(nonceBytes, sealed.length - tagBytes)), decipher.final()]).toString('utf8');
    },
  };
}
