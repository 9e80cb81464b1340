/** How long a download's object URL is kept: the browser has started reading it long before. */
const objectUrlLifetimeMs = 10_000;

/** The file name of a Content-Disposition header (RFC 5987 `filename*` first). */
export function filenameOf(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) return decodeURIComponent(extended[1]);
  const plain = /filename="([^"]+)"/i.exec(header);
  return plain?.[1] ?? null;
}

/** Hands a blob to the browser as a file download with the given name. */
export function saveBlob(blob: Blob, name: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), objectUrlLifetimeMs);
}
