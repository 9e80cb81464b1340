import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Alert, Entry } from '../../src/features/entries/schemas.js';
import type { Session } from '../../src/features/sessions/schemas.js';
import type { LecternClient } from '../support/http-client.js';
import { useLectern } from '../support/lectern-fixture.js';

/**
 * What a student hears and whether it should buzz: English keywords match whole words
 * (punctuation between the words of a phrase does not matter), Chinese ones anywhere.
 */
const expectations: { text: string; level: Alert['level'] | null }[] = [
  // Words that merely contain a keyword are not it.
  { text: 'Let me recall one more thing about enzymes.', level: null },
  { text: 'For example, consider a catalyst.', level: null },
  { text: 'Finally, the reaction reaches equilibrium.', level: null },
  { text: 'This is a reproduced figure from the textbook.', level: null },
  // How teachers actually pick someone.
  { text: 'Who can tell me what ATP stands for?', level: 'danger' },
  { text: 'Can anyone explain why the curve flattens?', level: 'danger' },
  { text: 'You, in the second row: what do we call this?', level: 'danger' },
  { text: 'Does anyone know the answer?', level: 'danger' },
  { text: "Let's hear from someone who hasn't spoken yet.", level: 'danger' },
  { text: 'Raise your hand if you have seen this before.', level: 'danger' },
  { text: "I'm going to call on a few of you.", level: 'danger' },
  { text: 'Any volunteers for the next problem?', level: 'danger' },
  // Graded things, whole words, any case, plural forms included.
  { text: 'The EXAM covers chapters three to five.', level: 'warning' },
  { text: 'Both exams are open book.', level: 'warning' },
  { text: 'Problem set four is due Monday.', level: 'warning' },
  // Chinese keeps substring matching: there are no spaces between words.
  { text: '下面我来点名。', level: 'danger' },
  { text: '谁能回答这个问题？', level: 'danger' },
  { text: '这是考试的重点。', level: 'warning' },
  { text: '今天讲酶的结构。', level: null },
];

describe('alerts', () => {
  let client: LecternClient;
  let session: Session;

  useLectern((_started, startedClient) => {
    client = startedClient;
  });
  before(async () => {
    session = (await client.post<Session>('/api/v2/sessions', { course_name: 'Alerts' })).body;
  });

  it('raises what a student would want raised with the default keywords, and nothing else', async () => {
    const wrong: string[] = [];
    for (const [i, { text, level }] of expectations.entries()) {
      const entry = await client.post<Entry>(`/api/v2/sessions/${session.id}/entries`, { text, source_id: `default-${i}` });
      assert.equal(entry.status, 201, entry.text);
      const got = entry.body.alert?.level ?? null;
      if (got !== level) wrong.push(`${JSON.stringify(text)}: expected ${level}, got ${got} ${JSON.stringify(entry.body.alert?.keywords ?? [])}`);
    }
    assert.deepEqual(wrong, []);
  });

  it('matches a keyword the student added on word boundaries too, and reports it as written', async () => {
    const saved = await client.request('PUT', '/api/v2/settings', { body: { alerts: { danger_keywords: ['ATP', 'Lab report'], warning_keywords: ['写报告'] } } });
    assert.equal(saved.status, 200, saved.text);
    const hit = await client.post<Entry>(`/api/v2/sessions/${session.id}/entries`, { text: 'atp is made here; the lab-report is yours.', source_id: 'custom-1' });
    assert.deepEqual(hit.body.alert, { level: 'danger', keywords: ['ATP', 'Lab report'] });
    const inside = await client.post<Entry>(`/api/v2/sessions/${session.id}/entries`, { text: 'ATPase is an enzyme.', source_id: 'custom-2' });
    assert.equal(inside.body.alert, null);
    const chinese = await client.post<Entry>(`/api/v2/sessions/${session.id}/entries`, { text: '回家写报告吧', source_id: 'custom-3' });
    assert.deepEqual(chinese.body.alert, { level: 'warning', keywords: ['写报告'] });
  });
});
