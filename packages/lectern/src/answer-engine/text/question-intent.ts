// What a student's or teacher's question asks for: what something is, why, how, or an example.

export type QuestionIntent = 'what' | 'why' | 'how' | 'example' | 'other';

const EXAMPLE = /\b(?:an? example|examples|for instance|show me)\b|举个?例|例子|比方/i;
const WHY = /\bwhy\b|\bhow come\b|\bwhat makes\b|为什么|为何|为啥|怎么会|原因/i;
const HOW = /\bhow (?:do|does|did|can|could|would|should|is|are|to)\b|怎么|如何|怎样|步骤/i;
const WHAT = /\b(?:what(?:'s| is| are| was| does)|explain|define|definition|meaning of|mean by|tell me about|what do we call)\b|是什么|什么是|什么叫|啥是|解释|意思|定义|指的是什么/i;

export function questionIntent(question: string): QuestionIntent {
  if (EXAMPLE.test(question)) return 'example';
  if (WHY.test(question)) return 'why';
  if (WHAT.test(question)) return 'what';
  if (HOW.test(question)) return 'how';
  return 'other';
}

/** "Why is that?", "Can you give an example of it?", "为什么会这样？": the subject is elsewhere. */
export function refersBack(question: string): boolean {
  return /\b(?:that|it|this|those|these|them)\b|这|那|它/i.test(question);
}

/**
 * "What is X?", "Who knows what X means?", "什么是X？", "X是什么？": the question asks for a
 * term's definition, which the class's defining sentence answers, rather than for a fact about
 * the subject ("What does the catalyst do to the yield?", "最不能少的是什么？").
 */
const ASKS_DEFINITION =
  /\bwhat(?:'s| is| are) (?:an? |the )?[\w-]+(?: [\w-]+)?\s*[?.!]*$|\bwhat (?:an? |the )?[\w-]+(?: [\w-]+)? (?:is|are|means?)\s*[?.!]*$|\bwhat does (?:an? |the )?[\w-]+(?: [\w-]+)? mean\b|\b(?:define|definition of|meaning of)\b|(?:什么是|什么叫)[\u3400-\u9fff]{2,8}|(?:^|[，,。：:])[\u3400-\u9fff]{1,7}[^\u3400-\u9fff的]?(?<!的)(?:是什么意思|是什么|指什么|指的是什么)[吗呢]?[？?]*$/i;

export function asksForDefinition(question: string): boolean {
  return ASKS_DEFINITION.test(question.trim());
}
