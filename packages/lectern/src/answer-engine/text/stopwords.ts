// Words that carry no subject matter in classroom speech, in English and Chinese.

export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above after again against all almost also although always am among an and another any
  anybody anyone anything anyway are aren't around as at away back be because been before being
  below between both but by can can't cannot come comes could couldn't did didn't do does doesn't
  doing don't done down during each either else enough even ever every everybody everyone
  everything few first for from further get gets getting give go goes going gone gonna good got
  gotta had hadn't has hasn't have haven't having he he'd he's her here hers herself him himself
  his how however i i'd i'll i'm i've if in into is isn't it it's its itself just kind know let
  let's like little look lot lots made make makes many may maybe me mean means might mine more
  most much must my myself need needs never new next no nor not nothing now of off oh ok okay
  on once one only or other others otherwise our ours ourselves out over own pretty put quite
  rather really right said same say says see seen she she'd she's should shouldn't so some
  somebody someone something sort still such sure take takes tell than thank thanks that that's
  the their theirs them themselves then there there's these they they'd they'll they're they've
  thing things think this those though through to today too um uh under until up upon us use
  used using very want wanna was wasn't way we we'd we'll we're we've well were weren't what
  what's when where whether which while who whom whose why will with within without won't would
  wouldn't yeah yes yet you you'd you'll you're you've your yours yourself yourselves going
  actually basically literally probably okay alright gonna everybody stuff guys zero two three four
  five six seven eight nine ten eleven twelve twenty thirty forty fifty hundred thousand second
  third half percent minute minutes question questions`
    .split(/\s+/)
    .filter((word) => word.length > 0),
);

/**
 * Han characters that are grammatical glue (particles, pronouns, the copula). A bigram that
 * contains one of them straddles a word boundary or is itself a function word.
 */
export const CHINESE_FUNCTION_CHARACTERS: ReadonlySet<string> = new Set(
  [...'的了吗呢吧啊呀嘛哦么着我你他她它们这那就都也很把被和与及而或哈嗯呃是'],
);

/** Frequent two-character words of classroom speech that say nothing about the subject. */
export const CHINESE_STOP_BIGRAMS: ReadonlySet<string> = new Set(
  `大家 同学 老师 一个 一下 一些 一样 一点 一定 就是 然后 所以 因为 但是 可以 什么 怎么 如果 已经
  现在 今天 其实 这样 那么 还是 或者 不是 没有 知道 觉得 时候 问题 好的 对吧 是不是 这里 那里
  东西 比较 可能 应该 需要 非常 还有 而且 或者 之后 以后 之前 以前 里面 上面 下面 每个 有点 看看
  开始 来说 来看 所谓 的话 一般 其中 不过 然而 另外 自己 别人 为了 通过 进行 那个 这个 哪个 怎样
  其他 只有 不会 不能 能够 不要 只要 就会 就要 还会 有些 这种 那种 上课 下课 为什 如何 为何 哪些 哪里 多少 怎样 有没 没有`
    .split(/\s+/)
    .filter((word) => word.length > 0),
);
