import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { startFeatureServer, type FeatureServer } from '../../support/feature-server.js';
import { multipartBody, type FilePart } from '../../support/multipart.js';
import { fixture } from './fixtures.js';
import {
  deeplyNestedPptx,
  entityExpansionPptx,
  legacyOffice,
  oversizedUnpackedPptx,
  plainZip,
  thousandSlidesPptx,
  tooManyEntriesPptx,
  truncated,
  zipBombDocx,
} from './hostile-files.js';

interface ErrorBody {
  error: string;
  message: string;
  detail?: { loc: string[]; type: string }[];
}

/** Every refusal of the contract, with its status and code, and nothing stored after any of them. */
describe('POST /materials refusals', () => {
  let feature: FeatureServer;
  let events = 0;
  let dataDirFiles: string[];

  before(async () => {
    feature = await startFeatureServer(['materials']);
    feature.services.hub.subscribe(({ frame }) => {
      if (frame.type === 'material.created') events++;
    });
    dataDirFiles = readdirSync(feature.dataDir).sort();
  });
  after(() => feature.close());

  async function refused(file: FilePart, status: number, code: string, reason?: string): Promise<ErrorBody> {
    const response = await feature.inject({ method: 'POST', url: '/api/v2/materials', ...multipartBody(file) });
    assert.equal(response.statusCode, status, response.body);
    const body = response.json<ErrorBody>();
    assert.equal(body.error, code);
    if (reason !== undefined) assert.deepEqual(body.detail?.map((issue) => issue.type), [reason]);
    await assertNothingStored();
    return body;
  }

  async function assertNothingStored(): Promise<void> {
    const list = await feature.inject({ method: 'GET', url: '/api/v2/materials' });
    assert.deepEqual(list.json(), { items: [], next_before: null });
    const rows = feature.db.prepare('SELECT (SELECT count(*) FROM materials) + (SELECT count(*) FROM material_pages) AS n').get() as { n: number };
    assert.equal(rows.n, 0);
    assert.equal(events, 0);
    assert.deepEqual(readdirSync(feature.dataDir).sort(), dataDirFiles, 'no file is left in the data directory');
  }

  it('415 for formats it does not read, whatever the name or declared type says', async () => {
    await refused({ filename: 'lecture.ppt', content: legacyOffice(), contentType: 'application/vnd.ms-powerpoint' }, 415, 'unsupported_media_type');
    await refused({ filename: 'lecture.doc', content: legacyOffice() }, 415, 'unsupported_media_type');
    await refused({ filename: 'disguised.pptx', content: legacyOffice(), contentType: PPTX_TYPE }, 415, 'unsupported_media_type');
    await refused({ filename: 'page.html', content: '<!DOCTYPE html><html><body>Hi</body></html>' }, 415, 'unsupported_media_type');
    await refused({ filename: 'page.txt', content: '<html><body>Hi</body></html>' }, 415, 'unsupported_media_type');
    await refused({ filename: 'data.csv', content: 'a,b\n1,2\n' }, 415, 'unsupported_media_type');
    await refused({ filename: 'bundle.zip', content: await plainZip() }, 415, 'unsupported_media_type');
    await refused({ filename: 'slides.pdf', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]) }, 415, 'unsupported_media_type');
    await refused({ filename: 'notes.txt', content: Buffer.from([0x41, 0x00, 0x42, 0xff, 0xfe, 0x00, 0x01]) }, 415, 'unsupported_media_type');
  });

  it('422 corrupt: a truncated archive, a damaged PDF', async () => {
    await refused({ filename: 'deck.pptx', content: truncated(fixture('derivatives.pptx')) }, 422, 'invalid_request', 'corrupt');
    await refused({ filename: 'handout.docx', content: truncated(fixture('photosynthesis.docx')) }, 422, 'invalid_request', 'corrupt');
    await refused({ filename: 'handout.pdf', content: Buffer.from('%PDF-1.7\nthis is not a PDF body at all\n%%EOF\n') }, 422, 'invalid_request', 'corrupt');
  });

  it('422, naming the format, for a PDF, PPTX or DOCX name whose content is not one: never "not supported"', async () => {
    const pdf = fixture('photosynthesis.pdf');
    const docx = fixture('photosynthesis.docx');
    const cases: { file: FilePart; format: string }[] = [
      { file: { filename: 'notes.docx', content: 'Plain words saved under the wrong name.' }, format: 'DOCX' },
      { file: { filename: 'deck.pptx', content: Buffer.alloc(512) }, format: 'PPTX' },
      { file: { filename: 'cut.pdf', content: pdf.subarray(0, 3) }, format: 'PDF' },
      { file: { filename: 'cut.pdf', content: truncated(pdf) }, format: 'PDF' },
      { file: { filename: 'empty.pdf', content: '' }, format: 'PDF' },
      { file: { filename: 'cut.docx', content: docx.subarray(0, 3) }, format: 'DOCX' },
      { file: { filename: 'cut.docx', content: docx.subarray(0, 40) }, format: 'DOCX' },
      { file: { filename: 'partless.docx', content: await plainZip() }, format: 'DOCX' },
    ];
    for (const { file, format } of cases) {
      const body = await refused(file, 422, 'invalid_request', 'corrupt');
      assert.match(body.message, new RegExp(`^Not a valid ${format} file: `), body.message);
      assert.doesNotMatch(body.message, /not supported|upload a PDF/);
    }
  });

  it('422 no_text: an empty file, blank text', async () => {
    await refused({ filename: 'empty.txt', content: '' }, 422, 'invalid_request', 'no_text');
    await refused({ filename: 'blank.md', content: ' \n\t\n' }, 422, 'invalid_request', 'no_text');
  });

  it('422 encrypted: a password-protected PDF', async () => {
    const body = await refused({ filename: 'locked.pdf', content: fixture('encrypted.pdf') }, 422, 'invalid_request', 'encrypted');
    assert.match(body.message, /password/);
  });

  it('422 over 1000 slides, over 2,000,000 characters', async () => {
    await refused({ filename: 'huge.pptx', content: await thousandSlidesPptx() }, 422, 'invalid_request', 'too_many_pages');
    await refused({ filename: 'reader.pdf', content: fixture('pages-1002.pdf') }, 422, 'invalid_request', 'too_many_pages');
    await refused({ filename: 'long.txt', content: 'ab\n'.repeat(666_667) + 'x' }, 422, 'invalid_request', 'too_many_characters');
  });

  it('422 for zip bombs: over 10,000 entries, over 128 MiB unpacked, a suspicious ratio', async () => {
    await refused({ filename: 'many.pptx', content: await tooManyEntriesPptx() }, 422, 'invalid_request', 'archive_too_many_entries');
    await refused({ filename: 'big.pptx', content: await oversizedUnpackedPptx() }, 422, 'invalid_request', 'archive_too_large');
    await refused({ filename: 'bomb.docx', content: await zipBombDocx() }, 422, 'invalid_request', 'archive_suspicious_ratio');
  });

  it('422 for an XML entity expansion and for absurd nesting, and the server keeps answering', async () => {
    await refused({ filename: 'laughs.pptx', content: await entityExpansionPptx() }, 422, 'invalid_request', 'corrupt');
    await refused({ filename: 'nested.pptx', content: await deeplyNestedPptx() }, 422, 'invalid_request', 'corrupt');
    assert.equal((await feature.inject({ method: 'GET', url: '/api/health' })).statusCode, 200);
  });

  it('413 for a file over 25 MiB; 400 for a body that is not multipart; 422 without a file field', async () => {
    await refused({ filename: 'big.txt', content: Buffer.alloc(25 * 1024 * 1024 + 1, 0x61) }, 413, 'too_large');
    const json = await feature.inject({ method: 'POST', url: '/api/v2/materials', payload: { file: 'x' } });
    assert.equal(json.statusCode, 400);
    assert.equal(json.json<ErrorBody>().error, 'bad_request');
    const wrongField = await feature.inject({ method: 'POST', url: '/api/v2/materials', ...multipartBody({ field: 'document', filename: 'a.txt', content: 'text' }) });
    assert.equal(wrongField.statusCode, 422);
    assert.deepEqual(wrongField.json<ErrorBody>().detail?.map((issue) => issue.loc), [['body', 'file']]);
    await assertNothingStored();
  });
});

