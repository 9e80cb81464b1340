// The issue's targets for offline answers ("Offline answers that are right on lectures nobody
// here wrote"), in one place for the table, the verdicts and the BENCH line.
import type { Measure } from './run-lecture.js';

export interface RateTarget {
  measure: Measure;
  label: string;
  /** The least share of hits that meets the target. */
  min: number;
}

export const RATE_TARGETS: readonly RateTarget[] = [
  { measure: 'rescue', label: 'rescue', min: 0.7 },
  { measure: 'followup', label: 'follow-up', min: 0.8 },
  { measure: 'termsNamed', label: 'concept recall', min: 0.7 },
  { measure: 'precision', label: 'concept precision', min: 0.9 },
  { measure: 'homework', label: 'homework', min: 0.95 },
  { measure: 'openQuestion', label: 'open questions', min: 1 },
];

/** Every rescue and follow-up's first `assistant.delta` within this many milliseconds of its POST. */
export const FIRST_TOKEN_MAX_MS = 50;

/** How a rate target reads in the table: "≥ 70%", or "100%" when nothing less will do. */
export function targetLabel(target: RateTarget): string {
  return target.min >= 1 ? '100%' : `≥ ${Math.round(target.min * 100)}%`;
}
