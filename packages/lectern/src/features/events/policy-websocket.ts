import { WebSocket } from 'ws';
import type { FastifyRequest } from 'fastify';
import { events as limits } from '../../config.js';

/**
 * Close codes the WebSocket layer picks by itself when a client's frame breaks a rule: a
 * malformed frame (1002), a text frame that is not UTF-8 (1007), a message over the size limit
 * (1009).
 */
const protocolRefusalCodes: ReadonlySet<number> = new Set([1002, 1007, 1009]);

/**
 * The server side of every events connection. The contract closes a client that sends anything
 * it should not with one code, 1008, whether our code or the WebSocket layer refuses the
 * message, so a client has one case to handle.
 */
export class PolicyWebSocket extends WebSocket {
  override close(code?: number, data?: string | Buffer): void {
    super.close(code !== undefined && protocolRefusalCodes.has(code) ? limits.wsPolicyViolationCode : code, data);
  }
}

interface SocketError extends Error {
  code?: string;
}

/**
 * A broken frame or a dropped connection is the client's doing: one line at `info` with the
 * error's code, never a stack at `error` level, then the socket is dropped (the WebSocket layer
 * has already sent its close frame).
 */
export function dropMisbehavingClient(error: SocketError, socket: WebSocket, request: FastifyRequest): void {
  request.log.info({ code: error.code ?? 'unknown' }, 'events connection closed after a client error');
  socket.terminate();
}
