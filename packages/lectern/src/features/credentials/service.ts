import { ApiError, invalidState, notFound } from '../../platform/errors.js';
import { createCredentialCipher, secretKeyFileName } from './crypto.js';
import { credentialNames, type CredentialConfigured, type CredentialName, type CredentialStatus } from './schemas.js';
import type { CredentialStore } from './store.js';

/** `llm` → `LECTERN_LLM_KEY`, `seed_app` → `LECTERN_SEED_APP_KEY`. */
function environmentVariableOf(name: CredentialName): string {
  return `LECTERN_${name.toUpperCase()}_KEY`;
}

function isCredentialName(name: string): name is CredentialName {
  return (credentialNames as readonly string[]).includes(name);
}

/**
 * Write-only credentials. Values are sealed (AES-256-GCM) before they reach the store and
 * opened only by `reveal`, for the task runner; nothing here logs or returns one. A value in
 * the environment wins and cannot be changed through the API, so a managed deployment stays
 * in control of its keys.
 */
export function createCredentialService(store: CredentialStore, dataDir: string, env: NodeJS.ProcessEnv = process.env) {
  const cipher = createCredentialCipher(dataDir);

  const fromEnvironment = (name: CredentialName): string | undefined => env[environmentVariableOf(name)]?.trim() || undefined;

  function known(name: string): CredentialName {
    if (!isCredentialName(name)) throw notFound('Credential');
    return name;
  }

  function writable(name: string): CredentialName {
    const credential = known(name);
    if (fromEnvironment(credential) !== undefined) {
      throw invalidState(`The ${credential} credential is provided by the environment (${environmentVariableOf(credential)}) and cannot be changed here`);
    }
    return credential;
  }

  function statusOf(name: CredentialName, updatedAt: string | undefined): CredentialStatus {
    if (fromEnvironment(name) !== undefined) return { name, configured: true, read_only: true, updated_at: null };
    return { name, configured: updatedAt !== undefined, read_only: false, updated_at: updatedAt ?? null };
  }

  function updatedAtByName(): Map<string, string> {
    return new Map(store.list().map((row) => [row.name, row.updated_at]));
  }

  return {
    list(): CredentialStatus[] {
      const updatedAt = updatedAtByName();
      return credentialNames.map((name) => statusOf(name, updatedAt.get(name)));
    },

    status(name: string): CredentialStatus {
      const credential = known(name);
      return statusOf(credential, updatedAtByName().get(credential));
    },

    put(name: string, value: string): CredentialConfigured {
      const credential = writable(name);
      store.put(credential, cipher.seal(value, credential), new Date().toISOString());
      return { name: credential, configured: true };
    },

    /** Idempotent: deleting a credential that is not stored answers the same. */
    remove(name: string): CredentialConfigured {
      const credential = writable(name);
      store.remove(credential);
      return { name: credential, configured: false };
    },

    /** The value for a provider call: the environment's first, then the stored one, else null. */
    reveal(name: CredentialName): string | null {
      const provided = fromEnvironment(name);
      if (provided !== undefined) return provided;
      const sealed = store.sealed(name);
      if (sealed === undefined) return null;
      try {
        return cipher.open(sealed, name);
      } catch (error) {
        if (error instanceof ApiError) throw error;
        throw new ApiError('storage_error', `The stored ${name} credential cannot be decrypted (was ${secretKeyFileName} replaced?); enter it again`);
      }
    },
  };
}

export type CredentialService = ReturnType<typeof createCredentialService>;
