import { after, afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareDataDir } from '../../../src/platform/data-dir.js';
import { openDatabase, type Db } from '../../../src/platform/db.js';
import { ApiError } from '../../../src/platform/errors.js';
import { EventHub } from '../../../src/platform/events.js';
import type { BusEvents, BusFrame } from '../../../src/event-catalogue.js';
import { defaultAlertKeywords } from '../../../src/features/entries/alerts.js';
import type { Settings } from '../../../src/features/settings/schemas.js';
import { createSettingsService, type SettingsService } from '../../../src/features/settings/service.js';
import { createSettingsStore } from '../../../src/features/settings/store.js';

const root = mkdtempSync(join(tmpdir(), 'lectern-settings-'));
after(() => rmSync(root, { recursive: true, force: true }));

interface Opened {
  db: Db;
  settings: SettingsService;
  frames: BusFrame[];
}

let dirCount = 0;
function freshDir(): string {
  const dir = join(root, String(++dirCount));
  prepareDataDir(dir);
  return dir;
}

function open(dataDir: string): Opened {
  const db = openDatabase(dataDir);
  const hub = new EventHub<BusEvents>(db);
  const frames: BusFrame[] = [];
  hub.subscribe(({ frame }) => frames.push(frame));
  return { db, settings: createSettingsService(createSettingsStore(db), hub), frames };
}

/** The 422 detail of a refused update. */
function issuesOf(settings: SettingsService, body: unknown): { loc: (string | number)[]; msg: string; type: string }[] {
  try {
    settings.update(body);
  } catch (error) {
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 422);
    assert.equal(error.code, 'invalid_request');
    return error.detail ?? [];
  }
  assert.fail('the update was accepted');
}

describe('settings service', () => {
  let dataDir: string;
  let opened: Opened;
  beforeEach(() => {
    dataDir = freshDir();
    opened = open(dataDir);
  });
  afterEach(() => opened.db.close());

  it('starts from the contract defaults, with the alert keywords of entries/alerts.ts', () => {
    const settings = opened.settings.get();
    assert.equal(settings.llm.mode, 'builtin');
    assert.equal(settings.llm.timeout_seconds, 45);
    assert.equal(settings.llm.context_characters, 16_000);
    assert.equal(settings.auto_summary, true);
    assert.deepEqual(settings.models, { mirror_url: null });
    assert.deepEqual(settings.security, { allowed_origins: [] });
    assert.deepEqual(settings.alerts.danger_keywords, defaultAlertKeywords.danger);
    assert.deepEqual(settings.alerts.warning_keywords, defaultAlertKeywords.warning);
    assert.equal(opened.settings.everSaved(), false);
  });

  it('merges a subset field by field and answers the full settings', () => {
    const before = opened.settings.get();
    const after = opened.settings.update({ llm: { timeout_seconds: 90 }, auto_summary: false });
    assert.equal(after.llm.timeout_seconds, 90);
    assert.equal(after.llm.model, before.llm.model);
    assert.equal(after.llm.base_url, before.llm.base_url);
    assert.equal(after.auto_summary, false);
    assert.deepEqual(after.alerts, before.alerts);
    assert.deepEqual(opened.settings.get(), after);
  });

  it('replaces appearance and lists whole, and keeps appearance exactly as given', () => {
    opened.settings.update({ appearance: { theme: 'dark', font: { size: 14 } } });
    const after = opened.settings.update({ appearance: { theme: '  light  ' }, security: { allowed_origins: ['https://a.example'] } });
    assert.deepEqual(after.appearance, { theme: '  light  ' });
    opened.settings.update({ security: { allowed_origins: ['https://b.example'] } });
    assert.deepEqual(opened.settings.get().security.allowed_origins, ['https://b.example']);
  });

  it('publishes settings.updated with the full settings once per effective change', () => {
    const after = opened.settings.update({ llm: { model: 'qwen-plus' } });
    assert.equal(opened.frames.length, 1);
    const [frame] = opened.frames;
    assert.equal(frame?.type, 'settings.updated');
    assert.equal(frame?.session_id, null);
    assert.deepEqual(frame?.data, after);
  });

  it('treats a PUT of exactly what GET returned as a no-op: same answer, no event, nothing written', () => {
    const current = JSON.parse(JSON.stringify(opened.settings.get())) as Settings;
    const answer = opened.settings.update(current);
    assert.deepEqual(answer, current);
    assert.equal(opened.frames.length, 0);
    assert.equal(opened.settings.everSaved(), false);

    opened.settings.update({ llm: { mode: 'byok' } });
    const saved = JSON.parse(JSON.stringify(opened.settings.get())) as Settings;
    opened.settings.update(saved);
    opened.settings.update({ llm: { mode: 'byok' } });
    assert.equal(opened.frames.length, 1);
  });

  it('tells onChange listeners about effective changes until they unsubscribe', () => {
    const seen: Settings[] = [];
    const unsubscribe = opened.settings.onChange((settings) => seen.push(settings));
    opened.settings.update({ auto_summary: false });
    opened.settings.update({ auto_summary: false });
    unsubscribe();
    opened.settings.update({ auto_summary: true });
    assert.equal(seen.length, 1);
    assert.equal(seen[0]?.auto_summary, false);
  });

  it('hands out a frozen object, so one caller cannot change what another reads', () => {
    const settings = opened.settings.get();
    assert.throws(() => {
      (settings.llm as { model: string }).model = 'changed';
    }, TypeError);
    assert.throws(() => {
      (settings.alerts.danger_keywords as string[]).push('x');
    }, TypeError);
  });

  it('keeps saved settings across a restart (the database is reopened)', () => {
    const saved = opened.settings.update({
      llm: { mode: 'byok', base_url: 'https://llm.example/v1/', model: 'm1' },
      asr: { language: 'en', provider: 'dashscope' },
      alerts: { danger_keywords: ['quiz now'] },
      appearance: { theme: 'dark' },
    });
    opened.db.close();
    opened = open(dataDir);
    assert.deepEqual(opened.settings.get(), saved);
    assert.equal(opened.settings.get().llm.base_url, 'https://llm.example/v1');
    assert.equal(opened.settings.everSaved(), true);
  });

  it('leaves the stored settings untouched when an update is refused', () => {
    opened.settings.update({ llm: { model: 'kept' } });
    issuesOf(opened.settings, { llm: { model: 'not kept', timeout_seconds: 1 } });
    assert.equal(opened.settings.get().llm.model, 'kept');
    opened.db.close();
    opened = open(dataDir);
    assert.equal(opened.settings.get().llm.model, 'kept');
    assert.equal(opened.frames.length, 0);
  });
});

