// The offline assistant's answers on the evaluation lectures, through the HTTP API of the real
// CLI: a rescue that names the term nothing in class explained, an "explain" follow-up that
// quotes the definition, and a parent_id follow-up ("Why is that?") that stays on the subject
// of the question it follows.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CALCULUS_EN, CALCULUS_ZH } from '../answer-engine/evaluation/lectures.js';
import type { LecternClient } from '../support/http-client.js';
import { useLectern } from '../support/lectern-fixture.js';
import { ask, finished, startClass, stopClass } from './assistant-support.js';

describe('assistant answer quality with the builtin engine (through the real CLI)', () => {
  let client: LecternClient;

  useLectern((_started, startedClient) => {
    client = startedClient;
  });

  it('explains from the definition and follows "Why is that?" to the parent question\'s subject', async () => {
    const session = await startClass(client, CALCULUS_EN.courseName, CALCULUS_EN.lines.map(([, text]) => text));
    try {
      const rescue = await finished(client, (await ask(client, session.id, { kind: 'rescue' })).id);
      assert.equal(rescue.status, 'completed');
      const say = /^## Say this\n\n> (.+)$/m.exec(rescue.markdown)?.[1] ?? '';
      assert.match(say, /\*\*integral\*\*/, 'the bridge names the term the teacher asked about');
      assert.doesNotMatch(say, /has to do with/);

      const explain = await finished(client, (await ask(client, session.id, { kind: 'followup', question: 'Can you explain the difference quotient in simpler words?' })).id);
      assert.match(explain.markdown, /^## Answer\n\nAbout \*\*difference quotient\*\*:/);
      assert.match(explain.markdown, /- \*\*\[\d+:\d\d\]\*\* “This quotient is called the difference quotient\.”/);

      const parent = await finished(client, (await ask(client, session.id, { kind: 'followup', question: 'What is the power rule?' })).id);
      assert.match(parent.markdown, /n times x to the n minus one/);
      const why = await finished(client, (await ask(client, session.id, { kind: 'followup', question: 'Why is that?', parent_id: parent.id })).id);
      assert.equal(why.parent_id, parent.id);
      assert.match(why.markdown, /About \*\*power rule\*\*/);
      assert.match(why.markdown, /“Because when you expand x plus h to the n/);
    } finally {
      await stopClass(client, session.id);
    }
  });

  it('answers a Chinese class the same way, in Chinese', async () => {
    const session = await startClass(client, CALCULUS_ZH.courseName, CALCULUS_ZH.lines.map(([, text]) => text));
    try {
      const explain = await finished(client, (await ask(client, session.id, { kind: 'followup', question: '能用简单的话解释一下差商吗？' })).id);
      assert.match(explain.markdown, /^## 回答\n\n关于\*\*差商\*\*：/);
      assert.match(explain.markdown, /“我们把这个商叫做差商。”/);
      const parent = await finished(client, (await ask(client, session.id, { kind: 'followup', question: '什么是幂函数求导法则？' })).id);
      const why = await finished(client, (await ask(client, session.id, { kind: 'followup', question: '为什么会这样？', parent_id: parent.id })).id);
      assert.match(why.markdown, /“因为把 x 加 h 的 n 次方展开以后/);
    } finally {
      await stopClass(client, session.id);
    }
  });
});
