import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
}

/** Long enough for any single request in the suite; a hung socket fails the test instead. */
const rawResponseTimeoutMs = 10_000;

function parseHead(head: string): { status: number; headers: Record<string, string> } {
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers };
}

/**
 * Sends hand-written request bytes and reads one response. For what fetch refuses to send:
 * a foreign Host header, UTF-8 bytes in a header, a Content-Length with no body behind it.
 * Resolves as soon as the declared response body is in, without waiting for the server to
 * read a body that was never sent.
 */
export function rawRequest(port: number, requestHead: Buffer | string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('no complete response'));
    }, rawResponseTimeoutMs);
    const finish = (response: RawResponse) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(response);
    };
    const tryParse = (ended: boolean) => {
      const headEnd = received.indexOf('\r\n\r\n');
      if (headEnd === -1) return;
      const { status, headers } = parseHead(received.subarray(0, headEnd).toString('latin1'));
      const body = received.subarray(headEnd + 4);
      const length = headers['content-length'];
      if (length !== undefined && body.length >= Number(length)) {
        finish({ status, headers, body: body.subarray(0, Number(length)).toString('utf8') });
      } else if (ended) {
        finish({ status, headers, body: body.toString('utf8') });
      }
    };
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      tryParse(false);
    });
    socket.on('end', () => tryParse(true));
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.write(requestHead);
  });
}

/** A request head with CRLF line ends; `Host` defaults to the loopback address actually used. */
export function requestHead(method: string, path: string, port: number, headers: Record<string, string> = {}): string {
  const all = { host: `127.0.0.1:${port}`, connection: 'close', ...headers };
  return `${method} ${path} HTTP/1.1\r\n${Object.entries(all).map(([name, value]) => `${name}: ${value}`).join('\r\n')}\r\n\r\n`;
}
