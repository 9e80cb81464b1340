/**
 * `Content-Disposition: attachment` for a file named after user text (a course name, a note
 * title): an ASCII fallback for old clients plus the exact UTF-8 name per RFC 5987/6266.
 */
export function attachmentDisposition(baseName: string, extension: string): string {
  // Control characters and path or shell metacharacters never belong in a saved file name.
  // eslint-disable-next-line no-control-regex
  const cleaned = baseName.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ').replace(/\s+/g, ' ').trim() || 'lectern';
  const fileName = `${cleaned}.${extension}`;
  const asciiFallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/%/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${asciiFallback}"; filename*=UTF-8''${encoded}`;
}
