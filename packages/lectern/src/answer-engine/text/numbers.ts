// Numbers as a teacher says them: digits ("0.5", "2.4"), English words ("five percent",
// "twenty-five", "half"), Chinese numerals (零点五, 二十, 一百二十).

export interface SpokenNumber {
  value: number;
  /** The words or digits that said it, lower-cased. */
  said: string;
}

const UNITS: Readonly<Record<string, number>> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
};
const TENS: Readonly<Record<string, number>> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const SCALES: Readonly<Record<string, number>> = { hundred: 100, thousand: 1000, million: 1_000_000 };
const FRACTIONS: Readonly<Record<string, number>> = { half: 0.5, quarter: 0.25 };
const DIGITS = /\d+(?:\.\d+)?/y;
const WORD = /[a-z]+/y;
const HAN_DIGITS: Readonly<Record<string, number>> = { 零: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
const HAN_SCALES: Readonly<Record<string, number>> = { 十: 10, 百: 100, 千: 1000, 万: 10_000 };
/** 千 before 克, 米, 瓦 is the unit's kilo-, not a thousand (二千克 is 2 kg). */
const HAN_NUMBER = /(?:[零一二两三四五六七八九十百万]|千(?![克米瓦焦卡帕]))+(?:点[零一二三四五六七八九]+)?/g;
/** "Try one.", "this one", "which one": the pronoun, not the number. */
const PRONOUN_ONE = /\b(?:this|that|which|another|each|every|any|no|the|try|one)\s+$/;

/** Every number said in `text`, in order. */
export function spokenNumbers(text: string): SpokenNumber[] {
  const found: SpokenNumber[] = [];
  const lower = text.toLowerCase();
  let i = 0;
  while (i < lower.length) {
    DIGITS.lastIndex = i;
    const digits = DIGITS.exec(lower);
    if (digits !== null && !/[\w.]/.test(lower[i - 1] ?? '')) {
      found.push({ value: Number(digits[0]), said: digits[0] });
      i += digits[0].length;
      continue;
    }
    WORD.lastIndex = i;
    const word = /[a-z]/.test(lower[i] ?? '') && !/[a-z]/.test(lower[i - 1] ?? '') ? WORD.exec(lower) : null;
    if (word !== null) {
      const spoken = wordsNumber(lower, i);
      const pronoun = spoken?.number.said === 'one' && (PRONOUN_ONE.test(lower.slice(0, i)) || /^\s*(?:[,.;:!?]|$)/.test(lower.slice(spoken.end)));
      if (spoken !== null && !pronoun) {
        found.push(spoken.number);
        i = spoken.end;
        continue;
      }
      i += word[0].length;
      continue;
    }
    i++;
  }
  for (const match of text.matchAll(HAN_NUMBER)) {
    const value = hanNumber(match[0]);
    // A lone 一 or 两 is an article more often than a number (一个, 两边).
    if (value !== null && !/^[一两]$/.test(match[0])) found.push({ value, said: match[0] });
  }
  return found;
}

/** The number `text` says when it is nothing but a number ("one", "0.5", 零点五), else null. */
export function wholeNumber(text: string): number | null {
  const said = text.trim().toLowerCase();
  if (/^\d+(?:\.\d+)?$/.test(said)) return Number(said);
  const words = wordsNumber(said, 0);
  if (words !== null && words.end === said.length) return words.number.value;
  return /^[零一二两三四五六七八九十百千万点]+$/.test(said) ? hanNumber(said) : null;
}

/** An English number said in words from `start`: "twenty-five", "three hundred", "half". */
function wordsNumber(text: string, start: number): { number: SpokenNumber; end: number } | null {
  const words = /[a-z]+(?:[\s-]+[a-z]+)*/y;
  words.lastIndex = start;
  const run = words.exec(text)?.[0] ?? '';
  const parts = run.split(/[\s-]+/);
  let total = 0;
  let current = 0;
  let used = 0;
  for (const part of parts) {
    const unit = UNITS[part] ?? TENS[part];
    if (unit !== undefined) current += unit;
    else if (SCALES[part] !== undefined && used > 0) {
      current *= SCALES[part];
      if (part !== 'hundred') {
        total += current;
        current = 0;
      }
    } else if (FRACTIONS[part] !== undefined && used === 0) {
      return { number: { value: FRACTIONS[part], said: part }, end: start + part.length };
    } else break;
    used++;
  }
  if (used === 0) return null;
  const said = parts.slice(0, used).join(' ');
  // The end of the words used, found in the original run (spaces or hyphens between them).
  let end = start;
  for (const part of parts.slice(0, used)) end = text.indexOf(part, end) + part.length;
  return { number: { value: total + current, said }, end };
}

/** 二十 → 20, 一百二十 → 120, 零点五 → 0.5; null when the characters make no number. */
function hanNumber(text: string): number | null {
  const [whole = '', fraction] = text.split('点');
  let total = 0;
  let current = 0;
  for (const char of whole) {
    const digit = HAN_DIGITS[char];
    const scale = HAN_SCALES[char];
    if (digit !== undefined) current = digit;
    else if (scale !== undefined) {
      total += (current === 0 && scale === 10 ? 1 : current) * scale;
      current = 0;
    } else return null;
  }
  total += current;
  if (fraction === undefined) return total;
  let decimals = '';
  for (const char of fraction) decimals += String(HAN_DIGITS[char] ?? '');
  return Number(`${total}.${decimals}`);
}
