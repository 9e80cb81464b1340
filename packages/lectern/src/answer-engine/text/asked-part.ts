// The part of a teacher's question line that asks something: its question sentences, without
// the clauses that hand the question to a seat or a name ("you, in the green jacket", "第二排
// 那位同学"). Those clauses name people and furniture, not the subject, so searching the class
// with them finds the wrong sentences.
import { splitSentences } from './sentences.js';
import { isQuestion } from './questions.js';

/** Clauses that call on someone: a seat, a row, a group, a piece of clothing, "you". Generic to any class. */
const CALLING_ON =
  /^(?:(?:yes|yeah|ok|okay|so|and|now)[\s,]*)*(?:you\b|let's hear|in the (?:back|front|middle|corner)|(?:front|back|second|third|last) row|on the aisle|by the window|with the\b)|\b(?:row|aisle|jacket|hat|shirt|notebook|glasses)\b|\bin (?:the )?(?:red|blue|green|yellow|black|white|grey|gray|orange|pink|purple|brown)\b|同学|课代表|班长|第.[排组个]|[前后中]排|靠窗|那位|你来|谁来|戴眼镜|穿.{1,4}的|^(?:请|来)?(?:你|大家)(?:来)?(?:说说|说一下|讲讲|讲一下|回答一下|说|想一想|想想|猜一猜)看?$|^举手(?:回答)?$|^[小老][\u3400-\u9fff]$/i;
/**
 * Clauses that announce a question rather than ask it: "quick check", "last thing", "one
 * more", "let me ask you", "somebody tell me", "我检验一下", "来个难一点的". Their words
 * ("quick", "check") are about the lesson's rhythm, not its subject, and would match the
 * sentences where the teacher said them before.
 */
const CLASSROOM_MOVE =
  /^(?:(?:so|ok|okay|now|and|alright|right|well|good|then)[\s,]*)*(?:(?:a|one|another)\s+)?(?:(?:quick|last|final|easy|hard|harder|simple|little|tricky|big)\s+)*(?:check|question|one|thing|test|quiz|challenge|puzzle)(?:\s+(?:for you|before you go|for today|then))?[\s.!]*$|^(?:(?:so|ok|okay|now|and|alright|right|well)[\s,]*)*(?:let me (?:ask|see|check)|let's see|try (?:one|this)|think about it|given (?:all )?(?:that|this)|based on (?:that|this)|go ahead|one more|your turn|(?:somebody|someone|anybody|anyone) (?:tell me|try)|tell me)\b|^(?:(?:so|ok|okay|now|and)[\s,]*)*(?:(?:somebody|someone|anybody|anyone|you)\s+)?(?:put it together|try it|have a go)\b|^(?:好|那|那么|下面)?[，,]?(?:我们?|咱们)?(?:来|再)?(?:检验|提问|考考|问)(?:一下|一个|大家|你们)?|(?:检验|提问|考考|问)(?:一下|一个|大家|你们)[。！!]*$|^(?:好|那)?[，,]?来个.{0,4}的[。.!！]*$/i;
/** "What about X?", "How about X?", "那X呢？": a turn to a topic rather than a question about it. */
const TOPIC_TURN = /^(?:(?:and|so|ok|okay|now)[\s,]*)*(?:what|how) about\b|^(?:那么?)?[^，,？?]{1,12}呢[？?]?$/i;
/**
 * "What happens to it, and why?": a second question joined to the first by "and" — not two
 * question words asking one thing ("When and where is the quiz?").
 */
const SECOND_QUESTION = /(?<!^\s*(?:what|why|how|who|which|when|where)),?\s+and\s+(?=(?:what|why|how|who|which|when|where|is|are|does|do|did|can|would)\b)/i;
/** "Yes, Priya.": a clause that is only a student's name (capitalised, so matched case-sensitively). */
const NAMED_CALL = /^(?:(?:yes|Yes|yeah|Yeah|ok|OK|okay|Okay|go ahead|Go ahead|please|Please)[,\s]+)*[A-Z][a-z]+[.!]?$/;
/** Clauses of a sentence: between commas and colons (half- and full-width). */
const CLAUSE_BREAK = /[,，:：;；]/;

/**
 * The words of `line` that ask the question: its question sentences (all of it when none
 * reads as one), each without the clauses that call on a student.
 */
export function askedPart(line: string): string {
  const sentences = splitSentences(line);
  const asking = sentences.filter((s) => isQuestion(s));
  return (asking.length > 0 ? asking : sentences).map((s) => withoutCallingOn(s)).join(' ');
}

/** A question line taken apart: what it asks, and what it sets up to ask about. */
export interface AskedLine {
  /** Each question sentence, without its calling-on clauses, in the order asked. */
  questions: string[];
  /**
   * The line's other sentences, without calling-on clauses: the case the question is about
   * ("Suppose a friend writes low = mid.", "Back to the phone book.", "一个小球撞到墙上。").
   */
  context: string[];
}

/** The question line as questions and their set-up; a line with no question is all question. */
export function askedLine(line: string): AskedLine {
  const sentences = splitSentences(line);
  const asking = sentences.filter((s) => isQuestion(s));
  if (asking.length === 0) return { questions: sentences.map((s) => withoutCallingOn(s)), context: [] };
  // A question that only calls on someone ("谁来说？", "Anyone?") asks nothing of its own.
  const parts = asking.flatMap((s) => s.split(SECOND_QUESTION)).map((s) => withoutCallingOn(s, false)).filter((s) => s.trim().length > 0);
  // "And what about the confidence level?" turns to a topic; the question about it comes next.
  const questions = parts.filter((q) => !TOPIC_TURN.test(q.trim()));
  const turns = parts.filter((q) => TOPIC_TURN.test(q.trim()));
  return {
    questions: questions.length > 0 ? questions : parts.length > 0 ? parts : asking.map((s) => withoutCallingOn(s)),
    // A set-up sentence that only calls on someone ("You, in the green jacket.") sets up nothing.
    context: [...turns, ...sentences.filter((s) => !isQuestion(s)).map((s) => withoutCallingOn(s, false))].filter((s) => s.trim().length > 0),
  };
}

/**
 * A sentence without the clauses that call on someone. A sentence that is all calling-on is
 * kept whole when it is the question itself (it may still ask something), else emptied.
 */
function withoutCallingOn(sentence: string, keepWhenAll = true): string {
  const clauses = sentence.split(CLAUSE_BREAK);
  const kept = clauses.filter((clause) => !CALLING_ON.test(clause.trim()) && !CLASSROOM_MOVE.test(clause.trim()) && !NAMED_CALL.test(clause.trim()));
  return (kept.length > 0 || !keepWhenAll ? kept : clauses).join(',');
}
