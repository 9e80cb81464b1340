// Everything the offline assistant says in its own words, in English and Chinese. Quotes from
// the class are inserted as they were said; only the frame around them is translated.
import type { Operator } from '../text/formulas.js';
import type { Language } from '../text/script.js';

export interface Phrasebook {
  list(items: readonly string[]): string;
  /** Sentences run together as prose: spaced in English, unspaced in Chinese. */
  sentences(parts: readonly string[]): string;
  /** "Label: value" with the language's colon. */
  labelled(label: string, value: string): string;
  emptyClass: string;
  rescue: {
    say: string;
    question: string;
    quotes(minutes: number): string;
    thinkAbout(keywords: string): string;
    youMentioned(support: string): string;
    unsureAbout(keywords: string): string;
    askRephrase: string;
    sayStatement(statement: string): string;
    sayNothingYet: string;
    askTopic(keywords: string): string;
    checkUnderstanding: string;
    noQuestion(minutes: number): string;
    /** A restated definition or statement: "I think the derivative is…". */
    iThink(statement: string): string;
    /** A yes/no question's answer, the verb or its negation, before the statement that says it. */
    verdict(verdict: string, statement: string): string;
    /** A number worked out with the class's formula: the result, then the sum that gives it. */
    computed(result: string, left: string, operator: Operator, right: string): string;
    /** The example after it, its own cue removed. */
    forExample(example: string): string;
    /** A reason the class gave, its "because" removed. */
    because(reason: string): string;
    /** A why-question the class has not answered yet: what it did say about the subject. */
    notSureWhy(statement: string): string;
    /** Nothing in class answers it: say so, naming the term, and connect it to the class's subject. */
    bridge(term: string, related: string): string;
    bridgeAlone(term: string): string;
    /** No term to hold on to: ask, naming what the class is about. */
    askAbout(related: string): string;
    /** The class has not explained it, the slides do. */
    fromSlides(statement: string, citation: string): string;
  };
  /** Heading over a quote from the class's material: "From the slides (deck.pptx)". */
  fromMaterial(filename: string, pageLabel: 'page' | 'slide' | null | undefined): string;
  catchup: {
    where: string;
    keyPoint: string;
    listen: string;
    recent(minutes: number): string;
    topicAnnounced(topic: string, clock: string): string;
    topicFromKeywords(minutes: number, keywords: string): string;
    noKeyPoint: string;
    pendingQuestion: string;
    announcedNext: string;
    announcement: string;
    fallback(keywords: string): string;
    nothingYet: string;
  };
  summary: {
    title(course: string): string;
    topic: string;
    outline: string;
    concepts: string;
    definition: string;
    example: string;
    /** A definition the class did not give but its material does. */
    onTheSlides: string;
    firstMentioned(clock: string): string;
    stressed: string;
    assignments: string;
    when: string;
    questions: string;
    none: string;
    noTopic: string;
    covered(pageLabel: 'page' | 'slide'): string;
  };
  followup: {
    answer: string;
    sources: string;
    notCovered: string;
    intro: string;
    fromMaterial(filename: string): string;
    fromEarlierAnswer: string;
    notCoveredText(hasMaterial: boolean): string;
    closest: string;
    classSilent: string;
    noQuestion: string;
    /** Names the subject the answer is about; a follow-up to this answer reads it back. */
    about(subject: string): string;
    /** Mentions that do not explain it, shown when nothing better was said. */
    mentioned: string;
    /** "What is X?" in the class's language: one side of a comparison, asked on its own. */
    whatIs(subject: string): string;
  };
}

