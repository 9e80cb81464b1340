// The bench's own small stop lists, kept apart from the engine's (stopwords-iso): the engine is
// judged by them, so it must not supply them. Written from general English and Chinese usage
// and classroom talk, not from any lecture's output. bench/answers/README.md, "How it is
// scored", says where each list is used.

/**
 * English function words: articles, pronouns, prepositions, conjunctions, auxiliaries,
 * determiners, quantifiers and question words. A listed concept that starts or ends with one is a
 * fragment ("of the enzyme", "rate at"); one that is one of them is not a term.
 */
export const ENGLISH_FUNCTION_WORDS: ReadonlySet<string> = new Set(
  (
    'a an the this that these those it its it\'s he him his she her hers they them their theirs we us our ours you your yours i me my mine ' +
    'of to in on at by for with from into onto over under about above below between through during before after up down out off ' +
    'and or but nor so yet if then than as because while although though whether ' +
    'is are was were be been being am do does did done has have had having can could will would shall should may might must ' +
    'not no yes very just also too more most less least some any all each every both either neither many much few several such other another ' +
    'what which who whom whose when where why how there here now then ' +
    'one ones same own only even still again ever never always often'
  ).split(' '),
);

/**
 * Words any class uses whatever its subject: classroom business, talk about talk, and the
 * vaguest nouns, verbs and adjectives. A listed concept that is one of these alone names no
 * course term.
 */
export const ENGLISH_GENERIC_WORDS: ReadonlySet<string> = new Set(
  (
    'thing things stuff something anything everything nothing someone anyone everyone people person guy guys way ways lot lots kind kinds sort type types ' +
    'part parts bit piece number numbers example examples question questions answer answers problem problems case cases fact facts idea ideas point points ' +
    'word words name names reason reasons result results end start side place time times minute minutes hour hours day days week weeks today tomorrow yesterday ' +
    'class classes lecture lectures lesson course board slide slides page pages book books notes homework assignment exam exams quiz quizzes test tests ' +
    'deadline grade student students teacher professor ' +
    'count look see say said talk think know get go make take use want need try work call called mean means give put let show tell ' +
    'good bad right wrong big small large little same different new old first last next second third real whole ' +
    'ok okay yeah well really actually basically'
  ).split(' '),
);

/**
 * Chinese function and generic words of two or more characters: pronouns, question words,
 * conjunctions, classroom talk and the vaguest nouns. A listed concept that is one of these is not
 * a term (a one-character concept never is: score.ts); question key words are cut at them. One
 * character function words (的, 能, 会, 还…) are left out on purpose: cutting at them would split
 * words such as 动能, 社会 and 还原.
 */
export const CHINESE_STOP_WORDS: readonly string[] = (
  '我们 你们 他们 她们 它们 大家 自己 这个 那个 这些 那些 这样 那样 这里 那里 这儿 那儿 ' +
  '什么 怎么 怎么样 为什么 哪个 哪里 多少 是不是 有没有 能不能 会不会 对不对 ' +
  '可以 应该 一定 或者 还是 但是 可是 所以 因为 如果 那么 然后 而且 就是 这么 ' +
  '东西 问题 事情 情况 地方 部分 方面 时候 时间 今天 明天 昨天 下次 下节课 同学 老师 上课 下课 作业 考试 例子 比如 意思 结果 一下 一点 一个 第一 第二'
).split(' ');
