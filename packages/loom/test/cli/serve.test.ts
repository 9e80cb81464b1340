/**
 * `loom serve` end to end: the real executable in a child process on a free loopback port,
 * driven over HTTP — routes in both server forms with path, query and body parameters,
 * responses, EC01 (404, and 405 with `Allow`), EC02 (401 for `requires`, 403 for `ensures`),
 * static files with traversal refused, CORS, middleware, require_auth with the auth block,
 * `|>>` chains, a body limit, a semantic route against a loopback model, and SIGTERM
 * finishing a request in flight before the process ends.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { SignJWT } from 'jose';
import { startFakeModelServer } from '../support/fake-model-server.js';
import type { FakeModelServer, RecordedRequest, ScriptedReply } from '../support/fake-model-server.js';
import { secretsFor } from '../support/model-project.js';
import { loomExit, serve } from './serve-support.js';
import type { ServedProgram } from './serve-support.js';

const JWT_SECRET = 'serve-test-secret-0123456789abcdef';

const SHOP = `auth api { type: "jwt", secret: "${JWT_SECRET}" }

server Shop {
    cors { origins: ["https://app.example"], methods: ["GET", "POST"] }
    static "/assets" from "public"
    middleware [tag_request]
    route GET "/hello" => hello
    route GET "/users/{id}" => get_user
    route GET "/search" => search
    route POST "/orders/:id" {
        requires: request.body.amount > 0
        ensures: result.accepted
        handler: place_order
    }
    route POST "/echo" => echo
    route GET "/teapot" => teapot
    route POST "/shout" => clean |>> shout
    route GET "/broken" => broken
    group "/admin" {
        require_auth "/"
        route GET "/me" => whoami
    }
    group "/private" {
        middleware [deny]
        route GET "/x" => hello
    }
}

flow tag_request(request) {
    request["tagged"] = true
    return request
}
flow deny(request) { return {status: 451, body: "unavailable here"} }
flow hello() { return {message: "hello"} }
flow get_user(id) { return {id: id} }
flow search(q, request) { return {q: q, tagged: request.tagged} }
flow place_order(id, amount) { return {accepted: amount < 1000, id: id, amount: amount} }
flow echo(request) { return {body: request.body, type: request.headers["content-type"], method: request.method, path: request.path} }
flow teapot() { return {status: 418, headers: {"x-brew": "no"}, body: "short and stout"} }
flow clean(request) { return request.body.trim() }
flow shout(text) { return text.upper() + "!" }
flow broken() { raise "the warehouse is on fire" }
flow whoami(request) { return {user: request.auth.sub} }
`;

const SLOW = `server 0 {
    body_limit 64
    route POST "/upload" => upload
    route GET "/slow" => slow
}
flow upload(request) { return {size: len(request.body)} }
flow slow() {
    print("slow request started")
    sleep_ms(1500)
    return {done: true}
}
`;

const HELPDESK = `agent HelpBot { role: "Helper", prompt: "Help the user", model: "openai/test-model" }
server Helpdesk {
    semantic route "/help" => HelpBot
    semantic route "questions about invoices" => billing
    route GET "/ping" => ping
    route POST "/analyze" {
        requires: request.body != ""
        handler: analyze_flow
    }
}
flow analyze_flow(request) { return {analysis: HelpBot.run(request.body)} }
flow billing(request) { return {team: "billing", text: request.body} }
flow ping() { return "pong" }
`;

let project: string;

before(() => {
  project = mkdtempSync(join(tmpdir(), 'loom-serve-'));
  mkdirSync(join(project, 'public'));
  writeFileSync(join(project, 'public', 'logo.txt'), 'the logo\n');
  writeFileSync(join(project, 'outside.txt'), 'not for the web\n');
  writeFileSync(join(project, 'shop.nx'), SHOP);
  writeFileSync(join(project, 'slow.nx'), SLOW);
});

after(() => rmSync(project, { recursive: true, force: true }));

async function json(response: Response): Promise<unknown> {
  return JSON.parse(await response.text()) as unknown;
}

describe('a shop served by loom serve', () => {
  let shop: ServedProgram;
  before(async () => {
    shop = await serve('shop.nx', { cwd: project });
  });
  after(async () => {
    assert.equal(await shop.stop(), 0);
  });

  test('listens on the loopback interface and prints its URL', () => {
    assert.match(shop.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.match(shop.stdout(), /^Serving server Shop on http:\/\/127\.0\.0\.1:\d+$/m);
  });

  test('routes hand the request to flows by parameter name: path, query and JSON body', async () => {
    assert.deepEqual(await json(await fetch(`${shop.url}/hello`)), { message: 'hello' });
    assert.deepEqual(await json(await fetch(`${shop.url}/users/42`)), { id: '42' });
    // The server-wide middleware changed the request the handler sees.
    assert.deepEqual(await json(await fetch(`${shop.url}/search?q=lamps`)), { q: 'lamps', tagged: true });
    const order = await fetch(`${shop.url}/orders/7`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount: 25 }) });
    assert.equal(order.status, 200);
    assert.deepEqual(await json(order), { accepted: true, id: '7', amount: 25 });
  });

  test('the request carries method, path, headers and the body (JSON parsed, else text)', async () => {
    const asJson = await fetch(`${shop.url}/echo?x=1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a": [1, 2]}' });
    assert.deepEqual(await json(asJson), { body: { a: [1, 2] }, type: 'application/json', method: 'POST', path: '/echo' });
    const asText = await fetch(`${shop.url}/echo`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'plain words' });
    assert.deepEqual(await json(asText), { body: 'plain words', type: 'text/plain', method: 'POST', path: '/echo' });
  });

  test('a returned {status, headers, body} is the response', async () => {
    const response = await fetch(`${shop.url}/teapot`);
    assert.equal(response.status, 418);
    assert.equal(response.headers.get('x-brew'), 'no');
    assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
    assert.equal(await response.text(), 'short and stout');
  });

  test('A |>> B hands the first flow\'s value to the second', async () => {
    const response = await fetch(`${shop.url}/shout`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '  quiet please  ' });
    assert.deepEqual(await json(response), 'QUIET PLEASE!');
  });

  test('EC01: an undeclared path is 404, a declared path with another method 405 with Allow', async () => {
    const missing = await fetch(`${shop.url}/nowhere`);
    assert.equal(missing.status, 404);
    assert.deepEqual(await json(missing), { error: { code: 'EC01', message: 'No route found for GET /nowhere' } });
    const wrongMethod = await fetch(`${shop.url}/users/3`, { method: 'DELETE' });
    assert.equal(wrongMethod.status, 405);
    assert.equal(wrongMethod.headers.get('allow'), 'GET');
    assert.deepEqual(await json(wrongMethod), { error: { code: 'EC01', message: 'Method DELETE is not allowed for /users/3', allow: ['GET'] } });
  });

  test('EC02: a failed requires is 401, a failed ensures 403 and the handler value is withheld', async () => {
    const refused = await fetch(`${shop.url}/orders/1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount: -5 }) });
    assert.equal(refused.status, 401);
    assert.deepEqual(await json(refused), { error: { code: 'EC02', message: 'ContractViolation(requires): request.body.amount > 0', clause: 'requires' } });
    const withheld = await fetch(`${shop.url}/orders/1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount: 5000 }) });
    assert.equal(withheld.status, 403);
    const body = await withheld.text();
    assert.deepEqual(JSON.parse(body), { error: { code: 'EC02', message: 'ContractViolation(ensures): result.accepted', clause: 'ensures' } });
    assert.doesNotMatch(body, /5000/);
  });

  test('a handler that raises is a 500 naming the code, reported on stderr at its .nx line', async () => {
    const response = await fetch(`${shop.url}/broken`);
    assert.equal(response.status, 500);
    assert.deepEqual(await json(response), { error: { code: 'RuntimeError', message: 'the handler broken failed' } });
    assert.match(shop.stderr(), /the warehouse is on fire/);
    assert.match(shop.stderr(), /shop\.nx:\d+/);
  });

  test('static files are served from the directory beside the program, and no path leaves it', async () => {
    const logo = await fetch(`${shop.url}/assets/logo.txt`);
    assert.equal(logo.status, 200);
    assert.equal(await logo.text(), 'the logo\n');
    for (const escape of ['/assets/../outside.txt', '/assets/%2e%2e/outside.txt', '/assets/..%2foutside.txt', '/assets/%2e%2e%2foutside.txt']) {
      // fetch would normalise `..` away; a raw request path is what an attacker sends.
      const response = await rawGet(shop.url, escape);
      assert.ok([403, 404].includes(response.status), `${escape} answered ${response.status}`);
      assert.doesNotMatch(response.body, /not for the web/);
    }
    assert.equal((await fetch(`${shop.url}/assets/missing.txt`)).status, 404);
  });

  test('CORS: an allowed origin gets the headers and its preflight is answered; another origin does not', async () => {
    const preflight = await fetch(`${shop.url}/echo`, { method: 'OPTIONS', headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' } });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), 'https://app.example');
    assert.equal(preflight.headers.get('access-control-allow-methods'), 'GET, POST');
    const simple = await fetch(`${shop.url}/hello`, { headers: { origin: 'https://app.example' } });
    assert.equal(simple.headers.get('access-control-allow-origin'), 'https://app.example');
    const foreign = await fetch(`${shop.url}/hello`, { headers: { origin: 'https://evil.example' } });
    assert.equal(foreign.headers.get('access-control-allow-origin'), null);
  });

  test('require_auth: no token and a bad token are 401; a token signed with the auth block\'s secret passes with its claims', async () => {
    const anonymous = await fetch(`${shop.url}/admin/me`);
    assert.equal(anonymous.status, 401);
    assert.equal(anonymous.headers.get('www-authenticate'), 'Bearer');
    assert.equal(((await json(anonymous)) as { error: { code: string } }).error.code, 'E501');
    const forged = await new SignJWT({ sub: 'mallory' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(new TextEncoder().encode('another-secret-0123456789abcdefgh'));
    const bad = await fetch(`${shop.url}/admin/me`, { headers: { authorization: `Bearer ${forged}` } });
    assert.equal(bad.status, 401);
    assert.equal(((await json(bad)) as { error: { code: string } }).error.code, 'E502');
    const token = await new SignJWT({ sub: 'ada' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(new TextEncoder().encode(JWT_SECRET));
    const good = await fetch(`${shop.url}/admin/me`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(good.status, 200);
    assert.deepEqual(await json(good), { user: 'ada' });
  });

  test('a group\'s middleware may answer in place of the handler', async () => {
    const response = await fetch(`${shop.url}/private/x`);
    assert.equal(response.status, 451);
    assert.equal(await response.text(), 'unavailable here');
  });
});

/** A GET with the path sent exactly as given. */
async function rawGet(url: string, path: string): Promise<{ status: number; body: string }> {
  const { request } = await import('node:http');
  return new Promise((resolveResponse, reject) => {
    const target = new URL(url);
    const outgoing = request({ host: target.hostname, port: target.port, path, method: 'GET' }, (incoming) => {
      let body = '';
      incoming.on('data', (chunk: Buffer) => (body += chunk.toString()));
      incoming.on('end', () => resolveResponse({ status: incoming.statusCode ?? 0, body }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

test('a body over the server\'s body_limit is refused with 413', async () => {
  const served = await serve('slow.nx', { cwd: project });
  try {
    const small = await fetch(`${served.url}/upload`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x'.repeat(10) });
    assert.deepEqual(await json(small), { size: 10 });
    const large = await fetch(`${served.url}/upload`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x'.repeat(100) });
    assert.equal(large.status, 413);
    assert.deepEqual(await json(large), { error: { code: 'body_too_large', message: "the request body is larger than this server's limit of 64 bytes" } });
  } finally {
    await served.stop();
  }
});

test('typed path parameters: only text of the type matches the route, and the handler gets the value', async () => {
  writeFileSync(
    join(project, 'typed.nx'),
    [
      'flow item(id) { return { next: id + 1 } }',
      'flow scaled(factor) { return { doubled: factor * 2 } }',
      'flow toggle(on) { return { off: not on } }',
      'flow named(name) { return { name: name } }',
      'server 0 {',
      '    route GET "/items/{id: int}" => item',
      '    route GET "/scale/{factor: float}" => scaled',
      '    route GET "/toggle/{on: bool}" => toggle',
      '    route GET "/items/{name}/info" => named',
      '}',
      '',
    ].join('\n'),
  );
  const served = await serve('typed.nx', { cwd: project });
  try {
    assert.deepEqual(await json(await fetch(`${served.url}/items/41`)), { next: 42 });
    assert.deepEqual(await json(await fetch(`${served.url}/items/-3`)), { next: -2 });
    assert.deepEqual(await json(await fetch(`${served.url}/scale/1.25`)), { doubled: 2.5 });
    assert.deepEqual(await json(await fetch(`${served.url}/toggle/true`)), { off: false });
    assert.deepEqual(await json(await fetch(`${served.url}/items/abc/info`)), { name: 'abc' });
    for (const path of ['/items/abc', '/items/4.5', '/scale/x', '/toggle/yes']) {
      const refused = await fetch(`${served.url}${path}`);
      assert.equal(refused.status, 404, path);
      assert.equal(((await refused.json()) as { error: { code: string } }).error.code, 'EC01');
    }
  } finally {
    await served.stop();
  }
});

test('SIGTERM lets the request in flight finish, then the server stops and the process exits 0', async () => {
  const served = await serve('slow.nx', { cwd: project });
  const inFlight = fetch(`${served.url}/slow`);
  // The signal comes once the handler is running, however loaded the machine is.
  while (!served.stdout().includes('slow request started')) {
    assert.equal(served.child.exitCode, null, `loom serve ended early: ${served.stderr()}`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 20));
  }
  const exited = served.stop('SIGTERM');
  const response = await inFlight;
  assert.equal(response.status, 200);
  assert.deepEqual(await json(response), { done: true });
  assert.equal(await exited, 0);
  assert.match(served.stdout(), /Stopped\n$/);
  await assert.rejects(fetch(`${served.url}/slow`));
});

describe('a semantic route against a loopback model', () => {
  let model: FakeModelServer;
  let helpdesk: ServedProgram;
  const intentRequests = (): RecordedRequest[] => model.requests.filter((request) => JSON.stringify(request.body).includes('Intents:'));

  before(async () => {
    model = await startFakeModelServer();
    model.respondWith((request): ScriptedReply => {
      const messages = request.body['messages'] as Array<{ role: string; content: string }>;
      const system = messages.find((message) => message.role === 'system')?.content ?? '';
      const input = messages.at(-1)?.content ?? '';
      if (input.includes('Intents:')) {
        const asked = input.split('Input:')[1] ?? '';
        return { text: /invoice/.test(asked) ? '2' : /password/.test(asked) ? '1' : '0' };
      }
      if (system.includes('Helper')) return { text: `helped with: ${input}` };
      return { text: 'unexpected request' };
    });
    const dir = join(project, 'helpdesk');
    mkdirSync(dir);
    writeFileSync(join(dir, 'secrets.nxs'), secretsFor(model));
    writeFileSync(join(dir, 'helpdesk.nx'), HELPDESK);
    helpdesk = await serve('helpdesk.nx', { cwd: dir });
  });
  after(async () => {
    await helpdesk.stop();
    await model.close();
  });

  test('a request no route declares goes to the route whose intent the weak model picks', async () => {
    const billing = await fetch(`${helpdesk.url}/support`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'my invoice is wrong' });
    assert.equal(billing.status, 200);
    assert.deepEqual(await json(billing), { team: 'billing', text: 'my invoice is wrong' });
    const help = await fetch(`${helpdesk.url}/support?q=${encodeURIComponent('I forgot my password')}`);
    assert.deepEqual(await json(help), 'helped with: I forgot my password');
    const intents = intentRequests().map((request) => JSON.stringify(request.body));
    assert.equal(intents.length, 2);
    assert.match(intents[0] ?? '', /1\. help\\n2\. questions about invoices/);
  });

  test('an intent the model does not recognise is EC01 404; a semantic route\'s own path needs no model', async () => {
    const before = intentRequests().length;
    const unknown = await fetch(`${helpdesk.url}/support`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'what a lovely day' });
    assert.equal(unknown.status, 404);
    assert.equal(((await json(unknown)) as { error: { code: string } }).error.code, 'EC01');
    const direct = await fetch(`${helpdesk.url}/help?q=hello`);
    assert.deepEqual(await json(direct), 'helped with: hello');
    assert.equal(intentRequests().length, before + 1);
  });
});

describe('the part5 DataAPI form: a route block whose handler flow runs an agent', () => {
  test('an empty body fails `requires: request.body != ""` (401); a body reaches the agent', async () => {
    // The helpdesk program again, with a model that gives every request the same answer.
    const model = await startFakeModelServer();
    model.respondWith((): ScriptedReply => ({ text: 'analysed' }));
    const dir = join(project, 'data-api');
    mkdirSync(dir);
    writeFileSync(join(dir, 'secrets.nxs'), secretsFor(model));
    writeFileSync(join(dir, 'api.nx'), HELPDESK);
    const api = await serve('api.nx', { cwd: dir });
    try {
      const empty = await fetch(`${api.url}/analyze`, { method: 'POST' });
      assert.equal(empty.status, 401);
      assert.equal(((await json(empty)) as { error: { code: string } }).error.code, 'EC02');
      assert.equal(model.requests.length, 0);
      const analysed = await fetch(`${api.url}/analyze`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'sales rose 4%' });
      assert.deepEqual(await json(analysed), { analysis: 'analysed' });
      assert.equal(model.requests.length, 1);
    } finally {
      await api.stop();
      await model.close();
    }
  });
});

test('every server of a program listens, each on its own port; --port is then refused', async () => {
  writeFileSync(join(project, 'two.nx'), 'server 0 {\n    route GET "/" => one\n}\nserver 0 {\n    route GET "/" => two\n}\nflow one() { return 1 }\nflow two() { return 2 }\n');
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, [fileURLToPath(new URL('../../bin/loom.js', import.meta.url)), 'serve', 'two.nx'], { cwd: project, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const exited = new Promise<number | null>((resolveExit) => child.on('close', resolveExit));
  while ((stdout.match(/^Serving server 0 on /gm) ?? []).length < 2) {
    assert.equal(child.exitCode, null, `loom serve ended before both servers listened: ${stdout}`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 20));
  }
  const urls = [...stdout.matchAll(/on (http:\/\/\S+)/g)].map((match) => match[1] ?? '');
  assert.notEqual(urls[0], urls[1]);
  assert.deepEqual(await Promise.all(urls.map(async (url) => json(await fetch(url)))), [1, 2]);
  child.kill('SIGTERM');
  assert.equal(await exited, 0);
  const refused = await loomExit(['serve', 'two.nx', '--port', '0'], project);
  assert.equal(refused.status, 64);
  assert.match(refused.stderr, /--port replaces the port of the program's one server/);
});

describe('what loom serve refuses', () => {
  test('a program without a server exits 2 saying so; a bad --port is a usage error', async () => {
    writeFileSync(join(project, 'plain.nx'), 'flow main { print("hi") }\n');
    const plain = await loomExit(['serve', 'plain.nx'], project);
    assert.equal(plain.status, 2);
    assert.match(plain.stderr, /declares no server/);
    const badPort = await loomExit(['serve', 'shop.nx', '--port', 'eighty'], project);
    assert.equal(badPort.status, 64);
    assert.match(badPort.stderr, /--port takes a port number/);
  });

  test('a path parameter of a type a path cannot carry is E002 before anything listens', async () => {
    writeFileSync(join(project, 'badtype.nx'), 'flow get(id) { return id }\nserver 0 {\n    route GET "/users/{id: uuid}" => get\n}\n');
    const refused = await loomExit(['serve', 'badtype.nx'], project);
    assert.equal(refused.status, 2);
    assert.match(refused.stderr, /E002[^\n]*the path parameter 'id' has the type 'uuid'/);
  });

  test('require_auth without an auth block is a compile error before anything listens', async () => {
    writeFileSync(join(project, 'noauth.nx'), 'server 0 {\n    require_auth "/admin"\n    route GET "/admin" => hi\n}\nflow hi() { return 1 }\n');
    const refused = await loomExit(['serve', 'noauth.nx'], project);
    assert.equal(refused.status, 2);
    assert.match(refused.stderr, /E001[^\n]*require_auth "\/admin" needs the program's auth block/);
  });
});

test('loom run of a program with a server runs its statements and main and never listens', async () => {
  writeFileSync(join(project, 'both.nx'), 'server 0 {\n    route GET "/" => hi\n}\nflow hi() { return 1 }\nprint("statements ran")\nflow main { print("main ran") }\n');
  const ran = await loomExit(['run', 'both.nx'], project);
  assert.equal(ran.status, 0, ran.stderr);
  assert.equal(ran.stdout, 'statements ran\nmain ran\n');
});

describe('loom routes', () => {
  test('lists every route with its full path, handler and guards, as text and as JSON', async () => {
    const text = await loomExit(['routes', 'shop.nx'], project);
    assert.equal(text.status, 0, text.stderr);
    assert.match(text.stdout, /^server Shop \(port 8080\)$/m);
    assert.match(text.stdout, /^ {2}POST {2}\/orders\/:id +place_order +\(middleware: tag_request; requires request\.body\.amount > 0; ensures result\.accepted\)$/m);
    assert.match(text.stdout, /^ {2}GET +\/admin\/me +whoami +\(auth; middleware: tag_request\)$/m);
    assert.match(text.stdout, /^ {2}static \/assets from public$/m);
    const listed = await loomExit(['routes', 'shop.nx', '--json'], project);
    const { servers } = JSON.parse(listed.stdout) as { servers: Array<{ server: string; port: number; routes: Array<Record<string, unknown>> }> };
    assert.equal(servers.length, 1);
    assert.equal(servers[0]?.port, 8080);
    assert.deepEqual(servers[0]?.routes.find((route) => route['path'] === '/private/x'), {
      method: 'GET', path: '/private/x', handler: 'hello', semantic: false, requires: [], ensures: [], middleware: ['tag_request', 'deny'], auth: false,
    });
    assert.deepEqual(servers[0]?.routes.find((route) => route['path'] === '/shout')?.['handler'], 'clean |>> shout');
  });
});
