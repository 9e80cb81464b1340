// Hostile and broken uploads, built in the test from the real fixtures with JSZip (building an
// archive is not reading one: Lectern's own reading goes through the same library's guards).
import { constants, deflateRawSync } from 'node:zlib';
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

const MiB = 1024 * 1024;

/**
 * zlib data that inflates to `inflatedBytes` (a multiple of 16 MiB) of zeros after `prefix`:
 * one compressed 16 MiB segment, flushed to a byte boundary with the dictionary reset, repeated.
 * Compressing the whole would take the test seconds per hundred MiB.
 */
function zerosDeflated(prefix: Buffer, inflatedBytes: number): Buffer {
  const segmentBytes = 16 * MiB;
  const segment = deflateRawSync(Buffer.alloc(segmentBytes), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  // Adler-32 of prefix + zeros: the zeros add nothing to A, and A to B once per byte.
  let a = 1;
  let b = 0;
  for (const byte of prefix) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  b = Number((BigInt(b) + BigInt(a) * BigInt(inflatedBytes)) % 65521n);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(((b << 16) | a) >>> 0);
  const finalEmptyBlock = Buffer.from([0x03, 0x00]);
  return Buffer.concat([
    Buffer.from([0x78, 0xda]),
    deflateRawSync(prefix, { finishFlush: constants.Z_FULL_FLUSH }),
    ...Array.from({ length: Math.ceil(inflatedBytes / segmentBytes) }, () => segment),
    finalEmptyBlock,
    checksum,
  ]);
}

/** A one-page PDF whose FlateDecode content stream (a line of text, then zeros) inflates to `inflatedMiB`. */
export function pdfStreamBomb(inflatedMiB: number): Buffer {
  const stream = zerosDeflated(Buffer.from('BT /F1 24 Tf 72 720 Td (Compressed to nothing) Tj ET\n'), inflatedMiB * MiB);
  const objects: (string | Buffer)[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    Buffer.concat([Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`), stream, Buffer.from('\nendstream')]),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const pieces = [Buffer.from('%PDF-1.7\n')];
  const offsets: number[] = [];
  let offset = pieces[0]!.length;
  objects.forEach((body, index) => {
    const piece = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), Buffer.from(body), Buffer.from('\nendobj\n')]);
    offsets.push(offset);
    pieces.push(piece);
    offset += piece.length;
  });
  const entries = offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('');
  pieces.push(Buffer.from(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`));
  return Buffer.concat(pieces);
}

/**
 * A DOCX or PPTX one of whose parts is `inflatedMiB` of one letter, while the archive declares
 * that part's original small size: a bomb that no check of the declared sizes sees.
 */
export async function lyingZipBomb(fixtureName: 'photosynthesis.docx' | 'derivatives.pptx', partPath: string, inflatedMiB: number): Promise<Buffer> {
  const zip = await JSZip.loadAsync(fixture(fixtureName));
  const original = await zip.file(partPath)?.async('uint8array');
  if (original === undefined) throw new Error(`${fixtureName} has no ${partPath}`);
  zip.file(partPath, Buffer.alloc(inflatedMiB * MiB, 0x61));
  const bytes = await zip.generateAsync({ type: 'nodebuffer', ...deflate });
  return declareUncompressedSize(bytes, partPath, original.length);
}

/** Rewrites the uncompressed size an entry's local header and central directory record declare. */
function declareUncompressedSize(zip: Buffer, path: string, size: number): Buffer {
  const name = Buffer.from(path);
  const headers = [
    { signature: 0x04034b50, nameLengthAt: 26, nameAt: 30, sizeAt: 22 },
    { signature: 0x02014b50, nameLengthAt: 28, nameAt: 46, sizeAt: 24 },
  ];
  let rewritten = 0;
  for (let at = 0; at + 46 < zip.length; at++) {
    for (const header of headers) {
      if (zip.readUInt32LE(at) !== header.signature || zip.readUInt16LE(at + header.nameLengthAt) !== name.length) continue;
      if (!zip.subarray(at + header.nameAt, at + header.nameAt + name.length).equals(name)) continue;
      zip.writeUInt32LE(size, at + header.sizeAt);
      rewritten++;
    }
  }
  if (rewritten !== 2) throw new Error(`found ${rewritten} headers of ${path}, expected 2`);
  return zip;
}
