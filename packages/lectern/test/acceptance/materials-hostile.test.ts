import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { lyingZipBomb, pdfStreamBomb } from '../features/materials/hostile-files.js';
import { LecternProcess } from '../support/lectern-process.js';
import { multipartBody } from '../support/multipart.js';
import { peakTreeResident, processTree, residentBytes, treeResidentBytes } from '../support/process-memory.js';

const MiB = 1024 * 1024;
/** The issue's text uploads: just under the 25 MiB limit, far over 2,000,000 characters. */
const largeTextBytes = Math.floor(24.9 * MiB);
const largeTextUploads = 4;
/**
 * Generous bounds, each several times what a parse needs and well below what the server took
 * before the decoders were bounded (a 512 MiB stream bomb: +700 MB held after a 30 s timeout;
 * four large texts: +476 MB peak, +159 MB held 30 s later).
 */
const bombPeakGrowthMaxBytes = 450 * MiB;
const bombAnswerMaxMs = 25_000;
const textsPeakGrowthMaxBytes = 400 * MiB;
const heldAfterMaxBytes = 60 * MiB;
/** Time for the last parse process to exit and the server to settle before RSS is read. */
const settleMs = 2000;

interface ErrorBody {
  error: string;
  message: string;
  detail?: { type: string }[];
}

/** Hostile and large uploads through the real CLI, with the memory of the server and its parse processes measured. */
describe('hostile and large material uploads', () => {
  let lectern: LecternProcess;
  let dataDirFiles: string[];
  before(async () => {
    lectern = await LecternProcess.start();
    dataDirFiles = readdirSync(lectern.dataDir).sort();
  });
  after(() => lectern.dispose());

  async function upload(filename: string, content: Buffer): Promise<{ status: number; body: ErrorBody }> {
    const { payload, headers } = multipartBody({ filename, content });
    const response = await fetch(`${lectern.baseUrl}/api/v2/materials`, { method: 'POST', body: payload, headers: { ...headers, authorization: `Bearer ${lectern.token}` } });
    return { status: response.status, body: (await response.json()) as ErrorBody };
  }

  function assertRefused({ status, body }: { status: number; body: ErrorBody }, reason: string): void {
    assert.equal(status, 422, JSON.stringify(body));
    assert.equal(body.error, 'invalid_request');
    assert.deepEqual(body.detail?.map((issue) => issue.type), [reason], body.message);
  }

  /** No record listed, no file left: what a refused upload must leave behind (rows are counted once the server has stopped, last). */
  async function assertNothingStored(): Promise<void> {
    const list = await fetch(`${lectern.baseUrl}/api/v2/materials`, { headers: { authorization: `Bearer ${lectern.token}` } });
    assert.deepEqual(await list.json(), { items: [], next_before: null });
    const withoutDatabase = (names: string[]) => names.filter((name) => !name.startsWith('lectern.db')).sort();
    assert.deepEqual(withoutDatabase(readdirSync(lectern.dataDir)), withoutDatabase(dataDirFiles), 'no file is left in the data directory');
  }

  /** The server's RSS once its parse processes have ended (none may be left). */
  async function settledResidentBytes(): Promise<number> {
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    assert.deepEqual(processTree(lectern.pid), [lectern.pid], 'no parse process is left running');
    return residentBytes(lectern.pid);
  }

  it('refuses a PDF whose content stream inflates 0.5 MB to 512 MiB quickly, 422, with bounded memory', async (t) => {
    const bomb = pdfStreamBomb(512);
    const serverBefore = await settledResidentBytes();
    const baseline = treeResidentBytes(lectern.pid);
    const started = performance.now();
    const { result, peakBytes } = await peakTreeResident(lectern.pid, () => upload('handout.pdf', bomb));
    const answerMs = performance.now() - started;
    t.diagnostic(`${bomb.length} bytes: ${result.status} ${result.body.message} in ${Math.round(answerMs)} ms; peak +${Math.round((peakBytes - baseline) / MiB)} MiB`);
    assertRefused(result, 'streams_suspicious_ratio');
    assert.match(result.body.message, /decompression bomb/);
    assert.ok(answerMs < bombAnswerMaxMs, `answered in ${Math.round(answerMs)} ms`);
    assert.ok(peakBytes - baseline < bombPeakGrowthMaxBytes, `server and parse peaked ${Math.round((peakBytes - baseline) / MiB)} MiB above ${Math.round(baseline / MiB)} MiB`);
    const heldBytes = (await settledResidentBytes()) - serverBefore;
    assert.ok(heldBytes < heldAfterMaxBytes, `still ${Math.round(heldBytes / MiB)} MiB above ${Math.round(serverBefore / MiB)} MiB`);
    await assertNothingStored();
  });

  it('refuses DOCX and PPTX zip bombs whose archives lie about their parts\' sizes: 422 archive_suspicious_ratio', async () => {
    assertRefused(await upload('handout.docx', await lyingZipBomb('photosynthesis.docx', 'word/document.xml', 64)), 'archive_suspicious_ratio');
    assertRefused(await upload('deck.pptx', await lyingZipBomb('derivatives.pptx', 'ppt/slides/slide1.xml', 64)), 'archive_suspicious_ratio');
    await assertNothingStored();
  });

  it(`refuses ${largeTextUploads} concurrent 24.9 MiB texts (422 too_many_characters) with a bounded peak; nothing is left behind, memory included`, async (t) => {
    const text = Buffer.alloc(largeTextBytes, 'The quick brown fox jumps over the lazy dog.\n');
    const baseline = await settledResidentBytes();
    const { result, peakBytes } = await peakTreeResident(lectern.pid, () =>
      Promise.all(Array.from({ length: largeTextUploads }, (_, index) => upload(`reader-${index}.txt`, text))),
    );
    for (const refusal of result) assertRefused(refusal, 'too_many_characters');
    const heldBytes = (await settledResidentBytes()) - baseline;
    t.diagnostic(`RSS ${Math.round(baseline / MiB)} MiB: peak +${Math.round((peakBytes - baseline) / MiB)} MiB (server and parse processes), +${Math.round(heldBytes / MiB)} MiB after`);
    assert.ok(peakBytes - baseline < textsPeakGrowthMaxBytes, `peaked ${Math.round((peakBytes - baseline) / MiB)} MiB above ${Math.round(baseline / MiB)} MiB`);
    assert.ok(heldBytes < heldAfterMaxBytes, `still ${Math.round(heldBytes / MiB)} MiB above ${Math.round(baseline / MiB)} MiB`);
    await assertNothingStored();
    // Last, as it stops the server: its database is held exclusively, so it is read afterwards.
    await lectern.stop();
    const db = new Database(join(lectern.dataDir, 'lectern.db'), { readonly: true, fileMustExist: true });
    try {
      const rows = db.prepare('SELECT (SELECT count(*) FROM materials) + (SELECT count(*) FROM material_pages) AS n').get() as { n: number };
      assert.equal(rows.n, 0, 'no material or page row is left from any refused upload');
    } finally {
      db.close();
    }
  });
});
