/**
 * Frequent English words every course vocabulary includes (with a small share of the language
 * model's probability), so ordinary classroom talk between the jargon still decodes: function
 * words, numbers, classroom verbs. Kept short on purpose: the dictionary's size is what makes
 * the restricted decoder fast and accurate; the whole 134k-word dictionary is ~10× slower.
 */
export const commonEnglishWords: readonly string[] = `
a about after again all also always an and another any are around as ask at back be because
been before being below between both but by can can't class come could day did didn't do does
doesn't don't done down each easy eight end enough even every example exam fact few find first
five for four from get give go going good great had has have he here her him his how i i'm if
important in into is isn't it it's its just keep kind know last later learn left let let's like
little long look lot make many may me mean means more most much must my need never new next nine
no not note now number of off often okay on once one only or other our out over part people
point problem question questions quite really remember right same say says second see seven she
should show simple since six so some something start still such sure take talk ten than that
that's the their them then there there's these they thing things think third this those three
through time to today together too two under understand until up us use used very want was way
we we'll we're well were what what's when where which while who why will with without word work
would write yes yet you you're your zero
`.trim().split(/\s+/);
