import type { Db } from '../../platform/db.js';

export interface AudioReceipt {
  session_id: string;
  source_id: string;
  pcm_sha256: string;
  entry_id: number | null;
  created_at: string;
}

/** SQL for the receipts of accepted audio clips. */
export function createAudioReceiptStore(db: Db) {
  const get = db.prepare<[string, string], AudioReceipt>(
    'SELECT session_id, source_id, pcm_sha256, entry_id, created_at FROM audio_receipts WHERE session_id = ? AND source_id = ?',
  );
  const insert = db.prepare('INSERT INTO audio_receipts (session_id, source_id, pcm_sha256, entry_id, created_at) VALUES (@session_id, @source_id, @pcm_sha256, @entry_id, @created_at)');
  return {
    get: (sessionId: string, sourceId: string): AudioReceipt | undefined => get.get(sessionId, sourceId),
    insert: (receipt: AudioReceipt): void => void insert.run(receipt),
    /** Runs `work` in one transaction: a receipt and the entry it points to are written together or not at all. */
    transaction: <T>(work: () => T): T => db.transaction(work)(),
  };
}

export type AudioReceiptStore = ReturnType<typeof createAudioReceiptStore>;
