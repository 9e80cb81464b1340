// The key phrases of a stretch of class, as the class spelled them, and finding them in text.
import { rankKeywords } from '../text/keywords.js';
import type { Keyword } from '../text/keywords.js';
import { entryRuns } from '../text/term-cache.js';
import { tokenize } from '../text/tokens.js';
import type { TranscriptLine } from '../types.js';

/** Key phrases of the entries, best first, in the spelling the class used ("ATP", not "atp"). */
export function keywordsOf(entries: readonly TranscriptLine[], limit: number): Keyword[] {
  return inClassSpelling(
    rankKeywords(
      entries.map((entry) => entryRuns(entry)),
      { limit },
    ),
    entries,
  );
}

function inClassSpelling(keywords: readonly Keyword[], entries: readonly TranscriptLine[]): Keyword[] {
  return keywords.map((keyword) => ({ ...keyword, phrase: surfaceForm(keyword.phrase, entries) }));
}

/**
 * Key phrases that share a term with `terms`, falling back to the top phrases. Of two nested
 * phrases only the longer is named: "electron transport chain" says more than "electron".
 */
export function keywordsAbout(keywords: readonly Keyword[], terms: Iterable<string>, limit: number): string[] {
  const wanted = new Set(terms);
  const related = keywords.filter((k) => tokenize(k.phrase).some((t) => wanted.has(t)));
  const chosen: string[] = [];
  for (const { phrase } of related.length > 0 ? related : keywords) {
    const lower = phrase.toLowerCase();
    const inside = chosen.findIndex((c) => lower.includes(c.toLowerCase()));
    if (inside >= 0) chosen[inside] = phrase;
    else if (!chosen.some((c) => c.toLowerCase().includes(lower)) && chosen.length < limit) chosen.push(phrase);
  }
  return [...new Set(chosen)];
}

/**
 * Finds a key phrase in running text: case-insensitively, from a word start (so "cell" does
 * not match "cellular" — the phrase must be followed by a plural ending at most), with any
 * spacing between words. Han phrases match anywhere.
 */
export function mentionPattern(phrase: string): RegExp {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (!/[a-z]/i.test(phrase)) return new RegExp(escaped);
  return new RegExp(`\\b${escaped.replace(/ /g, '\\s+')}(?:s|es)?\\b`, 'i');
}

/** How the newest entry containing the folded phrase spelled it; the folded form if none does. */
function surfaceForm(phrase: string, entries: readonly TranscriptLine[]): string {
  if (!/[a-z]/.test(phrase)) return phrase;
  const pattern = mentionPattern(phrase);
  for (let i = entries.length - 1; i >= 0; i--) {
    const match = pattern.exec(entries[i]?.text ?? '');
    if (match !== null) return match[0];
  }
  return phrase;
}
