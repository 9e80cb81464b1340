// The one rule for text that comes in (docs/api.md, "Text"): every string of a JSON request
// body is made well-formed and stripped of control characters before anything validates,
// stores or compares it. SQLite stores UTF-8, where a lone UTF-16 surrogate cannot exist: left
// alone it was silently changed on the way in, and an identical retry no longer matched what
// was stored. Control characters (NUL, escape sequences, bells) have no place in a transcript,
// a course name or a keyword, and would end up raw in an export a student opens in an editor.

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** C0 controls except tab, line feed and carriage return; DEL; the C1 controls. */
// eslint-disable-next-line no-control-regex
const controlCharacter = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
// eslint-disable-next-line no-control-regex
const needsWork = /[\ud800-\udfff\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/** Lone surrogates become U+FFFD (as an invalid UTF-8 byte already does), control characters go. */
export function normaliseText(text: string): string {
  if (!needsWork.test(text)) return text;
  return text.replace(loneSurrogate, '\ufffd').replace(controlCharacter, '');
}

/** Every string in a parsed JSON value, at any depth, normalised (object keys are left to validation). */
export function normaliseStrings(value: unknown): unknown {
  if (typeof value === 'string') return normaliseText(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = normaliseStrings(value[i]);
    return value;
  }
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) record[key] = normaliseStrings(record[key]);
  }
  return value;
}

/**
 * One line of a plain-text export: tabs and line breaks become spaces (the line format is
 * `time<TAB>text`), and what the rule removes on the way in is removed here too, for rows
 * stored before it existed.
 */
export function exportLineText(text: string): string {
  return normaliseText(text).replace(/\r\n|[\t\n\r]/g, ' ');
}

/** A multi-line plain-text export (Markdown notes): line breaks and tabs stay. */
export function exportDocumentText(text: string): string {
  return normaliseText(text);
}
