// What a student's or teacher's question asks for: what something is, why, how, or an example.

export type QuestionIntent = 'what' | 'why' | 'how' | 'example' | 'other';

const EXAMPLE = /\b(?:an? example|examples|for instance|show me)\b|举个?例|例子|比方/i;
const WHY = /\bwhy\b|\bhow come\b|\bwhat makes\b|为什么|为何|为啥|怎么会|原因/i;
const HOW = /\bhow (?:do|does|did|can|could|would|should|is|are|to)\b|怎么|如何|怎样|步骤/i;
const WHAT = /\b(?:what(?:'s| is| are| was| does)|explain|define|definition|meaning of|mean by|tell me about|what do we call)\b|是什么|什么是|什么叫|啥是|解释|意思|定义|指的是什么/i;

export function questionIntent(question: string): QuestionIntent {
  if (EXAMPLE.test(question)) return 'example';
  if (WHY.test(question)) return 'why';
  // "能不能说得简单一点？" asks to explain again, as "what is it" does.
  if (WHAT.test(question) || SIMPLER.test(question)) return 'what';
  if (HOW.test(question)) return 'how';
  return 'other';
}

/** "Can you explain X more simply?", "能不能说得简单一点？": the class's own comparison or image says it plainest. */
const SIMPLER = /\b(?:more simply|simpler|in simple (?:terms|words)|in plain (?:english|words|terms)|plainer|like i'm five|dumb(?:ed)? (?:it )?down)\b|简单一点|简单点|简单些|说得简单|通俗|大白话|浅显|打个比方/i;

export function asksForSimpler(question: string): boolean {
  return SIMPLER.test(question);
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

/**
 * What kind of answer a teacher's question wants, which decides what role the sentence that
 * answers it plays in the class: a `reason` ("why…", "为什么") is given with "because"/"so";
 * a `consequence` ("what happens…", "what goes wrong", "which way does it go", "会发生什么")
 * is what the class said follows from a case; a `quantity` ("how many", "多少") is a number; a
 * `kind` ("what kind of inhibition", "哪种") names a type; a `choice` ("elastic or inelastic?")
 * says one of the options; a `definition` is what asksForDefinition finds; a `time` ("when is
 * it due", "where is the quiz", "什么时候") is a date or an hour, and the place said with it; a `procedure` ("how do you compute…", "怎么算") is
 * steps; a `person` ("who wins", "谁") is someone named; anything else is a `fact` about the subject.
 */
export type AskedFor = 'reason' | 'consequence' | 'quantity' | 'kind' | 'choice' | 'definition' | 'time' | 'procedure' | 'person' | 'fact';

const CONSEQUENCE =
  /\bwhat (?:happens|happened|would happen|will happen|goes wrong|went wrong|changes|would change)\b|\bwhat if\b|\bwhat (?:would|will) (?:[\w'-]+\s+){1,4}be if\b|\bwhich (?:way|direction|side)\b|\bwhat (?:does|did|do|would|will) (?:(?!\bdo\b)[\w'-]+\s+){1,6}do (?:to|for)\b|会发生什么|会怎么样|会怎样|发生了什么|有什么(?:后果|影响|变化)|往哪(?:边|个方向)/i;
const QUANTITY = /\bhow (?:many|much|long|far|big|fast|often|large|small)\b|\bwhat(?:'s| is| was) the (?:final |right )?(?:number|value|answer|result)\b|多少|几[个次层倍条种岁年天]|多大|多长|多久|多快/i;
const KIND = /\bwhat (?:kind|type|sort|class) of\b|\bwhich (?:kind|type|sort)\b|什么类型|哪一?[种类]|属于什么/i;
const TIME = /^(?:(?:and|so)[,\s]+)?(?:when|where)(?: and (?:when|where))? (?:is|are|was|were|do|does|did|will|should|can|must)\b|\bwhat (?:time|day|date)\b|\b(?:is|are) (?:it|they|[\w ]{1,30}) due\b|\bdeadline\b|什么时候|几点|哪天|哪一天|截止|在哪(?:儿|里|个教室)?(?:考|交|上课|集合)/i;
const PROCEDURE = /\bhow (?:do|does|did|can|should|would|could) (?!you (?:think|feel|know)\b)[\w'-]+|\bhow to\b|\bwhat are the steps\b|\bhow (?:is|are|was|were) [\w\s-]{1,40}? (?:formed|made|produced|caused)\b|怎么(?!样|回事|办|会|说|看)[\u3400-\u9fff]|如何|步骤/i;
/** "What does the 95 percent actually refer to?", "X指的是什么": what something means, which a defining sentence says. */
const MEANING = /\bwhat (?:does|do|did) .{1,60}?\b(?:mean|refer to|stand for|represent)\b|指的是什么|是什么意思|代表什么/i;
const PERSON = /^(?:(?:and|so|but)[,\s]+)?who\b|,\s*who (?!can|knows|wants|remembers)\w+|谁(?!来|能|知道|会)/i;
/** "…, elastic or inelastic?", "wider or narrower?", "是A还是B": two options side by side. */
const CHOICE = /\b[\w-]+ or (?:an? |the )?[\w-]+(?: [\w-]+){0,2}\s*\??\s*$|\b(?:is it|are they|does it get) [\w -]+ or [\w -]+\?|还是/i;

export function askedFor(question: string): AskedFor {
  if (TIME.test(question)) return 'time';
  if (WHY.test(question)) return 'reason';
  if (asksForDefinition(question) || MEANING.test(question)) return 'definition';
  if (QUANTITY.test(question)) return 'quantity';
  if (KIND.test(question)) return 'kind';
  if (CONSEQUENCE.test(question)) return 'consequence';
  if (CHOICE.test(question)) return 'choice';
  if (PERSON.test(question)) return 'person';
  if (PROCEDURE.test(question)) return 'procedure';
  return 'fact';
}

/** The two options of a choice question ("wider or narrower" → wider, narrower), lower-cased; empty when it offers none. */
export function choiceOptions(question: string): string[] {
  // "an offer or an invitation to treat": the article is not the option.
  const english = /\b([\w-]+) or (?:an? |the )?([\w-]+)\b/i.exec(question);
  if (english?.[1] !== undefined && english[2] !== undefined) return [english[1].toLowerCase(), english[2].toLowerCase()];
  // The copula before the first option (是放热还是吸热) is not part of it.
  const chinese = /(?:是|^|[^\u3400-\u9fff])([\u3400-\u9fff]{1,6}?)还是([\u3400-\u9fff]{1,6})/.exec(question);
  return chinese?.[1] !== undefined && chinese[2] !== undefined ? [chinese[1], chinese[2]] : [];
}

/** The noun a "what kind of X" question asks a type of (inhibition, 反应), as said; null when it asks none. */
export function askedKind(question: string): string | null {
  const english = /\b(?:kind|type|sort|class)s? of (?:an? |the )?([a-z][\w-]*)/i.exec(question)?.[1];
  if (english !== undefined) return english.toLowerCase();
  return /(?:哪一?[种类]|什么类型的?|什么样的)([\u3400-\u9fff]{2,4})/.exec(question)?.[1] ?? null;
}
