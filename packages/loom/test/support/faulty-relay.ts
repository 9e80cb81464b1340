/**
 * A TCP relay to a server (Redis, PostgreSQL) that fails on cue, as a network does:
 * - `dropNextReply()`: the next reply, on any connection, is swallowed and that connection is
 *   cut — the server ran a command but the client never heard the answer;
 * - `goSilent()`: from now on nothing passes either way, on any connection, old or new, and
 *   nothing is closed — a cable pulled or a firewall dropping packets, with no reset to tell
 *   either side;
 * - `holdReplies()` … `releaseReplies()`: what the server sends meanwhile (its close included)
 *   reaches the client late and all at once, as a congested network or a busy client delivers
 *   it: the client reads several replies in one go.
 */
import { connect, createServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';

export interface FaultyRelay {
  readonly port: number;
  /** The next reply from the server, on any connection, is swallowed and that connection is cut. */
  dropNextReply(): void;
  /** Every byte from now on is dropped, both ways, and no connection is closed. */
  goSilent(): void;
  /** The server's replies wait in the relay until `releaseReplies`. */
  holdReplies(): void;
  /** Hands on what was held, one write per connection, then the server's close if it came. */
  releaseReplies(): void;
  close(): Promise<void>;
}

/** One relayed connection's side towards the client, with what is held back from it. */
interface Downstream {
  readonly client: Socket;
  held: Buffer[];
  serverEnded: boolean;
}

export async function startFaultyRelay(targetPort: number, targetHost = '127.0.0.1'): Promise<FaultyRelay> {
  const sockets = new Set<Socket>();
  const downstreams = new Set<Downstream>();
  let armed = false;
  let silent = false;
  let holding = false;
  // Half-open allowed: the relay, not Node, decides whether a FIN passes.
  const server: Server = createServer({ allowHalfOpen: true }, (client) => {
    const upstream = connect({ port: targetPort, host: targetHost, allowHalfOpen: true });
    const downstream: Downstream = { client, held: [], serverEnded: false };
    downstreams.add(downstream);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => sockets.delete(socket));
    }
    client.on('close', () => downstreams.delete(downstream));
    client.on('data', (chunk: Buffer) => {
      if (!silent) upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (silent) return;
      if (armed) {
        armed = false;
        client.destroy();
        upstream.destroy();
        return;
      }
      if (holding) downstream.held.push(chunk);
      else client.write(chunk);
    });
    // A silent network passes no FIN, and no reset, either.
    client.on('end', () => {
      if (!silent) upstream.end();
    });
    upstream.on('end', () => {
      if (silent) return;
      if (holding) downstream.serverEnded = true;
      else client.end();
    });
    client.on('close', () => {
      if (!silent) upstream.destroy();
    });
    upstream.on('close', () => {
      if (!silent && !holding) client.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    dropNextReply: () => {
      armed = true;
    },
    goSilent: () => {
      silent = true;
    },
    holdReplies: () => {
      holding = true;
    },
    releaseReplies: () => {
      holding = false;
      for (const downstream of downstreams) {
        if (downstream.held.length > 0) downstream.client.write(Buffer.concat(downstream.held));
        downstream.held = [];
        if (downstream.serverEnded) downstream.client.end();
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
