import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Entry } from '../../../src/features/entries/schemas.js';
import type { ImportFolderResult } from '../../../src/features/legacy/schemas.js';
import type { MaterialSummary } from '../../../src/features/materials/schemas.js';
import type { Note } from '../../../src/features/notes/schemas.js';
import type { Session } from '../../../src/features/sessions/schemas.js';
import { startFeatureServer, type FeatureServer } from '../../support/feature-server.js';
import { chineseFolder, englishFolder } from './legacy-folders.js';

/** Local wall-clock time, as the 1.x app wrote it, in the API's UTC form. */
const local = (y: number, m: number, d: number, h: number, mi: number, s: number) => new Date(y, m - 1, d, h, mi, s).toISOString();

describe('POST /import: a Lectern 1.x data folder', () => {
  let feature: FeatureServer;
  const folders: string[] = [];

  before(async () => {
    feature = await startFeatureServer(['legacy', 'sessions', 'entries', 'notes', 'materials']);
  });
  after(async () => {
    await feature.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  const importFolder = (directory: string) => feature.inject({ method: 'POST', url: '/api/v2/import', payload: { directory } });
  const get = async <T>(url: string): Promise<T> => (await feature.inject({ method: 'GET', url })).json<T>();
  const counts = () =>
    feature.db.prepare('SELECT (SELECT count(*) FROM sessions) AS sessions, (SELECT count(*) FROM entries) AS entries, (SELECT count(*) FROM notes) AS notes, (SELECT count(*) FROM materials) AS materials, (SELECT count(*) FROM legacy_imports) AS receipts').get();

  it('English: the transcript rolls over midnight, the rolling summary is a note, summaries are sessions with a note, cite files are materials; skips are listed', async () => {
    const folder = englishFolder();
    folders.push(folder);
    const response = await importFolder(folder);
    assert.equal(response.statusCode, 200, response.body);
    const result = response.json<ImportFolderResult>();
    assert.deepEqual({ ...result, session_id: typeof result.session_id }, {
      session_id: 'string',
      materials: 1,
      notes: 3,
      skipped_files: ['cite/empty.txt', 'cite/garbled.txt', 'cite/huge.txt', 'cite/linked.txt'].sort(),
      already_imported: 0,
    });
    assert.deepEqual([...result.skipped_files].sort(), result.skipped_files);

    const session = await get<Session>(`/api/v2/sessions/${result.session_id}`);
    assert.deepEqual(
      { course: session.course_name, source: session.source, status: session.status, created: session.created_at, ended: session.ended_at, count: session.entry_count },
      { course: 'Calculus I', source: 'import', status: 'stopped', created: local(2025, 3, 14, 23, 58, 10), ended: local(2025, 3, 15, 0, 1, 0), count: 4 },
    );
    const entries = (await get<{ items: Entry[] }>(`/api/v2/sessions/${result.session_id}/entries`)).items;
    assert.deepEqual(entries.map((e) => [e.created_at, e.text]), [
      [local(2025, 3, 14, 23, 58, 10), 'Today we finish the chain rule.'],
      [local(2025, 3, 14, 23, 59, 58), 'Differentiate the outer function, then multiply by the inner derivative.'],
      [local(2025, 3, 15, 0, 0, 3), 'Any questions before we stop?'],
      [local(2025, 3, 15, 0, 1, 0), 'Homework 3 is due on Friday.'],
    ]);
    const notes = (await get<{ items: Note[] }>(`/api/v2/sessions/${result.session_id}/summaries`)).items;
    assert.deepEqual(notes.map((n) => [n.title, n.markdown, n.task_id]), [['Calculus I — rolling summary', '## Chain rule\n- outer derivative times inner derivative', null]]);

    const imported = (await get<{ items: Session[] }>('/api/v2/sessions')).items.filter((s) => s.id !== result.session_id);
    assert.deepEqual(imported.map((s) => [s.course_name, s.source, s.status]).sort(), [['Limits', 'import', 'stopped'], ['review', 'import', 'stopped']]);
    const limits = imported.find((s) => s.course_name === 'Limits');
    assert.equal(limits?.created_at, local(2025, 3, 13, 0, 0, 0));
    assert.deepEqual((await get<{ items: Note[] }>(`/api/v2/sessions/${limits?.id}/summaries`)).items.map((n) => n.markdown), ['# Limits\n\nOne-sided limits and continuity.']);

    const materials = (await get<{ items: MaterialSummary[] }>('/api/v2/materials')).items;
    assert.deepEqual(materials.map((m) => [m.filename, m.content_type, m.characters]), [['chain-rule.txt', 'text/plain', 35]]);
  });

  it('is idempotent by content: a second import adds nothing and answers the first one\'s session; a new or changed file is all that is counted', async () => {
    const folder = folders[0] as string;
    const classSession = (await get<{ items: Session[] }>('/api/v2/sessions')).items.find((s) => s.course_name === 'Calculus I');
    assert.ok(classSession);
    const before = counts();
    // A client retrying after a timeout finds what the first import made.
    const again = (await importFolder(folder)).json<ImportFolderResult>();
    assert.deepEqual(again, { session_id: classSession.id, materials: 0, notes: 0, skipped_files: ['cite/empty.txt', 'cite/garbled.txt', 'cite/huge.txt', 'cite/linked.txt'], already_imported: 4 });
    assert.deepEqual(counts(), before);

    writeFileSync(join(folder, 'cite', 'product-rule.txt'), 'The product rule: (fg)′ = f′g + fg′.');
    writeFileSync(join(folder, 'summaries', 'review.md'), 'Review of week 2, corrected.\n');
    const third = (await importFolder(folder)).json<ImportFolderResult>();
    assert.deepEqual({ materials: third.materials, notes: third.notes, session: third.session_id, already: third.already_imported }, { materials: 1, notes: 1, session: classSession.id, already: 3 });
  });

  it('Chinese: UTF-16 files, 课程 line, 滚动摘要 block; a linked summaries folder is skipped', async () => {
    const folder = chineseFolder();
    folders.push(folder);
    const result = (await importFolder(folder)).json<ImportFolderResult>();
    assert.equal(result.materials, 1);
    assert.equal(result.notes, 1);
    assert.deepEqual(result.skipped_files, ['summaries']);
    const session = await get<Session>(`/api/v2/sessions/${result.session_id}`);
    assert.equal(session.course_name, '数据结构');
    assert.equal(session.created_at, local(2025, 3, 15, 10, 0, 0));
    const entries = (await get<{ items: Entry[] }>(`/api/v2/sessions/${result.session_id}/entries`)).items;
    assert.deepEqual(entries.map((e) => e.text), ['今天讲二叉搜索树。', '左子树的键都比根小。']);
    const notes = (await get<{ items: Note[] }>(`/api/v2/sessions/${result.session_id}/summaries`)).items;
    assert.deepEqual(notes.map((n) => n.markdown), ['## 二叉搜索树\n- 左小右大']);
    const material = (await get<{ items: MaterialSummary[] }>('/api/v2/materials')).items.find((m) => m.filename === '树.txt');
    assert.equal(material?.characters, 15);
  });

  it('422 for a missing, relative or unreadable folder', async () => {
    for (const directory of ['/no/such/folder', 'relative/folder', join(folders[0] as string, 'class_transcript.txt')]) {
      const response = await importFolder(directory);
      assert.equal(response.statusCode, 422, directory);
      assert.equal(response.json<{ error: string }>().error, 'invalid_request');
    }
  });

  it('is one transaction: the disk filling up while writing is a 503 storage_error and leaves nothing imported', async () => {
    const folder = englishFolder();
    folders.push(folder);
    // New content, so the import has something to write (the same files were imported above);
    // the citation file is large enough to need new database pages, which a full disk refuses.
    writeFileSync(join(folder, 'class_transcript.txt'), '=== Class transcript 2025-03-20 ===\nCourse: Calculus I\n[09:00:00] Integrals today.\n');
    writeFileSync(join(folder, 'cite', 'integrals.txt'), 'Integration reverses differentiation. '.repeat(8_000));
    const before = counts();
    // SQLite's own "database or disk is full" (SQLITE_FULL): the file may not grow past its size.
    const pages = feature.db.pragma('page_count', { simple: true }) as number;
    feature.db.pragma(`max_page_count = ${pages}`);
    try {
      const response = await importFolder(folder);
      assert.equal(response.statusCode, 503, response.body);
      const body = response.json<{ error: string; message: string }>();
      assert.equal(body.error, 'storage_error');
      assert.match(body.message, /disk is full; nothing was saved/);
      assert.doesNotMatch(body.message, new RegExp(feature.dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    } finally {
      feature.db.pragma('max_page_count = 1073741823');
    }
    assert.deepEqual(counts(), before);
    const retried = await importFolder(folder);
    assert.equal(retried.statusCode, 200, retried.body);
    assert.equal(retried.json<ImportFolderResult>().materials, 1);
  });
});

describe('POST /import: the same folder twice at once (a double click)', () => {
  let feature: FeatureServer;
  let folder: string;

  before(async () => {
    feature = await startFeatureServer(['legacy', 'sessions', 'entries', 'notes', 'materials']);
    folder = englishFolder();
  });
  after(async () => {
    await feature.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('imports each file once and answers both with 200, the later one counting what the first carried over', async () => {
    // Both read the folder and parse its cite file before either writes: the receipts are looked up again when writing.
    const importFolder = () => feature.inject({ method: 'POST', url: '/api/v2/import', payload: { directory: folder } });
    const responses = await Promise.all([importFolder(), importFolder()]);
    for (const response of responses) assert.equal(response.statusCode, 200, response.body);
    const results = responses.map((response) => response.json<ImportFolderResult>());
    // Both name the one session the transcript became, whichever of them wrote it.
    assert.equal(typeof results[0]?.session_id, 'string');
    assert.equal(results[1]?.session_id, results[0]?.session_id);
    assert.equal((feature.db.prepare("SELECT count(*) AS n FROM sessions WHERE course_name = 'Calculus I'").get() as { n: number }).n, 1);
    assert.equal(results.reduce((sum, result) => sum + result.materials, 0), 1);
    assert.equal(results.reduce((sum, result) => sum + result.notes, 0), 3);
    assert.deepEqual(results.map((result) => result.already_imported).sort(), [0, 4]);
    const materials = feature.db.prepare('SELECT count(*) AS n FROM materials').get() as { n: number };
    assert.equal(materials.n, 1);
  });
});
