// Messages between the server and a parse process.
import type { ExtractedMaterial, RejectionReason } from './extracted.js';

/** Sent over IPC; the file's bytes follow on the process's stdin, as they arrive, until it closes. */
export interface ParseRequest {
  /** The safe basename; only its extension is read (to tell Markdown from plain text). */
  filename: string;
}

export type ParseOutcome =
  | { kind: 'parsed'; material: ExtractedMaterial; sha256: string }
  | { kind: 'rejected'; reason: RejectionReason; message: string };
