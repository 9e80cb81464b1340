// Word (DOCX) through mammoth, whose semantic HTML (headings, lists, tables) is then laid out
// as text: a line per paragraph, bullets with their nesting, a line per table row.
import mammoth from 'mammoth';
import { MaterialRejected, type ExtractedMaterial } from './extracted.js';
import { bulletLine, tableRowLine, tidyText } from './text-layout.js';
import { childElements, parseXml, type XmlElement, type XmlNode } from './xml.js';
import type { GuardedZip } from './zip-guard.js';

export const DOCX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const BLOCKS: ReadonlySet<string> = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre']);
const LISTS: ReadonlySet<string> = new Set(['ul', 'ol']);

export async function extractDocx(zip: GuardedZip, bytes: Uint8Array): Promise<ExtractedMaterial> {
  // mammoth reads the package itself, with no bound of its own: every part is first read here,
  // under the unpack budget, and its XML parts pass the same DTD refusal.
  for (const path of zip.paths()) {
    const part = await zip.bytes(path);
    if (part === null || !/\.(xml|rels)$/.test(path)) continue;
    if (/<!DOCTYPE/i.test(part.toString('utf8'))) {
      throw new MaterialRejected('corrupt', 'The document is damaged: one of its parts declares a document type');
    }
  }
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      // Images would come back as base64 data URIs: megabytes of nothing a reader needs.
      { convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })) },
    );
    html = result.value;
  } catch {
    throw new MaterialRejected('corrupt', 'The document is damaged and cannot be read');
  }
  const lines: string[] = [];
  layOut(parseXml(`<body>${html}</body>`), lines, 0);
  return { contentType: DOCX_CONTENT_TYPE, pageLabel: null, pages: [{ number: 1, text: tidyText(lines.join('\n')) }] };
}

function layOut(element: XmlElement, lines: string[], listDepth: number): void {
  for (const child of childElements(element)) {
    if (BLOCKS.has(child.name)) {
      const text = inlineText(child).trim();
      if (text.length > 0) lines.push(text);
    } else if (LISTS.has(child.name)) {
      childElements(child, 'li').forEach((item, index) => {
        const marker = child.name === 'ol' ? `${index + 1}.` : '-';
        const ownText = item.children.filter((node) => typeof node === 'string' || !LISTS.has(node.name)).map(inlineText).join('').trim();
        if (ownText.length > 0) lines.push(bulletLine(listDepth, ownText, marker));
        for (const nested of childElements(item).filter((node) => LISTS.has(node.name))) layOut({ ...item, children: [nested] }, lines, listDepth + 1);
      });
    } else if (child.name === 'table') {
      for (const row of rowsOf(child)) lines.push(tableRowLine(childElements(row).filter((c) => c.name === 'td' || c.name === 'th').map(inlineText)));
    } else {
      layOut(child, lines, listDepth);
    }
  }
}

/** Rows directly in the table or in its thead/tbody, in order. */
function rowsOf(table: XmlElement): XmlElement[] {
  return childElements(table).flatMap((child) => (child.name === 'tr' ? [child] : childElements(child, 'tr')));
}

function inlineText(node: XmlNode): string {
  if (typeof node === 'string') return node;
  if (node.name === 'br') return '\n';
  if (BLOCKS.has(node.name) && node.children.length > 0) return `${node.children.map(inlineText).join('')} `;
  return node.children.map(inlineText).join('');
}
