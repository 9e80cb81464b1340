// Sentences that define a term or give an example of it.

const DEFINITION_CUES =
  /\b(?:is (?:called|defined as|known as|what we call)|are (?:called|defined as|known as)|we call (?:this|it|that|these|them)|is a (?:kind|type|form) of|refers? to|stands? for|by definition|the definition of|means that|is basically)\b|叫做|称为|称作|定义为|定义是|是指|指的是|所谓|也就是说|就是说|我们把.+叫/i;

const EXAMPLE_CUES =
  /\b(?:for example|for instance|e\.g\.|such as|as an example|an example (?:is|of)|imagine|suppose|say we have|let's say|think of|like when)\b|比如|例如|举个例子|打个比方|比方说|假设|假如|譬如|像是/i;

/** A comparison or image the class explains by: "it's like a conveyor belt", "你就想种树", 就像充电宝. */
const ANALOGY_CUES =
  /\b(?:it's like|is like|are like|just like|kind of like|sort of like|think of (?:it|this|that|them) as|picture (?:it|this|a|an)|as if|the same way (?:a|an|as)|like a|like an)\b|就像|好像是|好比|相当于|打个比方|比方说|你就想|想象一下|类似于/i;

export function isAnalogy(sentence: string): boolean {
  return ANALOGY_CUES.test(sentence);
}

export function isDefinition(sentence: string): boolean {
  return DEFINITION_CUES.test(sentence);
}

/** Where the sentence's definition cue starts, or -1 when it has none. */
export function definitionCueIndex(sentence: string): number {
  return DEFINITION_CUES.exec(sentence)?.index ?? -1;
}

export function isExample(sentence: string): boolean {
  return EXAMPLE_CUES.test(sentence);
}
