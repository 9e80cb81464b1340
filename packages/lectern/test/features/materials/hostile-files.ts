// Hostile and broken uploads, built in the test from the real fixtures with JSZip (building an
// archive is not reading one: Lectern's own reading goes through the same library's guards).
import JSZip from 'jszip';
import { fixture } from './fixtures.js';

const deflate = { compression: 'DEFLATE', compressionOptions: { level: 9 } } as const;

async function rewriteDeck(edit: (zip: JSZip) => void | Promise<void>): Promise<Buffer> {
  const zip = await JSZip.loadAsync(fixture('derivatives.pptx'));
  await edit(zip);
  // Each part keeps its own compression settings; the rest is packed as LibreOffice would.
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A DOCX whose document part inflates 1000 times: 8 MiB of one letter. */
export async function zipBombDocx(): Promise<Buffer> {
  const zip = await JSZip.loadAsync(fixture('photosynthesis.docx'));
  zip.file('word/document.xml', Buffer.alloc(8 * 1024 * 1024, 0x61));
  return zip.generateAsync({ type: 'nodebuffer', ...deflate });
}

/** 150 parts of 0.9 MiB each: none large enough to judge its ratio alone, 135 MiB together. */
export async function oversizedUnpackedPptx(): Promise<Buffer> {
  const filler = Buffer.alloc(900 * 1024, 0x20);
  return rewriteDeck((zip) => {
    for (let i = 0; i < 150; i++) zip.file(`ppt/media/filler${i}.bin`, filler, { compression: 'DEFLATE', compressionOptions: { level: 1 } });
  });
}

export async function tooManyEntriesPptx(): Promise<Buffer> {
  return rewriteDeck((zip) => {
    for (let i = 0; i < 10_001; i++) zip.file(`ppt/extra/e${i}.txt`, '', { compression: 'STORE' });
  });
}

/** The deck's slide list names 1001 slides (all the same slide). */
export async function thousandSlidesPptx(): Promise<Buffer> {
  return rewriteDeck(async (zip) => {
    const xml = await zip.file('ppt/presentation.xml')?.async('string');
    const firstId = /<p:sldId [^>]*\/>/.exec(xml ?? '')?.[0] ?? '';
    const ids = Array.from({ length: 1001 }, (_, i) => firstId.replace(/id="\d+"/, `id="${256 + i}"`)).join('');
    zip.file('ppt/presentation.xml', (xml ?? '').replace(/<p:sldIdLst>.*<\/p:sldIdLst>/s, `<p:sldIdLst>${ids}</p:sldIdLst>`));
  });
}

/** "Billion laughs": nested entities declared in a DTD, referenced from a slide. */
export async function entityExpansionPptx(): Promise<Buffer> {
  const entities = ['<!ENTITY lol "lol">', ...Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`)].join('');
  return rewriteDeck(async (zip) => {
    const xml = (await zip.file('ppt/slides/slide1.xml')?.async('string')) ?? '';
    const withDtd = xml.replace('?>', `?><!DOCTYPE p:sld [${entities}]>`).replace('Derivatives', '&lol9;');
    zip.file('ppt/slides/slide1.xml', withDtd);
  });
}

/** A slide whose shapes nest 100,000 groups deep. */
export async function deeplyNestedPptx(): Promise<Buffer> {
  const depth = 50_000;
  return rewriteDeck(async (zip) => {
    const xml = (await zip.file('ppt/slides/slide2.xml')?.async('string')) ?? '';
    const nested = '<p:grpSp>'.repeat(depth) + '</p:grpSp>'.repeat(depth);
    zip.file('ppt/slides/slide2.xml', xml.replace('</p:spTree>', `${nested}</p:spTree>`));
  });
}

export async function plainZip(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('slides.pdf', fixture('photosynthesis.pdf'));
  return zip.generateAsync({ type: 'nodebuffer', ...deflate });
}

export const truncated = (bytes: Buffer): Buffer => bytes.subarray(0, Math.floor(bytes.length / 2));

/** The OLE2 signature every legacy .ppt/.doc starts with, then filler. */
export const legacyOffice = (): Buffer => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(4096)]);
