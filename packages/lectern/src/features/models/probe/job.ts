import type { ModelKind } from '../schemas.js';

/** What the probe child is asked to load. */
export interface ProbeJob {
  kind: ModelKind;
  dir: string;
  files: string[];
}

export type ProbeOutcome = { ok: true; reply: string } | { ok: false; message: string };
