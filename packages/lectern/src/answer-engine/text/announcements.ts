// Homework, exam and deadline announcements, with the dates they mention.
import { isQuestion } from './questions.js';
import { TextFact } from './text-facts.js';

export type AnnouncementKind = 'homework' | 'exam' | 'deadline' | 'event';

export interface Announcement {
  kinds: AnnouncementKind[];
  /** Date-like expressions in the sentence ("Friday", "next week", "3月15日", "下周三"). */
  when: string[];
}

const KIND_PATTERNS: Readonly<Record<AnnouncementKind, RegExp>> = {
  // Work set for after class, however it is phrased: named ("problem set", 练习册), a reading
  // ("read Doyle chapter three", "read sections 8.4 and 8.5"), a request to the students at the
  // start of a sentence or after "please" ("Bring your laptop", "please do the app"), what
  // they "need to" do outside class ("You need to see one painting in person"), or
  // something to do once home (课后, 回去想一想).
  homework:
    /\b(?:homework|assignments?|problem sets?|psets?|practice problems|exercises? \d+|(?:the|these|those) exercises|worksheets?|lab reports?|projects?|essays?|response papers?|reading for|read(?:ing)? (?:[\w'-]+ ){0,2}(?:chapters?|sections?|pages?)|hand (?:it |them )?in|turn (?:it |them )?in|submit|please (?:do|read|bring|finish|review|practice|watch|email|print|install|write|prepare|memori[sz]e)|you (?:need|have|will need|'ll need|must) to (?:read|watch|visit|bring|submit|email|finish|attend|print|install|register|sign up|see [\w' ]{1,30} in person)|^(?:(?:and|also|so|ok|okay|now)[\s,]+)*(?:bring|prepare|write up) (?:your|a|an|the)\b)\b|(?<!写)作业(?!的时候)|习题|练习题|练习册|练习本|填图册|课后|预习|订正|背诵|默写|回去(?:以后|之后)?(?:想|做|画|看|读|练|写)|实验报告|论文|提交|上交|交上来|交给/i,
  // A generic mention ("a common mistake on exams", 考试的时候) is not an announcement: an exam
  // counts when it is a specific one (the/next/our exam, midterm, 期中, 考试范围…).
  exam:
    /\b(?:(?:the|your|our|next|this|an?)\s+(?:[a-z]+\s+)?(?:exam|final exam|quiz|test(?!\s+(?:case|cases|data|suite|set|tubes?)))|(?:the|your|our) final(?=,?\s+(?:is|will|covers|on))|midterms?|finals|quiz(?:zes)?|on the (?:exam|test|quiz|midterm|final))\b|期中|期末|月考|测验|小测|随堂测|考点|会考|考试(?:范围|时间|定在|安排|地点|在|是|会|要)/i,
  // A day the work is for ("for Tuesday, read…", "before Thursday", "email me by this Friday",
  // 明天交, 下周一上课前交) as well as the words of a deadline.
  deadline:
    /\b(?:due|deadline|no later than|closes (?:on |at )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tonight|tomorrow|midnight|\d)|before (?:class|the lecture|midnight|(?:this |next )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))|(?:by|for) (?:the end of |this |next )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight|next|midnight|noon)|late (?:submissions?|penalty))\b|截止|最晚|期限|之前交|前交|前提交|逾期|(?:天|晚|周[一二三四五六日天]|星期[一二三四五六日天])交(?:[。，！,.!]|$)/i,
  // A class event or a change to the timetable: a field trip, a review session, office hours,
  // a section or lab moved or cancelled (春游, 参观, 调课, 停课, 答疑).
  event:
    /\b(?:field trips?|(?:review sessions?|guest (?:speaker|lecture)s?|office hours)(?=[^.!?]*\b(?:moved|cancel+ed|monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight|\d))|(?:section|lab|class|lecture|recitation|tutorial|seminar|discussion)s?(?: (?:this|next) week| today| tomorrow)? (?:is|are|will be|has been|have been|gets?) (?:moved|cancel+ed|rescheduled|postponed|off)|no (?:class|lecture|section|lab)\b(?= on| this| next| tomorrow| today|[.,!]|$))\b|春游|秋游|参观|实地考察|野外考察|调课|停课|补课|答疑|辅导课/i,
};

const WHEN_PATTERN = new RegExp(
  [
    String.raw`\b(?:next|this|coming)\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|week|class|lecture|time|month)\b`,
    String.raw`\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)(?:\s+(?:morning|afternoon|night|evening))?\b`,
    String.raw`\b(?:tomorrow|tonight|end of (?:the )?(?:week|month|term|semester))\b`,
    String.raw`\bin\s+(?:two|three|four|\d+)\s+(?:days|weeks)\b`,
    String.raw`\bweek\s+\d+\b`,
    String.raw`\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+\d{1,2}(?:st|nd|rd|th)?\b`,
    String.raw`\b\d{4}-\d{2}-\d{2}\b`,
    String.raw`\b\d{1,2}/\d{1,2}\b`,
    String.raw`\b\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)`,
    String.raw`(?:下|这|本|上)?(?:周|星期|礼拜)[一二三四五六日天末]`,
    String.raw`下(?:周|星期|个月|节课|次课|次)`,
    String.raw`(?:今天|明天|后天|今晚|明晚)(?:晚上|上午|下午|中午)?`,
    String.raw`\d{1,2}月\d{1,2}[日号]`,
    String.raw`第[一二三四五六七八九十\d]+周`,
    String.raw`\d{1,2}[点:：]\d{0,2}(?:分)?(?:之前|前)?`,
  ].join('|'),
  'gi',
);

/** Kept per text: every question on a class asks it again of the class's sentences. */
const announcements = new TextFact(announcementIn);

/** A question about homework ("作业里可以用递归吗？") asks; it announces nothing. */
export function findAnnouncement(sentence: string): Announcement | null {
  const found = announcements.of(sentence);
  // A copy: the kept one is shared with every later caller.
  return found === null ? null : { kinds: [...found.kinds], when: [...found.when] };
}

function announcementIn(sentence: string): Announcement | null {
  if (isQuestion(sentence)) return null;
  const kinds = kindsNamedIn(sentence);
  if (kinds.length === 0) return null;
  return { kinds, when: timeExpressions(sentence) };
}

/** The kinds of announced work, exam, deadline or event a text names, whether or not it announces. */
function kindsNamedIn(text: string): AnnouncementKind[] {
  return (Object.keys(KIND_PATTERNS) as AnnouncementKind[]).filter((kind) => KIND_PATTERNS[kind].test(text));
}

/**
 * Whether a text — a question too — names work, an exam, a deadline or a class event as an
 * announcement would ("Why can the lab report come late?", 实验报告为什么可以晚交？).
 */
export function namesAnnouncedWork(text: string): boolean {
  return kindsNamedIn(text).length > 0;
}

/** Where a class event is: "room 210", "in the lab", 302教室, 实验室. */
const PLACE_PATTERN =
  /\b(?:room|hall|lab|building|auditorium|library|gym)\s+[A-Z0-9][\w-]*\b|\b(?:in|at) the (?:lab|library|gym|auditorium|same room|usual room)\b|\d{2,4}(?:室|教室)|(?:教室|实验室|礼堂|操场|图书馆|报告厅)/i;
/** A room code ("B12"): a capital letter and digits, so not case-blind like the words above. */
const ROOM_CODE = /\b[A-Z]\d{2,4}\b/;

/** Whether a sentence says where (a room, a building, the lab). */
export function namesPlace(sentence: string): boolean {
  return PLACE_PATTERN.test(sentence) || ROOM_CODE.test(sentence);
}

/** The date and time expressions of a sentence ("Monday night", "11:59 pm", "周五"), by the pattern announcements use. */
export function timeExpressions(sentence: string): string[] {
  return [...new Set([...sentence.matchAll(WHEN_PATTERN)].map((m) => m[0].trim()))];
}