const ENGLISH: Phrasebook = {
  list: (items) =>
    items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`,
  sentences: (parts) => parts.filter((part) => part.length > 0).join(' '),
  labelled: (label, value) => `${label}: ${value}`,
  emptyClass: 'Nothing has been said in class yet, so there is nothing to draw on so far.',
  rescue: {
    say: 'Say this',
    question: "The teacher's likely question",
    quotes: (minutes) => `What was said (last ${minutes} min)`,
    thinkAbout: (keywords) => `I think it has to do with ${keywords}.`,
    youMentioned: (support) => `You mentioned that ${support}`,
    unsureAbout: (keywords) => `I'm not completely sure yet, but I think the question is about ${keywords}.`,
    askRephrase: "I'm not completely sure yet — could you put the question another way?",
    sayStatement: (statement) => `So far I understand that ${statement}`,
    sayNothingYet: "Sorry, I didn't catch that — could you repeat the question?",
    askTopic: (keywords) => `Could you say a bit more about ${keywords}?`,
    checkUnderstanding: 'Am I on the right track?',
    noQuestion: (minutes) => `No question from the teacher in the last ${minutes} minutes; this is what was said.`,
    iThink: (statement) => `I think ${statement}`,
    verdict: (verdict, statement) => `${verdict}: ${statement}`,
    computed: (result, left, operator, right) => `it's ${result}: ${left} ${{ '/': 'divided by', '*': 'times', '+': 'plus', '-': 'minus' }[operator]} ${right}.`,
    forExample: (example) => `For example, ${example}`,
    because: (reason) => `I think it's because ${reason}`,
    notSureWhy: (statement) => `I'm not sure why yet, but we saw that ${statement}`,
    bridge: (term, related) => `I don't think we've covered ${term} in class yet — is it connected to ${related}?`,
    bridgeAlone: (term) => `I don't think we've covered ${term} in class yet — could you tell us a bit about it?`,
    askAbout: (related) => `I'm not completely sure — is the question about ${related}?`,
    fromSlides: (statement, citation) => `We haven't gone through it in class yet, but the slides say: ${statement}${citation.length > 0 ? ` ${citation}` : ''}`,
  },
  fromMaterial: (filename, pageLabel) => `From the ${pageLabel === 'slide' ? 'slides' : 'material'} (${filename})`,
  catchup: {
    where: 'Where the class is',
    keyPoint: 'Latest key point',
    listen: 'Listen for next',
    recent: (minutes) => `The last ${minutes} minutes`,
    topicAnnounced: (topic, clock) => `The class is on **${topic}** (announced at [${clock}]).`,
    topicFromKeywords: (minutes, keywords) => `The last ${minutes} minutes were about ${keywords}.`,
    noKeyPoint: 'No single point stood out yet.',
    pendingQuestion: 'The teacher just asked a question — the answer should come next:',
    announcedNext: 'The teacher said what comes next:',
    announcement: 'An announcement was made — note it down:',
    fallback: (keywords) => `How ${keywords} fit together, and the next example.`,
    nothingYet: 'Listen for the teacher to introduce the topic.',
  },
  summary: {
    title: (course) => `# Notes: ${course}`,
    topic: 'Topic',
    outline: 'Outline',
    concepts: 'Concepts',
    definition: 'Definition',
    example: 'Example',
    onTheSlides: 'From the material',
    firstMentioned: (clock) => `first mentioned at [${clock}]`,
    stressed: 'Key points the teacher stressed',
    assignments: 'Homework, deadlines and exams',
    when: 'when',
    questions: 'Open questions',
    none: 'None mentioned.',
    noTopic: 'not announced',
    covered: (pageLabel) => (pageLabel === 'slide' ? 'Slides covered in class' : 'Pages of the material covered in class'),
  },
  followup: {
    answer: 'Answer',
    sources: 'Where this comes from',
    notCovered: 'Not covered in class',
    intro: 'From what was said in class:',
    fromMaterial: (filename) => `From the material (${filename}):`,
    fromEarlierAnswer: 'From the earlier answer:',
    notCoveredText: (hasMaterial) =>
      `The class transcript${hasMaterial ? ' and the material do' : ' does'} not contain an answer to this question. Ask your teacher, or check your textbook.`,
    closest: 'The closest mentions, which do not answer it:',
    classSilent: 'Nothing has been said in class yet.',
    noQuestion: 'There was no question to answer.',
    about: (subject) => `About **${subject}**:`,
    mentioned: 'The class mentioned it here, without explaining it further:',
    whatIs: (subject) => `What is ${subject}?`,
  },
};