describe('settings validation', () => {
  let opened: Opened;
  beforeEach(() => {
    opened = open(freshDir());
  });
  afterEach(() => opened.db.close());

  it('refuses unknown keys at every level, naming the key but never echoing a value', () => {
    const secret = 'sk-do-not-echo-7f3a';
    const issues = issuesOf(opened.settings, { llm: { api_key: secret }, colour: secret, alerts: { extra: secret } });
    assert.deepEqual(issues.map((issue) => issue.loc), [
      ['body', 'colour'],
      ['body', 'llm', 'api_key'],
      ['body', 'alerts', 'extra'],
    ]);
    assert.ok(issues.every((issue) => issue.type === 'additionalProperties'));
    assert.ok(!JSON.stringify(issues).includes(secret));
  });

  it('refuses a body that is not an object', () => {
    for (const body of [undefined, null, [], 'llm', 3]) {
      assert.deepEqual(issuesOf(opened.settings, body).map((issue) => issue.loc), [['body']]);
    }
  });

  it('enforces the numeric ranges and types of llm without coercion', () => {
    const cases: [unknown, string][] = [
      [{ llm: { timeout_seconds: 4 } }, 'minimum'],
      [{ llm: { timeout_seconds: 181 } }, 'maximum'],
      [{ llm: { timeout_seconds: 45.5 } }, 'type'],
      [{ llm: { timeout_seconds: '45' } }, 'type'],
      [{ llm: { context_characters: 999 } }, 'minimum'],
      [{ llm: { context_characters: 64_001 } }, 'maximum'],
      [{ llm: { mode: 'cloud' } }, 'enum'],
      [{ llm: { model: '   ' } }, 'minLength'],
      [{ llm: { model: 'm'.repeat(201) } }, 'maxLength'],
      [{ asr: { language: 'x' } }, 'minLength'],
      [{ asr: { language: 'x'.repeat(21) } }, 'maxLength'],
      [{ auto_summary: 'yes' }, 'type'],
      [{ appearance: ['dark'] }, 'type'],
    ];
    for (const [body, type] of cases) {
      const issues = issuesOf(opened.settings, body);
      assert.equal(issues.length, 1, JSON.stringify(body));
      assert.equal(issues[0]?.type, type, JSON.stringify(body));
    }
    assert.equal(opened.settings.update({ llm: { timeout_seconds: 5, context_characters: 64_000 } }).llm.timeout_seconds, 5);
    assert.equal(opened.settings.update({ llm: { timeout_seconds: 180, context_characters: 1000 } }).llm.context_characters, 1000);
  });

  it('reports every structural problem of one request at once', () => {
    const issues = issuesOf(opened.settings, { llm: { timeout_seconds: 1, model: '' }, asr: { language: 'x' } });
    assert.deepEqual(issues.map((issue) => issue.loc.join('.')).sort(), ['body.asr.language', 'body.llm.model', 'body.llm.timeout_seconds']);
  });

  it('accepts https endpoints and http only for loopback hosts, stripping trailing slashes', () => {
    const accepted: [string, string][] = [
      ['https://api.example.com/v1/', 'https://api.example.com/v1'],
      ['  https://api.example.com/v1//  ', 'https://api.example.com/v1'],
      ['http://127.0.0.1:11434/v1', 'http://127.0.0.1:11434/v1'],
      ['http://localhost:8080/', 'http://localhost:8080'],
      ['http://[::1]:8080/v1', 'http://[::1]:8080/v1'],
    ];
    for (const [given, stored] of accepted) {
      assert.equal(opened.settings.update({ llm: { base_url: given } }).llm.base_url, stored, given);
    }
  });

  it('refuses endpoints that are not https, carry user info, a query or a fragment, without echoing them', () => {
    const refused: [string, string][] = [
      ['http://api.example.com/v1', 'url_scheme'],
      ['http://192.168.1.10:8080/v1', 'url_scheme'],
      ['ftp://files.example.com', 'url_scheme'],
      ['file:///etc/passwd', 'url_scheme'],
      ['https://user:hunter2@api.example.com/v1', 'url_userinfo'],
      ['https://api.example.com/v1?key=hunter2', 'url_query'],
      ['https://api.example.com/v1#hunter2', 'url_query'],
      ['https://api.example.com/v1?', 'url_query'],
      ['api.example.com/v1', 'url'],
    ];
    for (const [given, type] of refused) {
      const issues = issuesOf(opened.settings, { llm: { base_url: given } });
      assert.deepEqual(issues, [{ loc: ['body', 'llm', 'base_url'], msg: issues[0]?.msg, type }], given);
      assert.ok(!JSON.stringify(issues).includes('hunter2'));
      assert.ok(!JSON.stringify(issues).includes(given));
    }
    assert.equal(opened.settings.get().llm.base_url, 'https://api.openai.com/v1');
  });

  it('applies the same endpoint rule to the model mirror, which may also be null', () => {
    assert.equal(opened.settings.update({ models: { mirror_url: 'https://mirror.example/models/' } }).models.mirror_url, 'https://mirror.example/models');
    assert.equal(opened.settings.update({ models: { mirror_url: null } }).models.mirror_url, null);
    assert.equal(issuesOf(opened.settings, { models: { mirror_url: 'http://mirror.example' } })[0]?.type, 'url_scheme');
  });

  it('trims alert keywords, drops blanks and de-duplicates in order (ignoring case)', () => {
    const after = opened.settings.update({ alerts: { danger_keywords: ['  pop quiz ', '', '   ', 'Pop Quiz', '点名', 'roll call', '点名'] } });
    assert.deepEqual(after.alerts.danger_keywords, ['pop quiz', '点名', 'roll call']);
    assert.deepEqual(after.alerts.warning_keywords, defaultAlertKeywords.warning);
    assert.deepEqual(opened.settings.update({ alerts: { warning_keywords: [] } }).alerts.warning_keywords, []);
  });

  it('limits alert keyword lists to 100 items of at most 80 characters', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => `keyword ${i}`);
    assert.equal(opened.settings.update({ alerts: { danger_keywords: hundred } }).alerts.danger_keywords.length, 100);
    assert.equal(issuesOf(opened.settings, { alerts: { danger_keywords: [...hundred, 'one more'] } })[0]?.type, 'maxItems');
    const long = issuesOf(opened.settings, { alerts: { warning_keywords: ['ok', 'k'.repeat(81)] } });
    assert.deepEqual(long.map((issue) => [issue.loc, issue.type]), [[['body', 'alerts', 'warning_keywords', 1], 'maxLength']]);
    assert.equal(opened.settings.update({ alerts: { warning_keywords: [` ${'k'.repeat(80)} `] } }).alerts.warning_keywords[0]?.length, 80);
  });

  it('accepts only exact origins in security.allowed_origins', () => {
    const origins = ['https://ui.example', 'http://localhost:5173', 'tauri://localhost', 'https://ui.example'];
    assert.deepEqual(opened.settings.update({ security: { allowed_origins: origins } }).security.allowed_origins, origins.slice(0, 3));
    const issues = issuesOf(opened.settings, {
      security: { allowed_origins: ['https://ui.example/', 'HTTPS://UI.EXAMPLE', 'https://ui.example/app', 'https://me@ui.example', 'null', 'https://ok.example'] },
    });
    assert.deepEqual(issues.map((issue) => issue.loc.at(-1)), [0, 1, 2, 3, 4]);
    assert.ok(issues.every((issue) => issue.type === 'origin'));
  });

  it('bounds the UI preferences object it stores as given', () => {
    const issues = issuesOf(opened.settings, { appearance: { notes: 'x'.repeat(16 * 1024) } });
    assert.deepEqual(issues.map((issue) => [issue.loc, issue.type]), [[['body', 'appearance'], 'maxBytes']]);
  });
});
