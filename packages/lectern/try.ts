import { answerOf, section } from './test/answer-engine/evaluation/evaluate.js';
import { loadLecture, ENGLISH_LECTURE, CHINESE_LECTURE, lectureUntil } from './test/answer-engine/lectures.js';
for (const f of [ENGLISH_LECTURE, CHINESE_LECTURE]) {
  const entries = loadLecture(f);
  const md = await answerOf({ kind: 'summary', entries });
  console.log(md.split('\n').slice(0, 40).join('\n'));
}
const en = loadLecture(ENGLISH_LECTURE);
for (const marker of ['Does anyone know what the final electron acceptor is?', 'Why do your muscles burn during a hard sprint?']) {
  console.log(section(await answerOf({ kind: 'rescue', entries: lectureUntil(en, marker) }), 'Say this'));
}
for (const q of ['What is chemiosmosis?', 'Why is oxygen needed?', 'How is ATP made?', 'Can you give an example of fermentation?']) console.log(q, '\n', await answerOf({ kind: 'followup', entries: en, question: q }));
