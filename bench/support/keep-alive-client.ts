import { Agent, request } from 'node:http';

/**
 * A minimal JSON POST client on node:http with kept-alive connections. The benchmarks measure
 * the service, so the client should cost as little as possible: fetch (undici) in Node 20
 * adds milliseconds of its own at the tail on a 2-core machine where client and server share
 * the CPU.
 */
export class KeepAliveClient {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 32 });

  constructor(
    private readonly port: number,
    private readonly token: string,
  ) {}

  post(path: string, body: unknown): Promise<{ status: number; text: string }> {
    const data = JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const outgoing = request(
        {
          host: '127.0.0.1',
          port: this.port,
          path,
          method: 'POST',
          agent: this.agent,
          headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        },
      );
      outgoing.on('error', reject);
      outgoing.end(data);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
