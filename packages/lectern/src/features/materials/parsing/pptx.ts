// PowerPoint (PPTX): one page per slide in the presentation's order, each in reading order —
// the title first, then the shapes top to bottom and left to right — keeping bullet levels,
// tables (one row per line) and the speaker notes.
import { posix } from 'node:path';
import { materials as limits } from '../../../config.js';
import { MaterialRejected, type ExtractedMaterial, type ExtractedPage } from './extracted.js';
import { bulletLine, tableRowLine, tidyText } from './text-layout.js';
import { childElements, descendants, findDescendant, firstChild, parseXml, type XmlElement } from './xml.js';
import type { GuardedZip } from './zip-guard.js';

export const PPTX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

const TITLE_PLACEHOLDERS: ReadonlySet<string> = new Set(['title', 'ctrTitle']);
/** Placeholders whose text is not the author's content: slide image, number, header, footer, date. */
const FURNITURE_PLACEHOLDERS: ReadonlySet<string> = new Set(['sldImg', 'sldNum', 'hdr', 'ftr', 'dt']);
const NOTES_RELATIONSHIP = /\/notesSlide$/;

interface Shape {
  placeholder: string | null;
  position: { x: number; y: number } | null;
  lines: string[];
}

export async function extractPptx(zip: GuardedZip): Promise<ExtractedMaterial> {
  const presentation = parseXml(await required(zip, 'ppt/presentation.xml'));
  const relationships = await relationshipsOf(zip, 'ppt/presentation.xml');
  const slideIds = descendants(findDescendant(presentation, 'p:sldIdLst') ?? presentation, 'p:sldId');
  if (slideIds.length > limits.pagesMax) {
    throw new MaterialRejected('too_many_pages', `The presentation has ${slideIds.length} slides; at most ${limits.pagesMax} are read`);
  }
  const pages: ExtractedPage[] = [];
  for (const [index, slideId] of slideIds.entries()) {
    const target = relationships.get(slideId.attributes['r:id'] ?? '');
    if (target === undefined) continue;
    pages.push({ number: index + 1, text: await slideText(zip, target.path) });
  }
  return { contentType: PPTX_CONTENT_TYPE, pageLabel: 'slide', pages };
}

async function slideText(zip: GuardedZip, path: string): Promise<string> {
  const slide = parseXml(await required(zip, path));
  const lines = readingOrder(shapesOf(slide)).flatMap((shape) => shape.lines);
  const notesTarget = [...(await relationshipsOf(zip, path)).values()].find((r) => NOTES_RELATIONSHIP.test(r.type));
  if (notesTarget !== undefined) {
    const notesXml = await zip.text(notesTarget.path);
    const notes = notesXml === null ? [] : shapesOf(parseXml(notesXml)).flatMap((shape) => shape.lines.map((line) => line.replace(/^\s*- /, '')));
    if (notes.length > 0) lines.push('', `Notes: ${notes.join('\n')}`);
  }
  return tidyText(lines.join('\n'));
}

/** The title first; then top to bottom, left to right when every shape says where it is, else as stored. */
function readingOrder(shapes: Shape[]): Shape[] {
  const isTitle = (shape: Shape) => shape.placeholder !== null && TITLE_PLACEHOLDERS.has(shape.placeholder);
  const rest = shapes.filter((shape) => !isTitle(shape));
  if (rest.every((shape) => shape.position !== null)) {
    rest.sort((a, b) => (a.position?.y ?? 0) - (b.position?.y ?? 0) || (a.position?.x ?? 0) - (b.position?.x ?? 0));
  }
  return [...shapes.filter(isTitle), ...rest];
}

function shapesOf(part: XmlElement): Shape[] {
  const tree = findDescendant(part, 'p:spTree');
  return tree === undefined ? [] : collectShapes(tree);
}

