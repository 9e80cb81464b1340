import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Task } from '../../../src/features/assistant/schemas.js';
import type { Material } from '../../../src/features/materials/schemas.js';
import type { Session } from '../../../src/features/sessions/schemas.js';
import { FakeOpenAiServer } from '../../support/openai-server.js';
import { startFeatureServer, type FeatureServer } from '../../support/feature-server.js';
import { multipartBody } from '../../support/multipart.js';
import { fixture } from './fixtures.js';

/** A lesson on the derivatives deck (fixtures/materials/derivatives.pptx); Leibniz is never named aloud. */
const lesson = [
  'Good morning, today we continue with derivatives.',
  'Remember that the derivative is the slope of the tangent line at a point.',
  'We get it as the limit of the slopes of secant lines.',
  'Next, the power rule: bring the exponent down and lower it by one.',
  'So the derivative of x cubed is three x squared.',
  'Now a big result about continuous and differentiable functions.',
  'Who can tell me what the mean value theorem guarantees?',
];

describe('answers grounded in the class slides (builtin engine, through the API)', () => {
  let feature: FeatureServer;
  let deck: Material;
  let session: Session;

  async function run(sessionId: string, body: object): Promise<Task> {
    const created = await feature.inject({ method: 'POST', url: `/api/v2/sessions/${sessionId}/assistant`, payload: body });
    assert.equal(created.statusCode, 202, created.body);
    for (;;) {
      const task = (await feature.inject({ method: 'GET', url: `/api/v2/assistant/${created.json<Task>().id}` })).json<Task>();
      if (task.status !== 'queued' && task.status !== 'running') {
        assert.equal(task.status, 'completed', task.error_message ?? '');
        return task;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  before(async () => {
    feature = await startFeatureServer(['materials', 'sessions', 'assistant']);
    feature.services.settings.update({ auto_summary: false });
    deck = (await feature.inject({ method: 'POST', url: '/api/v2/materials', ...multipartBody({ filename: 'derivatives.pptx', content: fixture('derivatives.pptx') }) })).json<Material>();
    session = (await feature.inject({ method: 'POST', url: '/api/v2/sessions', payload: { course_name: 'Calculus I', material_id: deck.id } })).json<Session>();
    lesson.forEach((text, i) => feature.services.entries.append(session.id, { text, source_id: `l${i}` }));
  });
  after(() => feature.close());

  it('a rescue right after the teacher asks about a slide\'s topic quotes and cites that slide', async () => {
    const task = await run(session.id, { kind: 'rescue' });
    assert.match(task.markdown, /From the slides \(derivatives\.pptx\)/);
    assert.match(task.markdown, /average slope[^\n]*\(slide 7\)/);
  });

  it('a follow-up whose answer is only in the slides (the speaker notes) is answered from them, with the slide', async () => {
    const task = await run(session.id, { kind: 'followup', question: 'When did the chain rule first appear, and who wrote it down?' });
    assert.match(task.markdown, /1676 memoir by Gottfried Wilhelm Leibniz[^\n]*\(slide 6\)/);
    assert.doesNotMatch(task.markdown, /Not covered in class/);
  });

  it('a catch-up points to the slide being discussed', async () => {
    const task = await run(session.id, { kind: 'catchup' });
    assert.match(task.markdown, /\(slide 7\)/);
  });

  it('the summary lists the slides the class covered, in deck order, and not the ones it skipped', async () => {
    const task = await run(session.id, { kind: 'summary' });
    const covered = /## Slides covered in class\n\n((?:- .*\n?)+)/.exec(task.markdown)?.[1] ?? '';
    assert.match(covered, /\(slide 2\) The tangent line/);
    assert.match(covered, /\(slide 3\) The power rule/);
    assert.match(covered, /\(slide 7\) The mean value theorem/);
    assert.doesNotMatch(covered, /Homework|\(slide 8\)/);
    const order = [...covered.matchAll(/\(slide (\d+)\)/g)].map((m) => Number(m[1]));
    assert.deepEqual(order, [...order].sort((a, b) => a - b));
  });

  it('a material given later through PATCH grounds the answers too; cleared, it no longer does', async () => {
    await feature.inject({ method: 'POST', url: `/api/v2/sessions/${session.id}/stop` });
    const later = (await feature.inject({ method: 'POST', url: '/api/v2/sessions', payload: { course_name: 'Calculus I' } })).json<Session>();
    feature.services.entries.append(later.id, { text: 'Who can tell me what the mean value theorem guarantees?', source_id: 'q' });
    assert.doesNotMatch((await run(later.id, { kind: 'rescue' })).markdown, /\(slide 7\)/);
    await feature.inject({ method: 'PATCH', url: `/api/v2/sessions/${later.id}`, payload: { material_id: deck.id } });
    assert.match((await run(later.id, { kind: 'rescue' })).markdown, /\(slide 7\)/);
    await feature.inject({ method: 'PATCH', url: `/api/v2/sessions/${later.id}`, payload: { material_id: null } });
    assert.doesNotMatch((await run(later.id, { kind: 'rescue' })).markdown, /\(slide 7\)/);
    await feature.inject({ method: 'POST', url: `/api/v2/sessions/${later.id}/stop` });
  });
});

describe('the model prompt carries the ranked slides with their citations (byok)', () => {
  let feature: FeatureServer;
  let provider: FakeOpenAiServer;

  before(async () => {
    provider = await FakeOpenAiServer.start();
    feature = await startFeatureServer(['materials', 'sessions', 'assistant']);
    feature.services.settings.update({ llm: { mode: 'byok', base_url: provider.baseUrl, model: 'fake', context_characters: 4000 }, auto_summary: false });
  });
  after(async () => {
    await feature.close();
    await provider.close();
  });

  it('a rescue prompt quotes the matching slide first within the budget, labelled (slide 7), and asks to cite it', async () => {
    const deck = (await feature.inject({ method: 'POST', url: '/api/v2/materials', ...multipartBody({ filename: 'derivatives.pptx', content: fixture('derivatives.pptx') }) })).json<Material>();
    const session = (await feature.inject({ method: 'POST', url: '/api/v2/sessions', payload: { material_id: deck.id } })).json<Session>();
    lesson.forEach((text, i) => feature.services.entries.append(session.id, { text, source_id: `l${i}` }));
    const before = provider.requests.length;
    const created = await feature.inject({ method: 'POST', url: `/api/v2/sessions/${session.id}/assistant`, payload: { kind: 'rescue' } });
    assert.equal(created.statusCode, 202);
    const [request] = (await provider.waitForRequests(before + 1)).slice(before);
    const messages = (request?.body as { messages: { role: string; content: string }[] }).messages;
    const system = messages[0]?.content ?? '';
    const user = messages.at(-1)?.content ?? '';
    assert.match(system, /\(slide 7\) or \(p\. 12\)/);
    assert.match(user, /\(slide 7\) The mean value theorem/);
    assert.ok(messages.reduce((sum, m) => sum + m.content.length, 0) <= 4000);
    await ended(created.json<Task>().id);

    // A follow-up: the slide that answers the question first, then the one the class is on.
    const followup = await feature.inject({ method: 'POST', url: `/api/v2/sessions/${session.id}/assistant`, payload: { kind: 'followup', question: 'Who wrote down the chain rule first?' } });
    const [asked] = (await provider.waitForRequests(before + 2)).slice(before + 1);
    const prompt = (asked?.body as { messages: { content: string }[] }).messages.at(-1)?.content ?? '';
    assert.match(prompt, /\(slide 6\) The chain rule/);
    assert.match(prompt, /\(slide 7\) The mean value theorem/);
    await ended(followup.json<Task>().id);
  });

  /** A task ends before the server closes: its last write must find the database open. */
  async function ended(taskId: string): Promise<void> {
    for (;;) {
      const task = (await feature.inject({ method: 'GET', url: `/api/v2/assistant/${taskId}` })).json<Task>();
      if (task.status !== 'queued' && task.status !== 'running') return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
});