const CHINESE: Phrasebook = {
  list: (items) =>
    items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join('、')}和${items[items.length - 1]}`,
  sentences: (parts) => parts.filter((part) => part.length > 0).join(''),
  labelled: (label, value) => `${label}：${value}`,
  emptyClass: '课堂上还没有人说话，目前没有可以参考的内容。',
  rescue: {
    say: '可以这样说',
    question: '老师可能在问',
    quotes: (minutes) => `刚才说的内容（最近 ${minutes} 分钟）`,
    thinkAbout: (keywords) => `我觉得这跟${keywords}有关。`,
    youMentioned: (support) => `您刚才提到：${support}`,
    unsureAbout: (keywords) => `我还不太确定，不过我理解这个问题是关于${keywords}的。`,
    askRephrase: '我还不太确定，您能换一种方式再问一下吗？',
    sayStatement: (statement) => `我目前的理解是：${statement}`,
    sayNothingYet: '不好意思，我没有听清楚，您能再说一遍问题吗？',
    askTopic: (keywords) => `能不能再讲一下${keywords}？`,
    checkUnderstanding: '我这样理解对吗？',
    noQuestion: (minutes) => `最近 ${minutes} 分钟里老师没有提问，以下是刚才讲的内容。`,
    iThink: (statement) => `我觉得${statement}`,
    verdict: (verdict, statement) => `${verdict}，${statement}`,
    computed: (result, left, operator, right) => `是${result}，${left}${{ '/': '除以', '*': '乘以', '+': '加', '-': '减' }[operator]}${right}。`,
    forExample: (example) => example,
    because: (reason) => `我觉得是因为${reason}`,
    notSureWhy: (statement) => `原因我还不太确定，不过刚才讲到：${statement}`,
    bridge: (term, related) => `我们课上好像还没讲到${term}，它和${related}有关系吗？`,
    bridgeAlone: (term) => `我们课上好像还没讲到${term}，老师能先简单介绍一下吗？`,
    askAbout: (related) => `我还不太确定，这个问题是关于${related}的吗？`,
    fromSlides: (statement, citation) => `课上还没有讲到，不过幻灯片上写着：${statement}${citation.length > 0 ? ` ${citation}` : ''}`,
  },
  fromMaterial: (filename, pageLabel) => `${pageLabel === 'slide' ? '来自幻灯片' : '来自课件'}（${filename}）`,
  catchup: {
    where: '现在讲到哪里',
    keyPoint: '最新的要点',
    listen: '接下来注意听',
    recent: (minutes) => `最近 ${minutes} 分钟`,
    topicAnnounced: (topic, clock) => `现在讲的是**${topic}**（[${clock}] 开始）。`,
    topicFromKeywords: (minutes, keywords) => `最近 ${minutes} 分钟主要在讲${keywords}。`,
    noKeyPoint: '暂时还没有特别突出的要点。',
    pendingQuestion: '老师刚提了一个问题，接下来应该会讲答案：',
    announcedNext: '老师说了接下来要讲的内容：',
    announcement: '老师刚发布了通知，记下来：',
    fallback: (keywords) => `${keywords}之间的关系，以及接下来的例子。`,
    nothingYet: '注意听老师介绍今天的主题。',
  },
  summary: {
    title: (course) => `# 课堂笔记：${course}`,
    topic: '主题',
    outline: '课堂提纲',
    concepts: '概念',
    definition: '定义',
    example: '例子',
    onTheSlides: '课件中',
    firstMentioned: (clock) => `首次提到于 [${clock}]`,
    stressed: '老师强调的重点',
    assignments: '作业、截止日期和考试',
    when: '时间',
    questions: '待解决的问题',
    none: '没有提到。',
    noTopic: '未明确说明',
    covered: (pageLabel) => (pageLabel === 'slide' ? '课堂上讲到的幻灯片' : '课堂上讲到的材料页'),
  },
  followup: {
    answer: '回答',
    sources: '出处',
    notCovered: '课堂上没有讲到',
    intro: '根据课堂上讲的内容：',
    fromMaterial: (filename) => `来自课件（${filename}）：`,
    fromEarlierAnswer: '来自之前的回答：',
    notCoveredText: (hasMaterial) =>
      `课堂记录${hasMaterial ? '和课件' : ''}里没有这个问题的答案。建议直接问老师，或者查阅教材。`,
    closest: '最接近的相关内容如下，但并没有回答这个问题：',
    classSilent: '课堂上还没有人说话。',
    noQuestion: '没有需要回答的问题。',
    about: (subject) => `关于**${subject}**：`,
    mentioned: '课堂上提到过它，但没有进一步解释：',
    whatIs: (subject) => `${subject}是什么？`,
  },
};

export function phrasebook(language: Language): Phrasebook {
  return language === 'zh' ? CHINESE : ENGLISH;
}
