import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { GuardedExchange } from '../../../src/answer-engine/providers/guarded-exchange.js';
import { ProviderError } from '../../../src/answer-engine/providers/provider-error.js';

const SHORT_CONNECT_TIMEOUT_MS = 200;
/** A connection attempt still pending after this long is stuck in the kernel, not just slow. */
const STUCK_AFTER_MS = 300;
/** Generous for a loaded machine, yet far below the waits the tests would otherwise hit (seconds, or forever). */
const PROMPT_MS = 500;

interface UnacceptingPort {
  port: number;
  release(): void;
}

/**
 * A loopback port where new connections hang in the TCP handshake: a stopped process listens
 * with a backlog of 1, and filler connections occupy its accept queue, so the kernel drops
 * further SYNs exactly as with an unreachable host.
 */
async function unacceptingPort(): Promise<UnacceptingPort> {
  const listener = spawn(process.execPath, [
    '-e',
    "require('net').createServer().listen({ port: 0, host: '127.0.0.1', backlog: 1 }, function () { console.log(this.address().port) })",
  ]);
  const [line] = (await once(listener.stdout, 'data')) as [Buffer];
  const port = Number(line.toString().trim());
  listener.kill('SIGSTOP');
  const fillers: Socket[] = [];
  const release = (): void => {
    for (const filler of fillers) filler.destroy();
    listener.kill('SIGKILL');
  };
  while (true) {
    const filler = connect(port, '127.0.0.1');
    filler.on('error', () => undefined);
    fillers.push(filler);
    const connected = await Promise.race([once(filler, 'connect').then(() => true), sleep(STUCK_AFTER_MS).then(() => false)]);
    if (!connected) return { port, release };
  }
}

function exchangeWith(port: number, overrides: { timeoutMs?: number; signal?: AbortSignal } = {}): GuardedExchange {
  return new GuardedExchange({
    url: new URL(`http://127.0.0.1:${port}/v1/chat/completions`),
    headers: { 'content-type': 'application/json' },
    body: '{}',
    signal: overrides.signal ?? new AbortController().signal,
    timeoutMs: overrides.timeoutMs ?? 5_000,
    connectTimeoutMs: SHORT_CONNECT_TIMEOUT_MS,
  });
}

/** What a caller of the exchange ends up throwing. */
async function outcomeOf(exchange: GuardedExchange): Promise<unknown> {
  try {
    await exchange.response;
    return undefined;
  } catch (error) {
    return exchange.explain(error);
  } finally {
    exchange.close();
  }
}

describe('GuardedExchange', { skip: process.platform === 'win32' ? 'needs SIGSTOP' : false }, () => {
  let target: UnacceptingPort;
  before(async () => {
    target = await unacceptingPort();
  });
  after(() => target.release());

  it('gives up on a connection that is not accepted within the connect timeout', async () => {
    const startedAt = performance.now();
    const error = await outcomeOf(exchangeWith(target.port));
    const elapsedMs = performance.now() - startedAt;
    assert.ok(error instanceof ProviderError);
    assert.equal(error.code, 'connection_failed');
    assert.match(error.message, /within 0.2 s/);
    assert.ok(elapsedMs >= SHORT_CONNECT_TIMEOUT_MS - 5 && elapsedMs < SHORT_CONNECT_TIMEOUT_MS + PROMPT_MS, `after ${elapsedMs} ms`);
  });

  it('reports the overall deadline when it comes before the connect timeout', async () => {
    const error = await outcomeOf(exchangeWith(target.port, { timeoutMs: SHORT_CONNECT_TIMEOUT_MS / 2 }));
    assert.ok(error instanceof ProviderError);
    assert.equal(error.code, 'timeout');
  });

  it('throws the cancellation reason while still connecting', async () => {
    const controller = new AbortController();
    const reason = new Error('cancelled while connecting');
    setTimeout(() => controller.abort(reason), 20);
    assert.equal(await outcomeOf(exchangeWith(target.port, { signal: controller.signal })), reason);
  });

  it('fails at once with the reason of a signal aborted before it started', async () => {
    const reason = new Error('cancelled before starting');
    assert.equal(await outcomeOf(exchangeWith(target.port, { signal: AbortSignal.abort(reason) })), reason);
  });
});
