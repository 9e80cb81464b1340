/**
 * Slides write mathematics the way nobody says it: `sin x`, `x^2`, `f′(x)`, `dy/dx`, `1/x`. A
 * lecturer says "sine x", "x squared", "f prime of x", "d y d x", "one over x", and the course
 * vocabulary can only recognise what its language model has seen. This spells such lines out as
 * they are spoken, so the vocabulary gets both forms; lines without notation are left alone.
 * A rule stated for any power (`x^n`) adds the powers spoken as examples ("x squared").
 */

const FUNCTION_NAMES: Record<string, string> = {
  sin: 'sine',
  cos: 'cosine',
  tan: 'tangent',
  sec: 'secant',
  csc: 'cosecant',
  cot: 'cotangent',
  arcsin: 'arc sine',
  arccos: 'arc cosine',
  arctan: 'arc tangent',
  sinh: 'hyperbolic sine',
  cosh: 'hyperbolic cosine',
  ln: 'natural log',
  log: 'log',
  exp: 'exponential',
  lim: 'limit',
  sqrt: 'square root of',
  max: 'max',
  min: 'min',
};

const SYMBOLS: readonly (readonly [RegExp, string])[] = [
  [/′/g, ' prime '],
  // An ASCII apostrophe is a prime only right after a single letter: f'(x), not "Rolle's".
  [/(?<![\w'])([a-zA-Z])'(?=[\s(]|$)/g, '$1 prime '],
  [/[·×*]/g, ' times '],
  [/√/g, ' square root of '],
  [/≤/g, ' less than or equal to '],
  [/≥/g, ' greater than or equal to '],
  [/≠/g, ' not equal to '],
  [/≈/g, ' approximately '],
  [/</g, ' less than '],
  [/>/g, ' greater than '],
  [/→/g, ' goes to '],
  [/∞/g, ' infinity '],
  [/π/g, ' pi '],
  [/Δ/g, ' delta '],
  [/θ/g, ' theta '],
  [/=/g, ' equals '],
  [/\+/g, ' plus '],
  [/−/g, ' minus '],
];

const ONES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** 0–999 in words; longer numbers digit by digit (how an exercise number or a year is read varies). */
function numberInWords(digits: string): string {
  const value = Number(digits);
  if (digits.length > 3 || (digits.length > 1 && digits.startsWith('0'))) return [...digits].map((digit) => ONES[Number(digit)]).join(' ');
  const hundreds = Math.floor(value / 100);
  const rest = value % 100;
  const parts: string[] = [];
  if (hundreds > 0) parts.push(`${ONES[hundreds]} hundred`);
  if (rest > 0 || value === 0) parts.push(rest < 20 ? ONES[rest]! : `${TENS[Math.floor(rest / 10)]}${rest % 10 ? ` ${ONES[rest % 10]}` : ''}`);
  return parts.join(' ');
}

/** Whether a line has notation worth spelling out (so plain prose is not duplicated). */
const NOTATION = /[\^′·×*√≤≥≠≈<>→∞π=+−]|\bd[a-z]\s*\/\s*d[a-z]\b|\b\w\s*\/\s*\w\b|\b(?:sin|cos|tan|sec|csc|cot|arcsin|arccos|arctan|sinh|cosh|ln|log|exp|lim|sqrt)\b/i;

/** One line as it is spoken. */
export function spokenLine(line: string): string {
  let spoken = line;
  // Powers first, before their operands are rewritten: x^2, x^3, x^n, x^(n−1).
  spoken = spoken.replace(/\^\s*2(?![\d.])/g, ' squared ').replace(/\^\s*3(?![\d.])/g, ' cubed ');
  spoken = spoken.replace(/\^\s*\(([^()]*)\)/g, ' to the $1 ').replace(/\^\s*([\w−-]+)/g, ' to the $1 ');
  // Leibniz notation: dy/dx, du/dx → "d y d x".
  spoken = spoken.replace(/\bd([a-z])\s*\/\s*d([a-z])\b/g, ' d $1 d $2 ');
  for (const [pattern, words] of SYMBOLS) spoken = spoken.replace(pattern, words);
  spoken = spoken.replace(/\//g, ' over ');
  // A single letter (or "prime") applied to an argument: f(x), f prime (c) → "f of x".
  spoken = spoken.replace(/(\bprime|(?<![\w'])[a-zA-Z])\s*\(/g, '$1 of (');
  spoken = spoken.replace(/\b[a-z]+\b/gi, (word) => FUNCTION_NAMES[word.toLowerCase()] ?? word);
  // A hyphen between single letters or numbers is a minus; in words it stays a hyphen.
  spoken = spoken.replace(/(?<=(?:^|[\s(])[a-z0-9)]\s*)-(?=\s*[a-z0-9(](?:[\s)]|$))/gi, ' minus ');
  spoken = spoken.replace(/(\d+)\.(\d+)/g, (_, whole: string, fraction: string) => `${numberInWords(whole)} point ${[...fraction].map((digit) => ONES[Number(digit)]).join(' ')}`);
  spoken = spoken.replace(/\d+/g, (digits) => ` ${numberInWords(digits)} `);
  return spoken.replace(/[()[\]{}]/g, ' ').replace(/\s+/g, ' ').trim();
}

/** A power with a symbolic exponent, `x^n` or `x^(n−1)`: its base letter. */
const SYMBOLIC_POWER = /(?<![\w'])([a-zA-Z])\s*\^\s*(?=\(|[a-zA-Z])/g;

/**
 * A slide that states a rule for any power (`x^n`) is taught with examples, and the two powers
 * English has words for are the ones said: "x squared", "x cubed". They are on no slide, so
 * without this the decoder cannot hear them. One short line per base.
 */
export function spokenPowerExamples(line: string): string[] {
  const bases = new Set<string>();
  for (const match of line.matchAll(SYMBOLIC_POWER)) bases.add(match[1]!);
  return [...bases].map((base) => `${base} squared ${base} cubed`);
}

/** Lines spelled out between two yields: ~15 ms of work on a math-dense material. */
const LINES_PER_SLICE = 1_000;

/**
 * The spoken form of every line of `text` that has notation, one per line ('' when none has).
 * A whole material can be megabytes of formulas: `pause` is awaited between slices of lines so
 * the server's event loop is never held for long.
 */
export async function spokenMathOf(text: string, pause: () => Promise<unknown> = () => Promise.resolve()): Promise<string> {
  const spoken: string[] = [];
  let inSlice = 0;
  for (const line of text.split('\n')) {
    if (!NOTATION.test(line)) continue;
    spoken.push(spokenLine(line), ...spokenPowerExamples(line));
    if (++inSlice === LINES_PER_SLICE) {
      inSlice = 0;
      await pause();
    }
  }
  return spoken.join('\n');
}
