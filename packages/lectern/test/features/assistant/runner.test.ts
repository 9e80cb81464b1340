import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import pino from 'pino';
import { TaskRunner } from '../../../src/features/assistant/runner.js';
import type { Task } from '../../../src/features/assistant/schemas.js';
import { createAssistantService } from '../../../src/features/assistant/service.js';
import { createTaskStore, type TaskStore } from '../../../src/features/assistant/store.js';
import { createBuiltinProvider } from '../../../src/answer-engine/providers/builtin-provider.js';
import type { TaskProvider } from '../../../src/answer-engine/providers/task-provider.js';
import { EventHub } from '../../../src/platform/events.js';
import type { BusEvents, BusFrame } from '../../../src/event-catalogue.js';
import { startFeatureServer, type FeatureServer } from '../../support/feature-server.js';

const task: Task = {
  id: 'task-1',
  session_id: 'session-1',
  kind: 'rescue',
  status: 'queued',
  question: null,
  parent_id: null,
  created_at: new Date().toISOString(),
  started_at: null,
  finished_at: null,
  through_entry_id: 0,
  markdown: '',
  stage: 'queued',
  first_token_ms: null,
  total_ms: null,
  provider_calls: 0,
  summary_id: null,
  error_code: null,
  error_message: null,
};

interface AssistantOptions {
  connectionTestDeadlineMs?: number;
  /** The feature server's own task store unless given. */
  store?: TaskStore;
  /** Off unless asked for. */
  autoSummary?: boolean;
}

/** The assistant service of a feature server's database, answering with `provider`. */
function assistantAnsweringWith(feature: FeatureServer, provider: TaskProvider, options: AssistantOptions = {}) {
  const { hub, sessions, entries } = feature.services;
  const { connectionTestDeadlineMs, store = createTaskStore(feature.db), autoSummary = false } = options;
  const resolveProvider = () => provider;
  return createAssistantService({
    store,
    runner: new TaskRunner({ store, hub, logger: pino({ level: 'silent' }), resolveProvider }),
    sessions,
    entries,
    hub,
    resolveProvider,
    autoSummaryEnabled: () => autoSummary,
    materialText: () => null,
    ...(connectionTestDeadlineMs === undefined ? {} : { connectionTestDeadlineMs }),
  });
}

describe('assistant runner and service', () => {
  it('logs a store that cannot be written (a full disk) instead of leaving an unhandled rejection', async () => {
    const diskFull = () => {
      throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    };
    // Only what run() touches; every write fails as on a full disk.
    const store = { start: () => true, stage: diskFull, firstToken: diskFull, finish: diskFull, get: () => undefined } as unknown as TaskStore;
    const logged = new Promise<string>((resolve) => {
      // The provider's failure is logged first (the stage write fails inside the task); the
      // line awaited is the one about the outcome that could not be written.
      const logger = pino({ level: 'error' }, { write: (line: string) => line.includes('could not be recorded') && resolve(line) });
      // No database behind this store: nothing to wait for before a frame leaves.
      new TaskRunner({ store, hub: new EventHub<BusEvents>({ afterCommit: (send) => send() }), logger, resolveProvider: createBuiltinProvider }).start(
        task,
        { courseName: 'Statistics', entries: [], material: null },
        { kind: 'rescue' },
      );
    });
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('nothing was logged')), 2000).unref());
    const line = JSON.parse(await Promise.race([logged, timeout])) as { msg: string; task: string; err: { code: string } };
    assert.equal(line.task, task.id);
    assert.equal(line.err.code, 'SQLITE_FULL');
  });

  describe('a task cancelled while its provider winds down', () => {
    let closeFeature: () => Promise<void> = async () => undefined;
    after(() => closeFeature());

    it('keeps stage "cancelled" and sends no progress after assistant.finished', async () => {
      const feature = await startFeatureServer(['assistant']);
      closeFeature = () => feature.close();
      const { hub, sessions } = feature.services;
      // Reports a stage and one more chunk after the cancel, as a summary between two calls may.
      const windingDown: TaskProvider = {
        name: 'byok',
        model: 'winding-down',
        async *answer(_request, hooks) {
          yield 'First part. ';
          await new Promise((resolve) => hooks.signal.addEventListener('abort', resolve, { once: true }));
          hooks.onProgress({ stage: 'merging', done: 1, total: 2 });
          yield 'Late part.';
        },
        async *probe() {},
      };
      const assistant = assistantAnsweringWith(feature, windingDown);
      const session = await sessions.create({ course_name: 'Statistics' });
      const frames: BusFrame[] = [];
      const firstDelta = new Promise<void>((resolve) => {
        hub.subscribe(({ frame }) => {
          frames.push(frame);
          if (frame.type === 'assistant.delta') resolve();
        });
      });
      const created = assistant.create(session.id, { kind: 'rescue' });
      await firstDelta;
      assistant.cancel(created.id);
      await new Promise((resolve) => setTimeout(resolve, 50));

      const record = assistant.get(created.id);
      assert.equal(record.status, 'cancelled');
      assert.equal(record.stage, 'cancelled');
      const finishedAt = frames.findIndex((frame) => frame.type === 'assistant.finished');
      assert.ok(finishedAt >= 0);
      assert.deepEqual(frames.slice(finishedAt + 1).map((frame) => frame.type), []);
    });
  });

  it('a connection test past its deadline fails with the contract\'s timeout, not internal_error', async () => {
    const feature = await startFeatureServer(['assistant']);
    try {
      // Answers nothing and gives up with the signal's own reason, as an HTTP call or a local model does.
      const silent: TaskProvider = {
        name: 'byok',
        model: 'silent',
        async *answer() {},
        async *probe(signal) {
          await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
          signal.throwIfAborted();
          yield 'never reached';
        },
      };
      const assistant = assistantAnsweringWith(feature, silent, { connectionTestDeadlineMs: 50 });
      // AbortSignal.timeout's timer does not hold the event loop open; a server's socket would.
      const keepAlive = setInterval(() => undefined, 1000);
      const outcome = await assistant.testConnection().finally(() => clearInterval(keepAlive));
      assert.equal(outcome.ok, false);
      assert.equal(outcome.error_code, 'timeout');
      assert.equal(outcome.model, 'silent');
    } finally {
      await feature.close();
    }
  });

  it('a stop whose summary the database cannot take (a full disk) still stops, and defers the summary with the reason', async () => {
    const feature = await startFeatureServer(['assistant']);
    try {
      const { hub, sessions, entries } = feature.services;
      const real = createTaskStore(feature.db);
      const full: TaskStore = {
        ...real,
        insert: () => {
          throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
        },
      };
      const assistant = assistantAnsweringWith(feature, createBuiltinProvider(), { store: full, autoSummary: true });
      const deferred: BusFrame[] = [];
      hub.subscribe(({ frame }) => frame.type === 'summary_deferred' && deferred.push(frame));
      const session = await sessions.create({ course_name: 'Statistics' });
      entries.append(session.id, { text: 'The mean is the average of the values.', source_id: 'a' });
      const { session: stopped } = sessions.stop(session.id);
      assert.equal(assistant.summariseStopped(stopped), null);
      assert.equal(sessions.get(session.id).status, 'stopped');
      assert.equal(deferred.length, 1);
      assert.match(JSON.stringify(deferred[0]), /the disk is full/);
    } finally {
      await feature.close();
    }
  });
});
