import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { EventsClient } from '../support/events-client.js';
import { LecternClient } from '../support/http-client.js';
import { LecternProcess } from '../support/lectern-process.js';
import { attemptUpgrade, rawRequest, requestHead } from '../support/raw-http.js';
import { eventsPath } from '../support/events-client.js';

const policyViolation = 1008;
/** Over the 16 KiB a WebSocket message may have, so the WebSocket layer itself refuses it. */
const oversizedMessageChars = 20_000;
const closeWaitMs = 2000;
/** pino's numeric levels. */
const infoLevel = 30;
const errorLevel = 50;
/** How long a line the server has logged may take to reach its stderr (pino writes asynchronously). */
const logFlushWaitMs = 2000;
const readmePath = new URL('../../../../README.md', import.meta.url);

interface LogLine {
  level: number;
  msg?: string;
  [field: string]: unknown;
}

/** The logs a user gets: `lectern serve` at its default level, every line kept. */
describe('logs', () => {
  let lectern: LecternProcess;
  let client: LecternClient;

  before(async () => {
    lectern = await LecternProcess.start({ defaultLogLevel: true, keepStderr: true });
    client = new LecternClient(lectern.baseUrl, lectern.token);
  });
  after(() => lectern.dispose());

  const logLines = (): LogLine[] => lectern.stderrLines.map((line) => JSON.parse(line) as LogLine);

  /** The log lines that match once at least `count` are in: the log is written asynchronously. */
  async function linesSoon(matches: (line: LogLine) => boolean, count: number): Promise<LogLine[]> {
    const deadline = Date.now() + logFlushWaitMs;
    for (;;) {
      const found = logLines().filter(matches);
      if (found.length >= count || Date.now() > deadline) return found;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('are what the README says: request lines at info by default, LECTERN_LOG_LEVEL to change it, npm lines before the ready line', async () => {
    assert.equal((await client.get('/api/v2/status')).status, 200);
    const requestLines = await linesSoon((line) => line.msg === 'incoming request' || line.msg === 'request completed', 2);
    assert.ok(requestLines.length >= 2 && requestLines.every((line) => line.level === infoLevel), 'one pair of info lines per request');
    const readme = readFileSync(readmePath, 'utf8');
    assert.match(readme, /logs[^.]*at `info`/i, 'the README names the default level');
    assert.match(readme, /LECTERN_LOG_LEVEL=warn/, 'the README shows how to change it');
    assert.match(readme, /npm prints its own lines[\s\S]{0,200}?before the JSON ready line/i, 'the README warns about npm\'s own output');
  });

  it('never contain a token a careless client put in a URL (query string or path segment)', async () => {
    const token = lectern.token;
    const noHeader = client.withToken(null);
    for (const path of [
      `/api/v2/status?token=${token}`,
      `/api/v2/status?access_token=${token}&x=1`,
      `/api/health?token=${token}`,
      `/api/v2/sessions/${token}`,
      `/api/v2/${token}/entries`,
      `/api/v2/status;token=${token}`,
    ]) {
      await client.get(path);
      await noHeader.get(path);
    }
    await attemptUpgrade(lectern.port, `${eventsPath}?token=${token}`, { origin: 'https://evil.example' }, closeWaitMs);
    const socket = await EventsClient.connect(lectern.port);
    socket.sendAuth(`${token}-wrong`);
    await socket.closed;

    const lines = lectern.stderrLines;
    assert.ok(lines.some((line) => line.includes('incoming request')), 'request logs are on by default, so the check below means something');
    assert.deepEqual(lines.filter((line) => line.includes(token)), []);
    assert.deepEqual(lines.filter((line) => /access_token=|[?&;]token=/.test(line)), [], 'query strings are not logged');
  });

  it('closes an oversized first WebSocket message with 1008 and logs no error and no stack', async () => {
    const socket = await EventsClient.connect(lectern.port);
    socket.send(JSON.stringify({ type: 'auth', token: lectern.token, padding: 'x'.repeat(oversizedMessageChars) }));
    assert.equal((await socket.closed).code, policyViolation);

    const authenticated = await EventsClient.authenticated(lectern.port, lectern.token);
    authenticated.client.send('y'.repeat(oversizedMessageChars));
    assert.equal((await authenticated.client.closed).code, policyViolation, 'after auth too');
  });

  it('writes no stack trace and nothing at error level for client errors', async () => {
    await client.post('/api/v2/sessions', '{not json');
    await client.post('/api/v2/sessions', { course_name: 42 });
    await rawRequest(lectern.port, requestHead('POST', '/api/v2/sessions', lectern.port, {
      authorization: `Bearer ${lectern.token}`,
      'content-type': 'application/json',
      'content-length': '12abc',
    }));
    // The last request's own line is written last: once it is in, so is everything before it.
    const completed = (line: LogLine) => line.msg === 'request completed';
    const completedBefore = logLines().filter(completed).length;
    assert.equal((await client.get('/api/v2/status')).status, 200);
    await linesSoon(completed, completedBefore + 1);
    const lines = logLines();
    assert.deepEqual(lines.filter((line) => line.level >= errorLevel), []);
    assert.deepEqual(lectern.stderrLines.filter((line) => line.includes('"stack"') || /\n\s+at /.test(line)), []);
  });
});
