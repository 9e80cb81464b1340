import type { Db } from '../../platform/db.js';
import type { ModelState } from './schemas.js';

/** A state that is stored; `missing` is the absence of a row. */
export type StoredModelState = Exclude<ModelState, 'missing'>;

export interface ModelInstall {
  model_id: string;
  state: StoredModelState;
  error: string | null;
  /** File name → sha256 of the files verified and moved into place. */
  file_digests: Record<string, string>;
  updated_at: string;
}

interface ModelInstallRow extends Omit<ModelInstall, 'file_digests'> {
  file_digests: string;
}

const parse = (row: ModelInstallRow): ModelInstall => ({ ...row, file_digests: JSON.parse(row.file_digests) as Record<string, string> });

/** The installation state of downloadable models, so a restart knows what was there and what to resume. */
export function createModelInstallStore(db: Db) {
  const all = db.prepare<[], ModelInstallRow>('SELECT model_id, state, error, file_digests, updated_at FROM model_installs');
  const one = db.prepare<[string], ModelInstallRow>('SELECT model_id, state, error, file_digests, updated_at FROM model_installs WHERE model_id = ?');
  const upsert = db.prepare<[string, string, string | null, string, string]>(
    `INSERT INTO model_installs (model_id, state, error, file_digests, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (model_id) DO UPDATE SET state = excluded.state, error = excluded.error, file_digests = excluded.file_digests, updated_at = excluded.updated_at`,
  );
  const remove = db.prepare<[string]>('DELETE FROM model_installs WHERE model_id = ?');

  return {
    all(): ModelInstall[] {
      return all.all().map(parse);
    },
    get(modelId: string): ModelInstall | undefined {
      const row = one.get(modelId);
      return row === undefined ? undefined : parse(row);
    },
    put(install: Omit<ModelInstall, 'updated_at'>): void {
      upsert.run(install.model_id, install.state, install.error, JSON.stringify(install.file_digests), new Date().toISOString());
    },
    remove(modelId: string): void {
      remove.run(modelId);
    },
  };
}

export type ModelInstallStore = ReturnType<typeof createModelInstallStore>;
