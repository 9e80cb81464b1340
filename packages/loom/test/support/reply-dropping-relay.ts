/**
 * A TCP relay to a server (Redis, PostgreSQL) that, once armed, swallows the next reply and
 * cuts that connection: a network failure after the server ran a command but before the client
 * heard the answer. New connections through the relay work as before.
 */
import { connect, createServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';

export interface ReplyDroppingRelay {
  readonly port: number;
  /** The next reply from Redis, on any connection, is swallowed and that connection is cut. */
  dropNextReply(): void;
  close(): Promise<void>;
}

export async function startReplyDroppingRelay(targetPort: number, targetHost = '127.0.0.1'): Promise<ReplyDroppingRelay> {
  const sockets = new Set<Socket>();
  let armed = false;
  const server: Server = createServer((client) => {
    const upstream = connect(targetPort, targetHost);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => sockets.delete(socket));
    }
    client.on('data', (chunk: Buffer) => upstream.write(chunk));
    upstream.on('data', (chunk: Buffer) => {
      if (armed) {
        armed = false;
        client.destroy();
        upstream.destroy();
        return;
      }
      client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    dropNextReply: () => {
      armed = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
