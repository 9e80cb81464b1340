// Packing ranked lines of several sections into an exact character budget.
import { truncate } from './truncate.js';

export interface PackedLine {
  /** Where the line comes from (entry position, passage index, turn index): restores reading order. */
  key: number;
  text: string;
}

export interface SectionPlan {
  name: string;
  /** Share of the data budget the section may fill before leftovers are handed round. */
  share: number;
  /** Best first. */
  candidates: readonly PackedLine[];
  /** Characters the section costs once it has any line (its fences and separators). */
  overheadChars: number;
  /** Characters each line costs on top of its text (the newline that joins it). */
  lineSeparatorChars: number;
}

export interface PackedSection {
  plan: SectionPlan;
  /** In the order taken, best first. */
  lines: PackedLine[];
}

/** A quote cut shorter than this carries nothing; the space is left to the next section. */
const MIN_TRUNCATED_LINE_CHARS = 40;

/**
 * Fills `budgetChars` from the sections, listed in priority order. A section that gets no line
 * at all gives its overhead back and the rest are packed again, so the budget is used, never
 * exceeded. Sections that got nothing are left out of the result.
 */
export function packSections(plans: readonly SectionPlan[], budgetChars: number): PackedSection[] {
  let active = plans.filter((plan) => plan.candidates.length > 0);
  for (;;) {
    const overhead = active.reduce((sum, plan) => sum + plan.overheadChars, 0);
    const packed = fill(active, budgetChars - overhead);
    const filled = packed.filter((section) => section.lines.length > 0);
    if (filled.length === packed.length) return packed;
    active = filled.map((section) => section.plan);
  }
}

/**
 * Two passes: each section first fills up to its share, so no section starves the others; then
 * whatever is left goes to the sections in priority order.
 */
function fill(plans: readonly SectionPlan[], dataBudget: number): PackedSection[] {
  const sections = plans.map((plan) => ({ plan, lines: [] as PackedLine[], next: 0, spent: 0 }));
  let remaining = Math.max(0, dataBudget);
  for (const pass of ['share', 'leftover'] as const) {
    for (const section of sections) {
      const { plan } = section;
      let allowance = pass === 'share' ? Math.floor(plan.share * dataBudget) - section.spent : remaining;
      for (; section.next < plan.candidates.length; section.next++) {
        const candidate = plan.candidates[section.next];
        if (candidate === undefined) break;
        const space = Math.min(allowance, remaining) - plan.lineSeparatorChars;
        const text = candidate.text.length <= space ? candidate.text : truncateFirstLine(candidate.text, space, section.lines.length);
        if (text === null) break;
        section.lines.push({ key: candidate.key, text });
        const cost = text.length + plan.lineSeparatorChars;
        section.spent += cost;
        allowance -= cost;
        remaining -= cost;
      }
    }
  }
  return sections.map(({ plan, lines }) => ({ plan, lines }));
}

/**
 * Only the first line of a section may be cut to fit: a section whose best line is long
 * (a material passage) still gets a say within its share.
 */
function truncateFirstLine(text: string, space: number, linesTaken: number): string | null {
  if (linesTaken > 0 || space < MIN_TRUNCATED_LINE_CHARS) return null;
  return truncate(text, space);
}
