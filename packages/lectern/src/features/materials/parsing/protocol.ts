// Messages between the server and a parse worker.
import type { ExtractedMaterial, RejectionReason } from './extracted.js';

export interface ParseJob {
  bytes: Uint8Array;
  /** The safe basename; only its extension is read (to tell Markdown from plain text). */
  filename: string;
}

export type ParseOutcome =
  | { kind: 'parsed'; material: ExtractedMaterial; sha256: string }
  | { kind: 'rejected'; reason: RejectionReason; message: string };