function collectShapes(container: XmlElement): Shape[] {
  const shapes: Shape[] = [];
  for (const child of childElements(container)) {
    if (child.name === 'p:grpSp') {
      shapes.push(...collectShapes(child));
    } else if (child.name === 'p:sp') {
      const placeholder = placeholderType(child);
      if (placeholder !== null && FURNITURE_PLACEHOLDERS.has(placeholder)) continue;
      const body = firstChild(child, 'p:txBody');
      if (body === undefined) continue;
      const bulletedByDefault = placeholder === 'body' || placeholder === 'obj';
      const lines = childElements(body, 'a:p').flatMap((paragraph) => paragraphLine(paragraph, bulletedByDefault));
      if (lines.length > 0) shapes.push({ placeholder, position: offsetOf(firstChild(child, 'p:spPr')), lines });
    } else if (child.name === 'p:graphicFrame') {
      const table = findDescendant(child, 'a:tbl');
      if (table === undefined) continue;
      const lines = childElements(table, 'a:tr').map((row) =>
        tableRowLine(childElements(row, 'a:tc').map((cell) => descendants(cell, 'a:p').map(paragraphText).join(' '))),
      );
      shapes.push({ placeholder: null, position: offsetOf(child), lines });
    }
  }
  return shapes;
}

/** `type` of the shape's placeholder; a placeholder without one is a content ("obj") placeholder. */
function placeholderType(shape: XmlElement): string | null {
  const placeholder = findDescendant(firstChild(shape, 'p:nvSpPr') ?? shape, 'p:ph');
  if (placeholder === undefined) return null;
  return placeholder.attributes.type ?? 'obj';
}

function offsetOf(holder: XmlElement | undefined): { x: number; y: number } | null {
  const transform = holder === undefined ? undefined : (firstChild(holder, 'a:xfrm') ?? firstChild(holder, 'p:xfrm'));
  const offset = firstChild(transform, 'a:off');
  if (offset === undefined) return null;
  return { x: Number(offset.attributes.x ?? 0), y: Number(offset.attributes.y ?? 0) };
}

function paragraphLine(paragraph: XmlElement, bulletedByDefault: boolean): string[] {
  const text = paragraphText(paragraph).trim();
  if (text.length === 0) return [];
  const properties = firstChild(paragraph, 'a:pPr');
  const explicit = properties === undefined ? undefined : childElements(properties).find((p) => p.name === 'a:buChar' || p.name === 'a:buAutoNum' || p.name === 'a:buNone');
  const bulleted = explicit === undefined ? bulletedByDefault : explicit.name !== 'a:buNone';
  if (!bulleted) return [text];
  return [bulletLine(Number(properties?.attributes.lvl ?? 0), text)];
}

function paragraphText(paragraph: XmlElement): string {
  let text = '';
  for (const child of childElements(paragraph)) {
    if (child.name === 'a:r' || child.name === 'a:fld') text += firstChild(child, 'a:t')?.children.filter((c) => typeof c === 'string').join('') ?? '';
    else if (child.name === 'a:br') text += '\n';
  }
  return text;
}

interface Relationship {
  type: string;
  /** The target's path inside the package. */
  path: string;
}

async function relationshipsOf(zip: GuardedZip, partPath: string): Promise<Map<string, Relationship>> {
  const directory = posix.dirname(partPath);
  const xml = await zip.text(posix.join(directory, '_rels', `${posix.basename(partPath)}.rels`));
  const relationships = new Map<string, Relationship>();
  if (xml === null) return relationships;
  for (const element of descendants(parseXml(xml), 'Relationship')) {
    const { Id: id, Type: type, Target: target, TargetMode: mode } = element.attributes;
    if (id === undefined || target === undefined || mode === 'External') continue;
    const path = target.startsWith('/') ? target.slice(1) : posix.normalize(posix.join(directory, target));
    relationships.set(id, { type: type ?? '', path });
  }
  return relationships;
}

async function required(zip: GuardedZip, path: string): Promise<string> {
  const text = await zip.text(path);
  if (text === null) throw new MaterialRejected('corrupt', 'The presentation is damaged: a slide it lists is missing');
  return text;
}