describe('POST /materials under the parse deadline', () => {
  it('422 timeout when the worker does not finish in time, and nothing is stored', async () => {
    const feature = await startFeatureServer(['materials'], { materialParsing: { timeoutMs: 1 } });
    try {
      const response = await feature.inject({ method: 'POST', url: '/api/v2/materials', ...multipartBody({ filename: 'deck.pptx', content: fixture('derivatives.pptx') }) });
      assert.equal(response.statusCode, 422, response.body);
      assert.deepEqual(response.json<ErrorBody>().detail?.map((issue) => issue.type), ['timeout']);
      assert.deepEqual((await feature.inject({ method: 'GET', url: '/api/v2/materials' })).json(), { items: [], next_before: null });
    } finally {
      await feature.close();
    }
  });
});

describe('POST /materials under the parse heap limit', () => {
  it('422 out_of_memory when the parse needs more than the worker may take; the server goes on', async () => {
    const feature = await startFeatureServer(['materials'], { materialParsing: { heapMb: 16 } });
    try {
      const reader = readFileSync(new URL('../../../../../bench/fixtures/reader-300.pdf', import.meta.url));
      const response = await feature.inject({ method: 'POST', url: '/api/v2/materials', ...multipartBody({ filename: 'reader.pdf', content: reader }) });
      assert.equal(response.statusCode, 422, response.body);
      assert.deepEqual(response.json<ErrorBody>().detail?.map((issue) => issue.type), ['out_of_memory']);
      assert.deepEqual((await feature.inject({ method: 'GET', url: '/api/v2/materials' })).json(), { items: [], next_before: null });
      const small = await feature.inject({ method: 'POST', url: '/api/v2/materials', ...multipartBody({ filename: 'a.txt', content: 'Still answering.' }) });
      assert.equal(small.statusCode, 201);
    } finally {
      await feature.close();
    }
  });
});

const PPTX_TYPE = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
