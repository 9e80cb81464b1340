import { spawn } from 'node:child_process';

/**
 * espeak-ng's phoneme mnemonics (`espeak-ng -x`, US English) mapped to the CMU phone set of
 * the acoustic model, longest mnemonic first. Vowel colour in espeak is finer than CMU's, so
 * several espeak vowels share one CMU phone.
 */
const ESPEAK_TO_CMU: readonly (readonly [string, string])[] = [
  ['aI@', 'AY ER'], ['aU@', 'AW ER'], ['i@3', 'IH R'], ['e@', 'EH R'], ['U@', 'UH R'], ['A@', 'AA R'], ['o@', 'AO R'], ['O@', 'AO R'],
  ['i@', 'IY AH'], ['aI', 'AY'], ['aU', 'AW'], ['eI', 'EY'], ['oU', 'OW'], ['OI', 'OY'], ['O:', 'AO'], ['O2', 'AO'], ['A:', 'AA'],
  ['aa', 'AE'], ['a#', 'AH'], ['i:', 'IY'], ['I2', 'IH'], ['I#', 'IH'], ['3:', 'ER'], ['@L', 'AH L'], ['@2', 'AH'], ['@5', 'AH'],
  ['u:', 'UW'], ['o:', 'OW'], ['@3', 'ER'], ['a2', 'AH'], ['e#', 'EH'], ['E2', 'EH'], ['E#', 'EH'], ['i#', 'IY'],
  ['tS', 'CH'], ['dZ', 'JH'], ['n-', 'AH N'], ['l-', 'AH L'], ['t#', 'T'], ['d#', 'D'], ['l#', 'L'], ['r/', 'R'], ['l/', 'L'], ['z/', 'Z'],
  ['O', 'AO'], ['A', 'AA'], ['a', 'AE'], ['i', 'IY'], ['I', 'IH'], ['E', 'EH'], ['e', 'EH'], ['3', 'ER'], ['@', 'AH'], ['V', 'AH'],
  ['u', 'UW'], ['U', 'UH'], ['0', 'AA'], ['S', 'SH'], ['Z', 'ZH'], ['T', 'TH'], ['D', 'DH'], ['N', 'NG'], ['j', 'Y'],
  ['p', 'P'], ['b', 'B'], ['t', 'T'], ['d', 'D'], ['k', 'K'], ['g', 'G'], ['f', 'F'], ['v', 'V'], ['s', 'S'], ['z', 'Z'],
  ['h', 'HH'], ['m', 'M'], ['n', 'N'], ['l', 'L'], ['r', 'R'], ['w', 'W'], ['x', 'K'],
];
/** Stress, syllable and length marks that carry no phone. */
const MARKS = /[',;%=_|:!?-]/;

/** CMU phones of one espeak-ng mnemonic string, or null when it holds a mnemonic the table lacks. */
export function cmuPhonesOfEspeak(mnemonics: string): string | null {
  const phones: string[] = [];
  for (let at = 0; at < mnemonics.length; ) {
    const match = ESPEAK_TO_CMU.find(([espeak]) => mnemonics.startsWith(espeak, at));
    if (match) {
      for (const phone of match[1].split(' ')) {
        // espeak writes an r-coloured vowel before a linking r ("3r"): one ER, not ER R.
        if (!(phone === 'R' && phones.at(-1) === 'ER')) phones.push(phone);
      }
      at += match[0].length;
    } else if (MARKS.test(mnemonics[at]!)) at++;
    else return null;
  }
  return phones.length > 0 ? phones.join(' ') : null;
}

/** How long one espeak-ng run may take before its words are left without a pronunciation. */
const ESPEAK_TIMEOUT_MS = 20_000;
/**
 * Words per espeak-ng run: a run whose output cannot be paired with its words (a word espeak
 * split in two) loses only its own words, and the runs go side by side on the machine's cores
 * (a class's first clip waits for its vocabulary).
 */
const WORDS_PER_RUN = 750;

export interface SpellingOptions {
  /** The espeak-ng executable (absent or failing: no pronunciations). */
  executable?: string;
  /** The espeak-ng voice whose letter-to-sound rules and lexicon spell the words ("en-us"). */
  voice?: string;
}

/**
 * Pronunciations spelled out by espeak-ng's letter-to-sound rules and lexicon, in CMU phones:
 * for words the pronunciation dictionary lacks (course jargon such as "secant" is missing from
 * the Debian CMU dictionary: without one the decoder can never hypothesise the word), and, with
 * a British voice, as accent variants of the words it has. Without espeak-ng (or when it fails)
 * the words are left out of the answer.
 */
export async function spelledPronunciations(words: readonly string[], options: SpellingOptions = {}): Promise<Map<string, string>> {
  const runs: Promise<Map<string, string>>[] = [];
  for (let start = 0; start < words.length; start += WORDS_PER_RUN) {
    runs.push(spellRun(words.slice(start, start + WORDS_PER_RUN), options.executable ?? 'espeak-ng', options.voice ?? 'en-us'));
  }
  return new Map((await Promise.all(runs)).flatMap((found) => [...found]));
}

/** One espeak-ng run for some words, one per line ("word." so each gets its own line back). */
function spellRun(words: readonly string[], executable: string, voice: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(executable, ['-q', '-x', '-v', voice, '--stdin'], { stdio: ['pipe', 'pipe', 'ignore'] });
    const timer = setTimeout(() => child.kill('SIGKILL'), ESPEAK_TIMEOUT_MS);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stdin.on('error', () => undefined);
    child.on('error', () => {
      clearTimeout(timer);
      resolve(found);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code !== 0) return resolve(found);
      const lines = output.split('\n').map((line) => line.trim()).filter((line) => line !== '');
      // A line per word; anything else (a word espeak split in two) cannot be paired up safely.
      if (lines.length !== words.length) return resolve(found);
      words.forEach((word, index) => {
        const phones = /\s/.test(lines[index]!) ? null : cmuPhonesOfEspeak(lines[index]!);
        if (phones) found.set(word, phones);
      });
      resolve(found);
    });
    child.stdin.end(words.map((word) => `${word}.`).join('\n') + '\n');
  });
}
