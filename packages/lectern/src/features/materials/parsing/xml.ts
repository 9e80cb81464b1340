// Office XML parts as a small element tree, through fast-xml-parser. Document type
// declarations are refused outright: OOXML never has one, and a DTD is how entity-expansion
// ("billion laughs") attacks get in.
import { XMLParser } from 'fast-xml-parser';
import { MaterialRejected } from './extracted.js';

export interface XmlElement {
  name: string;
  attributes: Readonly<Record<string, string>>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  ignoreDeclaration: true,
  ignorePiTags: true,
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  htmlEntities: false,
});

const DOCTYPE = /<!DOCTYPE/i;

/** fast-xml-parser's ordered output: one key naming the element (or `#text`), attributes under `:@`. */
type OrderedNode = Record<string, unknown>;

export function parseXml(xml: string): XmlElement {
  if (DOCTYPE.test(xml)) throw new MaterialRejected('corrupt', 'The file is damaged: one of its parts declares a document type');
  let ordered: OrderedNode[];
  try {
    ordered = parser.parse(xml) as OrderedNode[];
  } catch {
    throw new MaterialRejected('corrupt', 'The file is damaged: one of its parts is not well-formed XML');
  }
  return { name: '#document', attributes: {}, children: ordered.flatMap(toNode) };
}

function toNode(node: OrderedNode): XmlNode[] {
  for (const [key, value] of Object.entries(node)) {
    if (key === ':@') continue;
    if (key === '#text') return [String(value)];
    const attributes = (node[':@'] ?? {}) as Record<string, string>;
    return [{ name: key, attributes, children: (value as OrderedNode[]).flatMap(toNode) }];
  }
  return [];
}

export function childElements(element: XmlElement, name?: string): XmlElement[] {
  return element.children.filter((child): child is XmlElement => typeof child !== 'string' && (name === undefined || child.name === name));
}

export function firstChild(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return element?.children.find((child): child is XmlElement => typeof child !== 'string' && child.name === name);
}

/** The first element of that name at any depth, walking without recursion (a part may nest deeply). */
export function findDescendant(root: XmlElement, name: string): XmlElement | undefined {
  const stack: XmlElement[] = [root];
  while (stack.length > 0) {
    const element = stack.pop() as XmlElement;
    if (element !== root && element.name === name) return element;
    const children = childElements(element);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as XmlElement);
  }
  return undefined;
}

export function descendants(root: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const stack: XmlElement[] = [root];
  while (stack.length > 0) {
    const element = stack.pop() as XmlElement;
    if (element !== root && element.name === name) found.push(element);
    const children = childElements(element);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as XmlElement);
  }
  return found;
}
