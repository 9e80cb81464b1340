// The part of a teacher's question line that asks something: its question sentences, without
// the clauses that hand the question to a seat or a name ("you, in the green jacket", "第二排
// 那位同学"). Those clauses name people and furniture, not the subject, so searching the class
// with them finds the wrong sentences.
import { splitSentences } from './sentences.js';
import { isQuestion } from './questions.js';

/** Clauses that call on someone: a seat, a row, a group, a piece of clothing, "you". Generic to any class. */
const CALLING_ON =
  /^(?:(?:yes|yeah|ok|okay|so|and|now)[\s,]*)*(?:you\b|let's hear|in the (?:back|front|middle|corner)|(?:front|back|second|third|last) row|on the aisle|by the window|with the\b)|\b(?:row|aisle|jacket|hat|shirt|notebook|glasses)\b|同学|第.[排组个]|[前后中]排|靠窗|那位|你来|谁来|戴眼镜|穿.{1,4}的/i;
/** Clauses of a sentence: between commas and colons (half- and full-width). */
const CLAUSE_BREAK = /[,，:：;；]/;

/**
 * The words of `line` that ask the question: its question sentences (all of it when none
 * reads as one), each without the clauses that call on a student.
 */
export function askedPart(line: string): string {
  const sentences = splitSentences(line);
  const asking = sentences.filter((s) => isQuestion(s));
  return (asking.length > 0 ? asking : sentences)
    .map((sentence) => {
      const clauses = sentence.split(CLAUSE_BREAK);
      const kept = clauses.filter((clause) => !CALLING_ON.test(clause.trim()));
      return (kept.length > 0 ? kept : clauses).join(',');
    })
    .join(' ');
}
