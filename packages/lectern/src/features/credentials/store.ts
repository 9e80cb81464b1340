import type { Db } from '../../platform/db.js';

export interface StoredCredential {
  name: string;
  updated_at: string;
}

/** Sealed credential values by name; this module never sees a value in clear text. */
export function createCredentialStore(db: Db) {
  const all = db.prepare<[], StoredCredential>('SELECT name, updated_at FROM credentials');
  const sealedOf = db.prepare<[string], { sealed: Buffer }>('SELECT sealed FROM credentials WHERE name = ?');
  const upsert = db.prepare<[string, Buffer, string]>(
    'INSERT INTO credentials (name, sealed, updated_at) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET sealed = excluded.sealed, updated_at = excluded.updated_at',
  );
  const remove = db.prepare<[string]>('DELETE FROM credentials WHERE name = ?');

  return {
    list(): StoredCredential[] {
      return all.all();
    },
    sealed(name: string): Buffer | undefined {
      return sealedOf.get(name)?.sealed;
    },
    put(name: string, sealed: Buffer, now: string): void {
      upsert.run(name, sealed, now);
    },
    remove(name: string): void {
      remove.run(name);
    },
  };
}

export type CredentialStore = ReturnType<typeof createCredentialStore>;
