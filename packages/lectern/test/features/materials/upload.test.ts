import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { Material, MaterialSummary } from '../../../src/features/materials/schemas.js';
import type { BusEventData } from '../../../src/event-catalogue.js';
import { startFeatureServer, type FeatureServer } from '../../support/feature-server.js';
import { multipartBody, type FilePart } from '../../support/multipart.js';
import { deckSlides, fixture, handoutDocxText, handoutPdfPages } from './fixtures.js';

const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('POST /materials: every accepted format, its exact text', () => {
  let feature: FeatureServer;
  const created: BusEventData<'material.created'>[] = [];

  before(async () => {
    feature = await startFeatureServer(['materials']);
    feature.services.hub.subscribe(({ frame }) => {
      if (frame.type === 'material.created') created.push(frame.data);
    });
  });
  after(() => feature.close());

  const upload = (file: FilePart) => feature.inject({ method: 'POST', url: '/api/v2/materials', ...multipartBody(file) });

  async function accepted(file: FilePart): Promise<Material> {
    const response = await upload(file);
    assert.equal(response.statusCode, 201, response.body);
    const material = response.json<Material>();
    const stored = await feature.inject({ method: 'GET', url: `/api/v2/materials/${material.id}` });
    assert.deepEqual(stored.json(), material, 'GET /materials/{id} answers what the upload answered');
    assert.equal(material.sha256, createHash('sha256').update(file.content).digest('hex'));
    assert.equal(material.size_bytes, Buffer.byteLength(file.content));
    assert.equal(material.characters, Array.from(material.text).length);
    const { text: _text, page_label: _label, page_texts: _pages, ...summary } = material;
    assert.deepEqual(created.at(-1), summary satisfies MaterialSummary, 'material.created carries the record without its text');
    return material;
  }

  it('PPTX: one page per slide in order, titles, bullet levels, table rows, speaker notes', async () => {
    const material = await accepted({ filename: 'derivatives.pptx', content: fixture('derivatives.pptx') });
    assert.equal(material.content_type, PPTX);
    assert.equal(material.pages, 8);
    assert.equal(material.page_label, 'slide');
    assert.deepEqual(material.page_texts, deckSlides.map((text, i) => ({ number: i + 1, text })));
    assert.equal(material.text, deckSlides.join('\n\n'));
  });

  it('DOCX: headings, paragraphs, bullets and table rows; no pages', async () => {
    const material = await accepted({ filename: 'photosynthesis.docx', content: fixture('photosynthesis.docx') });
    assert.equal(material.content_type, DOCX);
    assert.equal(material.pages, null);
    assert.equal(material.page_label, null);
    assert.equal(material.text, handoutDocxText);
  });

  it('PDF: one page per page', async () => {
    const material = await accepted({ filename: 'photosynthesis.pdf', content: fixture('photosynthesis.pdf') });
    assert.equal(material.content_type, 'application/pdf');
    assert.equal(material.pages, 2);
    assert.equal(material.page_label, 'page');
    assert.deepEqual(material.page_texts, handoutPdfPages.map((text, i) => ({ number: i + 1, text })));
    assert.equal(material.text, handoutPdfPages.join('\n\n'));
  });

  it('TXT (UTF-8, CRLF) and Markdown (UTF-16 with BOM): line ends unified, Unicode kept', async () => {
    const text = await accepted({ filename: 'notes.txt', content: 'Ünit 1: 导数\r\nThe slope of the tangent.  \r\n\r\n\r\nEnd.\r\n' });
    assert.equal(text.content_type, 'text/plain');
    assert.equal(text.pages, null);
    assert.equal(text.text, 'Ünit 1: 导数\nThe slope of the tangent.\n\nEnd.');
    const markdown = await accepted({ filename: 'outline.md', content: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('# Outline\n\n- limits\n  - one-sided\n', 'utf16le')]) });
    assert.equal(markdown.content_type, 'text/markdown');
    assert.equal(markdown.text, '# Outline\n\n- limits\n  - one-sided');
  });

  it('sniffs the content: a PDF named .txt and declared text/plain is read as a PDF', async () => {
    const material = await accepted({ filename: 'handout.txt', content: fixture('photosynthesis.pdf'), contentType: 'text/plain' });
    assert.equal(material.content_type, 'application/pdf');
    assert.equal(material.pages, 2);
  });

  it('reduces the filename to a safe basename of at most 200 characters, Unicode kept, extension kept', async () => {
    const traversal = await accepted({ filename: '../../etc/課程\u202eslides.txt', content: 'text' });
    assert.equal(traversal.filename, '課程slides.txt');
    const windows = await accepted({ filename: 'C:\\Users\\me\\Desktop\\导数 讲义.md', content: 'text' });
    assert.equal(windows.filename, '导数 讲义.md');
    const long = await accepted({ filename: `${'微'.repeat(150)}${'积'.repeat(150)}.txt`, content: 'text' });
    assert.equal(long.filename.length, 200);
    assert.ok(long.filename.endsWith('积.txt'));
    const blank = await accepted({ filename: '...', content: 'text' });
    assert.equal(blank.filename, 'material');
  });
});
