import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../../src/platform/db.js';
import { ApiError } from '../../../src/platform/errors.js';
import { EventHub } from '../../../src/platform/events.js';
import type { BusEvents } from '../../../src/event-catalogue.js';
import { createSettingsService, type SettingsService } from '../../../src/features/settings/service.js';
import { createSettingsStore } from '../../../src/features/settings/store.js';

/** A preferences object as a ClassFox 2.0 client saves it. */
const classFoxPreferences = {
  version: 2,
  keywords: ['点名', ' roll call ', '点名'],
  warning_keywords: ['考试', 'exam'],
  llm: { managed: false, base_url: 'https://dashscope.example.com/compatible-mode/v1/', model: 'qwen-plus', timeout_seconds: 60 },
  asr: { language: 'zh', provider: 'seed', resource_id: 'volc.seedasr.sauc.duration', sample_rate: 16000, punctuation: true },
  auto_summary: false,
};

describe('ClassFox 2.0 aliases', () => {
  let tempDir: string;
  let db: Db;
  let settings: SettingsService;
  beforeEach(() => {
    tempDir = mkdtempSync(join(tmpdir(), 'lectern-aliases-'));
    db = openDatabase(tempDir);
    settings = createSettingsService(createSettingsStore(db), new EventHub<BusEvents>(db));
  });
  afterEach(() => {
    db.close();
    rmSync(tempDir, { recursive: true, force: true });
  });

  it('saves a ClassFox preferences object without error, under the canonical names', () => {
    const saved = settings.update(classFoxPreferences);
    assert.deepEqual(saved.alerts, { danger_keywords: ['点名', 'roll call'], warning_keywords: ['考试', 'exam'] });
    assert.equal(saved.llm.mode, 'byok');
    assert.equal(saved.llm.base_url, 'https://dashscope.example.com/compatible-mode/v1');
    assert.equal(saved.llm.timeout_seconds, 60);
    assert.equal(saved.auto_summary, false);
    assert.equal('version' in saved, false);
    assert.equal('keywords' in saved, false);
    assert.equal('managed' in saved.llm, false);
  });

  it('keeps ClassFox asr fields for round trip, including across a restart', () => {
    settings.update(classFoxPreferences);
    db.close();
    db = openDatabase(tempDir);
    settings = createSettingsService(createSettingsStore(db), new EventHub<BusEvents>(db));
    assert.deepEqual(settings.get().asr, {
      model_id: '',
      language: 'zh',
      provider: 'seed',
      resource_id: 'volc.seedasr.sauc.duration',
      sample_rate: 16000,
      punctuation: true,
    });
  });

  it('maps llm.managed to the mode unless the mode is given too', () => {
    assert.equal(settings.update({ llm: { managed: false } }).llm.mode, 'byok');
    assert.equal(settings.update({ llm: { managed: true } }).llm.mode, 'builtin');
    assert.equal(settings.update({ llm: { managed: true, mode: 'local' } }).llm.mode, 'local');
  });

  it('lets a canonical name win over its alias in the same request', () => {
    const saved = settings.update({ keywords: ['from alias'], alerts: { danger_keywords: ['canonical'] } });
    assert.deepEqual(saved.alerts.danger_keywords, ['canonical']);
  });

  it('validates aliased fields like the canonical ones', () => {
    assert.throws(() => settings.update({ keywords: ['k'.repeat(81)] }), (error: unknown) => {
      assert.ok(error instanceof ApiError);
      assert.deepEqual(error.detail?.map((issue) => issue.loc), [['body', 'keywords', 0]]);
      return true;
    });
    assert.throws(() => settings.update({ llm: { managed: 'yes' } }), ApiError);
  });

  it('refuses asr fields that are not scalars or not identifier-like names', () => {
    for (const asr of [{ nested: { a: 1 } }, { 'bad name': 'x' }, { list: [1] }]) {
      assert.throws(() => settings.update({ asr }), (error: unknown) => error instanceof ApiError && error.status === 422, JSON.stringify(asr));
    }
  });
});
