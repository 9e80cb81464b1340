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

export interface UpgradeOutcome {
  /** The HTTP status the server answered with (101 for an accepted upgrade). */
  status: number;
  /** Whether the server ended the connection on its own within the wait. */
  closedByServer: boolean;
}

/**
 * Sends a hand-written WebSocket upgrade request and waits for the answer and for the server
 * to end the connection. The client never closes first: a refused upgrade must be closed by
 * the server, or any web page could pin its sockets open.
 */
export function attemptUpgrade(port: number, path: string, headers: Record<string, string>, closeWaitMs: number): Promise<UpgradeOutcome> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let closedByServer = false;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const statusLine = received.split('\r\n', 1)[0] ?? '';
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), closedByServer });
    };
    const timer = setTimeout(finish, closeWaitMs);
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('end', () => {
      closedByServer = true;
      finish();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // A reset after the answer is still the server closing the connection.
      if (error.code === 'ECONNRESET' && received.length > 0) {
        closedByServer = true;
        return finish();
      }
      clearTimeout(timer);
      reject(error);
    });
    const all = {
      host: `127.0.0.1:${port}`,
      connection: 'Upgrade',
      upgrade: 'websocket',
      'sec-websocket-version': '13',
      'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
      ...headers,
    };
    socket.write(`GET ${path} HTTP/1.1\r\n${Object.entries(all).map(([name, value]) => `${name}: ${value}`).join('\r\n')}\r\n\r\n`);
  });
}
