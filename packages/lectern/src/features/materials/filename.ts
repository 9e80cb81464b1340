// The name a material is listed under: the last path segment of what the client sent, without
// control or bidirectional-override characters, at most 200 characters, Unicode kept.
import { materials as limits } from '../../config.js';

/** Controls, format characters (bidi overrides that disguise an extension) and separators of other systems. */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}<>:"|?*]/gu;

export function safeBasename(name: string | undefined): string {
  const lastSegment = (name ?? '').split(/[/\\]/).at(-1) ?? '';
  const cleaned = lastSegment.normalize('NFC').replace(UNSAFE, '').replace(/\s+/g, ' ').trim().replace(/^\.+/, '');
  if (cleaned.length === 0) return limits.fallbackFilename;
  return shorten(cleaned, limits.filenameMaxChars);
}

/** Cuts the stem, not the extension, and never between the two halves of a surrogate pair. */
function shorten(name: string, maxChars: number): string {
  if (name.length <= maxChars) return name;
  const dot = name.lastIndexOf('.');
  // An "extension" longer than a real one is part of the name.
  const extension = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
  return keepWhole(name.slice(0, name.length - extension.length), maxChars - extension.length).trimEnd() + extension;
}

/** The longest prefix of whole code points within `maxChars` UTF-16 units. */
function keepWhole(text: string, maxChars: number): string {
  let kept = '';
  for (const character of text) {
    if (kept.length + character.length > maxChars) break;
    kept += character;
  }
  return kept;
}
