// Yes/no questions said the Chinese way, by the verb and its negation side by side (能不能,
// 是不是, 会不会, 有没有) or by the verb and 吗 (能倒过来吗): a student answers them with the
// verb or its negation first (不能，因为…), and the class's sentence that says the predicate
// with or without a negation before it tells which.

export interface YesNoQuestion {
  /** The verb that says yes (能, 会, 可以). */
  yes: string;
  /** Its negation, which says no (不能, 不会, 没有). */
  no: string;
  /** What is asked of the subject, as said after the verb (倒过来). */
  predicate: string;
}

/** Verbs asked as A-not-A, with their negations; 有 is negated by 没. */
const VERBS: Readonly<Record<string, string>> = { 能: '不能', 会: '不会', 是: '不是', 有: '没有', 要: '不要', 可以: '不可以', 需要: '不需要', 应该: '不应该' };
const A_NOT_A = /(可以|需要|应该|[能会是有要])(?:不|没)\1([\u3400-\u9fff]{2,8})/;
/** The verb nearest 吗: in 能量可以循环吗 the 能 of 能量 is not the verb asked. */
const VERB_THEN_MA = /(可以|需要|应该|[能会要])((?:(?!可以|需要|应该|[能会要])[\u3400-\u9fff]){2,8}?)吗/;
/** A negation just before the predicate: 不可能倒过来, 没有倒过来, 永远不会倒过来. */
const NEGATION = /[不没无未别]/;
const NEGATION_REACH = 4;
/** The predicate is found by its first characters: 倒过来 said as 倒过来了, 倒着. */
const PREDICATE_CHARS = 2;

/** The yes/no question a Chinese question asks, or null when it asks none this way. */
export function yesNoQuestion(question: string): YesNoQuestion | null {
  const match = A_NOT_A.exec(question) ?? VERB_THEN_MA.exec(question);
  const verb = match?.[1];
  const predicate = match?.[2];
  if (verb === undefined || predicate === undefined) return null;
  const no = VERBS[verb];
  return no === undefined ? null : { yes: verb, no, predicate };
}

/** What a sentence of the class answers to the question: yes, no, or null when it does not say the predicate. */
export function verdictIn(sentence: string, question: YesNoQuestion): string | null {
  const at = sentence.indexOf(question.predicate.slice(0, PREDICATE_CHARS));
  if (at < 0) return null;
  const before = sentence.slice(Math.max(0, at - NEGATION_REACH), at);
  return NEGATION.test(before) ? question.no : question.yes;
}
