// "What is the difference between A and B?", "A和B有什么区别？": the two things a comparison
// asks about, each to be answered by what the class said about it.

const ENGLISH = [
  /\bdifference between (?:an? |the )?(.+?),? and (?:an? |the )?(.+?)\s*[?.!]*$/i,
  /\bhow (?:is|are|does|do) (?:an? |the )?(.+?) differ from (?:an? |the )?(.+?)\s*[?.!]*$/i,
  /\bcompare (?:an? |the )?(.+?) (?:and|with|to) (?:an? |the )?(.+?)\s*[?.!]*$/i,
  /^(?:an? |the )?(.+?) (?:vs\.?|versus) (?:an? |the )?(.+?)\s*[?.!]*$/i,
];
const CHINESE = /^(?:请问|老师)?[，,]?(.+?)[和与跟同](.+?)(?:之间)?(?:的(?:区别|不同|差别|差异))?(?:有什么|有啥|有哪些|是什么)?(?:区别|不同|差别|差异)/;
/** "的成因", "的作用": the aspect compared, kept with each side. */
const CHINESE_ASPECT = /的([\u3400-\u9fff]{1,4})$/;

/** The two sides of a comparison question, or an empty list when it is not one. */
export function comparedParts(question: string): string[] {
  const text = question.trim();
  for (const pattern of ENGLISH) {
    const match = pattern.exec(text);
    if (match?.[1] === undefined || match[2] === undefined) continue;
    let a = match[1].trim();
    const b = match[2].trim();
    // "a competitive and a noncompetitive inhibitor": the first side shares the second's noun.
    const bWords = b.split(/\s+/);
    if (/^[a-z]+$/.test(a) && bWords.length >= 2) a = `${a} ${bWords[bWords.length - 1] ?? ''}`;
    return [a, b];
  }
  const chinese = CHINESE.exec(text);
  if (chinese?.[1] === undefined || chinese[2] === undefined) return [];
  const b = chinese[2];
  const aspect = CHINESE_ASPECT.exec(b)?.[1];
  return aspect === undefined ? [chinese[1], b] : [`${chinese[1]}的${aspect}`, b];
}
