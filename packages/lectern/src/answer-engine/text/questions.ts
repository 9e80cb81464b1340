// Question detection for English and Chinese speech, which often arrives without a "?".
import { TextFact } from './text-facts.js';

/** How confidently a sentence reads as a question the class is expected to answer. */
export type QuestionStrength = 'none' | 'rhetorical' | 'likely' | 'certain';

const WH_WORDS = /^(?:what|why|how|who|whom|whose|when|where|which)\b/i;
/** "What we'll do today is…" is a statement: the wh-word is followed by a subject. */
const WH_STATEMENT = /^(?:what|why|how|who|when|where|which)\s+(?:we|i|you|they|he|she|it)\b/i;
/** Auxiliaries that open a yes/no question whatever follows ("Is the enzyme used up"). */
const AUXILIARY_OPENERS = /^(?:is|are|was|were|does|did|can|could|would|should|isn't|aren't|doesn't|didn't|can't|shouldn't|wouldn't)\s+\S/i;
/** Auxiliaries that also open commands ("Do the reading"), so a subject must follow. */
const SUBJECT_AUXILIARIES = /^(?:do|don't|will|have|has|shall)\s+(?:you|we|they|i|anyone|anybody|someone|somebody|everyone|everybody|it|this|that|these|those|there|he|she)\b/i;
/** Spoken openers that are not part of the question ("So, why does…", "Okay now, who…"). */
const LEADING_FILLER = /^(?:(?:so|okay|ok|now|alright|all right|and|but|well|right|then|um|uh)\b[\s,]*)+/i;
/** Check-ins about the class itself rather than the subject: nobody is meant to answer them. */
const CHECK_INS =
  /^(?:(?:okay|ok|so|alright|now|and)[\s,]*)*(?:any (?:other |more )?questions|(?:does )?(?:that|this) make sense|is (?:that|this|everything) clear|can (?:everybody|everyone|you all|you) (?:in the back )?(?:hear|see) (?:me|this|that))\b|有没有问题|还有问题吗|能听到吗|听得到吗|听得清楚吗|看得清楚吗|看得到吗|明白了吗|懂了吗/i;

/** Longer than any tag ending below, e.g. ", everybody with me?". */
const TAG_TAIL_CHARS = 32;

/** Tags that check understanding rather than ask ("…, right?", "…对吧？"). */
const TAG_ENDINGS = /(?:,\s*(?:right|okay|ok|yeah|correct|yes|huh|no)|\b(?:make sense|got it|everybody with me|you see))\s*[?？]*$/i;
const CHINESE_TAG_ENDINGS = /(?:对吧|是吧|好吧|对不对|好不好|是不是|明白了吗|懂了吗|清楚了吗|能听到吗|听得到吗|行不行)[吗呢吧]?[?？。]*$/;

const CHINESE_ENDING_PARTICLE = /[吗呢][?？!！。…]*$/;
const CHINESE_INTERROGATIVES = /为什么|为何|怎么|怎样|如何|什么|哪[个些里儿种]?|谁|多少|几[个种次]|是不是|有没有|能不能|会不会|对不对|是否/;

/** Phrases by which a teacher hands a question to the students. */
const CLASS_DIRECTED = /\b(?:anyone|anybody|somebody|someone|any (?:idea|ideas|guess|guesses|volunteer|volunteers)|who (?:can|knows|wants|remembers)|can you|could you|do you (?:know|remember|think)|what do you think|raise your hand|tell me|guess)\b|谁[能知来会]|有没有(?:同学|人)|哪位同学|请(?:同学|大家|你)|大家(?:想|猜|说|觉得|思考)|你们(?:觉得|认为|说|想)|想一想|猜一猜|回答一下/i;

/** Kept per text: every question on a class asks it again of the class's sentences. */
const strengths = new TextFact(strengthOf);

export function questionStrength(sentence: string): QuestionStrength {
  return strengths.of(sentence);
}

function strengthOf(sentence: string): QuestionStrength {
  const text = sentence.trim();
  if (text.length === 0) return 'none';
  if (CHECK_INS.test(text)) return 'rhetorical';
  // The tag patterns are anchored at the end; testing only the tail spares a scan of every position.
  const tail = text.slice(-TAG_TAIL_CHARS);
  if (TAG_ENDINGS.test(tail) || CHINESE_TAG_ENDINGS.test(tail)) {
    return isTagOnly(text) ? 'rhetorical' : taggedStatementStrength(text);
  }
  if (/[?？]\s*["”’)）]*$/.test(text)) return 'certain';
  if (CHINESE_ENDING_PARTICLE.test(text)) return 'certain';
  const opening = text.replace(LEADING_FILLER, '');
  if (WH_WORDS.test(opening)) return WH_STATEMENT.test(opening) ? 'none' : 'likely';
  if (AUXILIARY_OPENERS.test(opening) || SUBJECT_AUXILIARIES.test(opening)) return 'likely';
  if (CHINESE_INTERROGATIVES.test(text) && !/[。！!]$/.test(text)) return 'likely';
  return 'none';
}

export function isQuestion(sentence: string): boolean {
  const strength = questionStrength(sentence);
  return strength === 'likely' || strength === 'certain';
}

/** Whether the sentence invites the students to answer ("Can anyone tell me…", "谁能说一下"). */
export function isClassDirected(sentence: string): boolean {
  return CLASS_DIRECTED.test(sentence);
}

/** A bare check like "Right?" or "对吧？" asks nothing. */
function isTagOnly(text: string): boolean {
  const stripped = text.replace(TAG_ENDINGS, '').replace(CHINESE_TAG_ENDINGS, '').replace(/[\s,，。.?？!！]/g, '');
  return stripped.length < 4;
}

/** "Why does it fold, right?" still asks; "It folds, right?" only checks in. */
function taggedStatementStrength(text: string): QuestionStrength {
  const body = text.replace(TAG_ENDINGS, '').replace(CHINESE_TAG_ENDINGS, '').trim();
  const opening = body.replace(LEADING_FILLER, '');
  if (WH_WORDS.test(opening) && !WH_STATEMENT.test(opening)) return 'likely';
  return isClassDirected(body) || CHINESE_INTERROGATIVES.test(body) ? 'likely' : 'rhetorical';
}
