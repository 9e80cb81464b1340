/**
 * An HTTP exchange written by hand on a raw connection, for requests fetch refuses to send
 * (headers too large, bytes that are not HTTP, a request that never ends): the whole answer,
 * once the server has closed the connection.
 */
import { connect } from 'node:net';

export function rawExchange(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolveAnswer, reject) => {
    let answer = '';
    const socket = connect(Number(port), hostname, () => socket.write(request));
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('close', () => resolveAnswer(answer));
    socket.on('error', reject);
  });
}
