// Facts about a sentence's text (is it a question, does it announce homework), each found once
// per text and kept for the next question. Every question on a class reads the same sentences
// again — a rescue ranks the class before it — and these pattern tests were a large part of
// what a question cost on a two-hour class.
import { memory } from '../../config.js';

/** Per text, one slot per fact (see TextFact); undefined until that fact is found. */
type Facts = unknown[];

let young = new Map<string, Facts>();
let old = new Map<string, Facts>();
let youngChars = 0;
let slots = 0;

/**
 * Texts are kept in two generations: a generation is retired whole when it has taken in its
 * budget of characters, and a text read again from the retired one moves back. The texts of
 * the class being asked about stay, at most two budgets are held, and nothing is scanned to
 * evict. A key is a copy of the text: the text may be a slice of a long entry, which a key
 * would otherwise keep alive.
 */
function factsOf(text: string): Facts {
  let facts = young.get(text);
  if (facts !== undefined) return facts;
  facts = old.get(text) ?? [];
  if (youngChars + text.length > memory.textFactsGenerationChars) {
    old = young;
    young = new Map();
    youngChars = 0;
  }
  young.set(flatCopy(text), facts);
  youngChars += text.length;
  return facts;
}

/** A string of its own, not a view into a longer one (V8 flattens the concatenation before slicing it). */
function flatCopy(text: string): string {
  return ` ${text}`.slice(1);
}

/**
 * A pure function of a text whose results are kept (see factsOf). `compute` must never return
 * undefined, and its result is shared by every caller: an object result must not be changed.
 */
export class TextFact<T> {
  private readonly slot = slots++;

  constructor(private readonly compute: (text: string) => T) {}

  of(text: string): T {
    const facts = factsOf(text);
    let fact = facts[this.slot] as T | undefined;
    if (fact === undefined) {
      fact = this.compute(text);
      facts[this.slot] = fact;
    }
    return fact;
  }
}
