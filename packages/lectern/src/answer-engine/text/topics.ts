// Spoken topic announcements: "today we'll talk about X", "接下来我们讲X".
import { HAN_CHARACTER } from './script.js';
import { safeCutIndex } from './surrogates.js';

/** Cues after which the next words name the topic; the capture group holds the topic. */
const TOPIC_CUES: readonly RegExp[] = [
  /\btoday(?:'s)? (?:topic|lecture|class) is (?:about |on )?(.+)/i,
  /\b(?:today|this lecture|this class|in this lecture)\b,? (?:we(?:'re| are| will|'ll)?|i(?:'m| am| will|'ll)?) (?:going to |gonna )?(?:talk about|look at|learn about|learn|cover|discuss|study|start|introduce|be talking about|be looking at)\s+(.+)/i,
  /\b(?:let's|let us|now we(?:'ll| will)?|we(?:'ll| will) now|i want to) (?:move on to|turn to|talk about|look at|switch to|start with|get to|discuss|go over)\s+(.+)/i,
  /\b(?:moving on to|turning to|next (?:topic|up)(?: is)?:?|the next (?:topic|thing|part|section) (?:is|we'll cover is))\s+(.+)/i,
  /\bthis (?:section|part|unit) is (?:about|on) (.+)/i,
  /\bthe (?:first|next|last|final|main|new) topic(?: for today| of today| today)? is (.+)/i,
  /今天(?:我们)?(?:要|来|主要)?(?:讲|学习|学|介绍|讨论|聊|看)(?:一下|的是)?(.+)/,
  /今天的(?:主题|内容|课题|话题)是(.+)/,
  /(?:接下来|下面|现在|然后|最后)(?:我们)?(?:要|来|开始|就|再)?(?:简单)?(?:讲|看|学|介绍|讨论|进入|聊|说)(?:一下|一看|的是)?(.+)/,
  /我们(?:来|先)(?:看|讲|学|介绍|讨论)(?:一下|一看)?(.+)/,
  /^(?:好[，,]?\s*)?第[一二三四五六七八九十\d]+(?:部分|节|章|个(?:问题|话题|主题))(?:是|讲|我们讲)?[:：，,]?(.+)/,
];

/** A topic name longer than this is a clause, not a name; it is cut at a word boundary. */
const TOPIC_WORDS_MAX = 8;
const TOPIC_HAN_CHARS_MAX = 16;
const TOPIC_CHARS_MIN = 2;
const TRAILING_FILLER = /\s*(?:today|now|first|next|here|a little bit|a bit|for a (?:minute|moment|while)|with you)\s*$/i;

/**
 * A place in the course, not a subject: "chapter three", "section 2.1", 第三章. Notes that give
 * it as the topic tell the student nothing.
 */
const COURSE_PLACE = /^(?:(?:the\s+)?(?:next\s+|last\s+|new\s+)?(?:chapter|section|unit|part|lesson|lecture|module|page|week)s?(?:\s+[\w.-]+)?|第[一二三四五六七八九十百\d]+[章节课单元讲部分]|(?:下一|这一|新的一?)[章节课单元])$/i;
/** "a new quantity", 一个新的物理量: a topic not yet named; the name usually follows ("叫动量"). */
const UNNAMED = /^(?:a|an|some|another|one more)\s|^(?:一个|一种|一些|另一个|新的)/i;
const NAMED_AFTER = /(?:叫做|叫作|称为|叫|called|named)\s*([^，。,.!！?？;；:：]+)/i;

/** The topic the sentence announces, or null when it announces none. */
export function announcedTopic(sentence: string): string | null {
  for (const cue of TOPIC_CUES) {
    const raw = cue.exec(sentence)?.[1];
    if (raw === undefined) continue;
    const topic = trimTopic(raw);
    if (topic.length >= TOPIC_CHARS_MIN && !COURSE_PLACE.test(topic)) return topic;
  }
  return null;
}

/**
 * The name of the topic the sentence announces, for a heading: an unnamed topic takes the
 * name said after it ("a new quantity, called momentum" → momentum) or is no topic. Explaining a
 * term reads what follows its announcement (explanation.ts), so announcedTopic keeps the words
 * as announced.
 */
export function namedTopic(sentence: string): string | null {
  const topic = announcedTopic(sentence);
  if (topic === null || !UNNAMED.test(topic)) return topic;
  const name = NAMED_AFTER.exec(sentence.slice(sentence.indexOf(topic) + topic.length))?.[1];
  const named = name === undefined ? '' : trimTopic(name);
  return named.length >= TOPIC_CHARS_MIN && !COURSE_PLACE.test(named) ? named : null;
}

function trimTopic(raw: string): string {
  let topic = raw.split(/[.。!！?？;；,，:：(（]/)[0] ?? '';
  topic = topic.replace(/^(?:about|on|is|the topic of|一下|的就是|的是|就是|是)\s*/i, '');
  if (HAN_CHARACTER.test(topic) && !/\s/.test(topic.trim())) {
    // "…今天讲的内容": a clause about the lesson, not the name of a topic.
    if (/^[的了过完]/.test(topic)) return '';
    const name = topic.replace(/[吧啊呢了]+$/, '');
    return name.slice(0, safeCutIndex(name, TOPIC_HAN_CHARS_MAX)).trim();
  }
  const words = topic.trim().split(/\s+/).slice(0, TOPIC_WORDS_MAX);
  return words.join(' ').replace(TRAILING_FILLER, '').trim();
}

/** Sentences that point ahead: "next we'll…", "in a moment…", "接下来…", "下节课…". */
const FORWARD_CUES =
  /\b(?:next,? (?:we(?:'ll| will| are going to)|i(?:'ll| will)|time|class|lecture)|in a (?:moment|minute|second|bit)|after (?:this|that),? (?:we|i)|coming up|later (?:today|on)|we(?:'ll| will) (?:come back|get to|see|look at)|before we (?:finish|end|leave))\b|接下来|待会|等一下|一会儿|稍后|后面我们|下节课|下次课|马上(?:就)?要/i;

export function isForwardLooking(sentence: string): boolean {
  return FORWARD_CUES.test(sentence);
}
