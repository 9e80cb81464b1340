import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { unencapsulated } from './unencapsulated.js';

/** Node's own rule for handing a request to the `upgrade` event instead of the HTTP parser. */
function isUpgrade(headers: IncomingHttpHeaders): boolean {
  const connection = headers.connection?.toLowerCase().split(',').map((token) => token.trim()) ?? [];
  return headers.upgrade !== undefined && connection.includes('upgrade');
}

/**
 * A WebSocket upgrade the pipeline refuses (403 Origin or Host, 401, 404) is answered over
 * HTTP on a socket Node's HTTP server has already let go of: nothing would ever read from it
 * again or close it. Any web page can open such upgrades without a token, so each one left
 * open is a descriptor an attacker takes away (and a connection that holds up shutdown). The
 * answer says `Connection: close`, and once it is written the server ends the socket itself.
 * Accepted upgrades are hijacked by the WebSocket layer and never reach these hooks.
 */
export const closeRefusedUpgrades = unencapsulated(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (isUpgrade(request.headers)) reply.header('Connection', 'close');
    return payload;
  });

  app.addHook('onResponse', async (request) => {
    if (!isUpgrade(request.headers)) return;
    const socket = request.raw.socket;
    // end() sends the FIN once the answer is flushed; destroy() then frees the descriptor
    // even if the client never closes its side.
    socket.once('finish', () => socket.destroy());
    socket.end();
  });
});
