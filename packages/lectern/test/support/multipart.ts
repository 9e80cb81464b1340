import { randomBytes } from 'node:crypto';

export interface FilePart {
  /** Form field name; `file` unless a test says otherwise. */
  field?: string;
  filename: string;
  content: Uint8Array | string;
  /** The client's declared type; Lectern must not trust it. Default application/octet-stream. */
  contentType?: string;
}

/** A multipart/form-data body as a browser would send it, for server.inject or fetch. */
export function multipartBody(...files: FilePart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----lectern-test-${randomBytes(8).toString('hex')}`;
  const pieces: Buffer[] = [];
  for (const file of files) {
    const name = file.filename.replace(/"/g, '%22');
    pieces.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${name}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(pieces), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A multipart/form-data body with text fields besides the files (e.g. an audio clip and its source_id). */
export function multipartForm(fields: Record<string, string>, ...files: FilePart[]): { payload: Buffer; headers: Record<string, string> } {
  const { payload, headers } = multipartBody(...files);
  const boundary = headers['content-type']!.split('boundary=')[1]!;
  const fieldParts = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  return { payload: Buffer.concat([...fieldParts, payload]), headers };
}
