/**
 * The session functions of std.auth under `loom serve`, written from the Nexa docs' "User
 * Session Management" example (part5_enterprise): a visitor's first `set_session` starts a
 * session carried in a signed cookie, `session_data`/`get_session` read it back on later
 * requests, a handler signs a user in by storing `user`, `get_user`/`auth_context` see that
 * user (or a bearer JWT or API key), `require_auth` as a middleware refuses anonymous
 * requests, and `logout_user` ends the session and clears the cookie. Under `loom run` and
 * `loom validate` the same calls outside a route are the compile error E006.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { SignJWT } from 'jose';
import { loomExit, serve } from './serve-support.js';
import type { ServedProgram } from './serve-support.js';

const SECRET = 'sessions-test-secret-0123456789ab';

const APP = `auth site { type: "jwt", secret: "${SECRET}" }

flow visit(request) {
    data = std.auth.session_data(request: request) ?? {}
    count = (data["visits"] ?? 0) + 1
    std.auth.set_session(request: request, data: {"visits": count})
    return {visits: count, seen: seen(request)}
}
fn seen(request) { return std.auth.session_data(request: request)["visits"] }
flow login(request) {
    std.auth.set_session(request: request, data: {"user": {"id": request.body.name, "name": request.body.name}})
    return {signed_in: true}
}
flow whoami(request) {
    return {user: std.auth.get_user(request: request), context: std.auth.auth_context(request: request), session: std.auth.get_session(request: request)}
}
flow logout(request) { return std.auth.logout_user(request: request) }
flow guard(request) { return std.auth.require_auth(request: request) }
flow new_key() { return std.auth.api_key_generate("reporter") }
flow report() { return {report: "ready"} }

server App {
    route GET "/visit" => visit
    route POST "/login" => login
    route GET "/whoami" => whoami
    route POST "/logout" => logout
    route POST "/keys" => new_key
    group "/reports" {
        middleware [guard]
        route GET "/" => report
    }
}
`;

/** The `loom_session=...` pair of a response's Set-Cookie, as a browser sends it back. */
function sessionCookie(response: Response): string {
  const header = response.headers.get('set-cookie') ?? '';
  const pair = /^(loom_session=[^;]*)/.exec(header)?.[1];
  assert.ok(pair !== undefined, `no session cookie in ${JSON.stringify(header)}`);
  return pair;
}

async function json(response: Response): Promise<Record<string, unknown>> {
  return JSON.parse(await response.text()) as Record<string, unknown>;
}

let project: string;

before(() => {
  project = mkdtempSync(join(tmpdir(), 'loom-sessions-'));
  writeFileSync(join(project, 'app.nx'), APP);
});

after(() => rmSync(project, { recursive: true, force: true }));

describe('sessions under loom serve', () => {
  let app: ServedProgram;
  before(async () => {
    app = await serve('app.nx', { cwd: project });
  });
  after(async () => {
    assert.equal(await app.stop(), 0, app.stderr());
  });

  test('the first set_session starts a session in a signed, HttpOnly cookie; later requests with it see its data', async () => {
    const first = await fetch(`${app.url}/visit`);
    assert.equal(first.status, 200);
    const setCookie = first.headers.get('set-cookie') ?? '';
    assert.match(setCookie, /^loom_session=[\w-]+\.[\w-]+; Path=\/; Max-Age=3600; HttpOnly; SameSite=Lax$/);
    // A function the handler calls sees the data the handler just stored.
    assert.deepEqual(await json(first), { visits: 1, seen: 1 });
    const cookie = sessionCookie(first);
    const second = await fetch(`${app.url}/visit`, { headers: { cookie } });
    assert.deepEqual(await json(second), { visits: 2, seen: 2 });
    // An existing session is not given a new cookie.
    assert.equal(second.headers.get('set-cookie'), null);
    // Another visitor (no cookie) starts from nothing.
    assert.deepEqual(await json(await fetch(`${app.url}/visit`)), { visits: 1, seen: 1 });
    assert.deepEqual(await json(await fetch(`${app.url}/visit`, { headers: { cookie } })), { visits: 3, seen: 3 });
  });

  test('requests of two visitors answered at the same time each see their own session', async () => {
    const cookies = [sessionCookie(await fetch(`${app.url}/visit`)), sessionCookie(await fetch(`${app.url}/visit`))];
    const rounds = 5;
    const answers = await Promise.all(
      Array.from({ length: rounds * 2 }, (_, index) => fetch(`${app.url}/visit`, { headers: { cookie: cookies[index % 2]! } }).then(json)),
    );
    for (const visitor of [0, 1]) {
      const counts = answers.filter((_, index) => index % 2 === visitor).map((answer) => answer['visits'] as number);
      // Every visit of a visitor counted once on that visitor's session: 2 .. rounds + 1, in some order.
      assert.deepEqual([...counts].sort((a, b) => a - b), Array.from({ length: rounds }, (_, index) => index + 2));
    }
  });

  test('a cookie whose signature was altered names no session', async () => {
    const cookie = sessionCookie(await fetch(`${app.url}/visit`));
    const forged = cookie.slice(0, -2) + (cookie.endsWith('AA') ? 'BB' : 'AA');
    const answer = await json(await fetch(`${app.url}/visit`, { headers: { cookie: forged } }));
    assert.deepEqual(answer, { visits: 1, seen: 1 });
    const who = await json(await fetch(`${app.url}/whoami`, { headers: { cookie: forged } }));
    assert.equal(who['session'], null);
  });

  test('a handler signs a user in through the session; get_user, auth_context and require_auth see them; logout ends it', async () => {
    const anonymous = await fetch(`${app.url}/reports`);
    assert.equal(anonymous.status, 401);
    assert.equal(anonymous.headers.get('www-authenticate'), 'Bearer');
    assert.equal((await json(anonymous))['error'] !== undefined, true);

    const login = await fetch(`${app.url}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'ada' }) });
    assert.deepEqual(await json(login), { signed_in: true });
    const cookie = sessionCookie(login);

    const who = await json(await fetch(`${app.url}/whoami`, { headers: { cookie } }));
    assert.deepEqual(who['user'], { id: 'ada', name: 'ada' });
    assert.deepEqual(who['context'], { authenticated: true, user: { id: 'ada', name: 'ada' }, via: 'session', session_data: { user: { id: 'ada', name: 'ada' } }, agent_name: null });
    const session = who['session'] as Record<string, unknown>;
    assert.deepEqual(session['data'], { user: { id: 'ada', name: 'ada' } });
    assert.equal(cookie.startsWith(`loom_session=${String(session['id'])}.`), true);
    const lifetime = Date.parse(String(session['expires_at'])) - Date.parse(String(session['created_at']));
    assert.equal(lifetime, 3600 * 1000);

    const report = await fetch(`${app.url}/reports`, { headers: { cookie } });
    assert.equal(report.status, 200);
    assert.deepEqual(await json(report), { report: 'ready' });

    const logout = await fetch(`${app.url}/logout`, { method: 'POST', headers: { cookie }, redirect: 'manual' });
    assert.equal(logout.status, 302);
    assert.equal(logout.headers.get('location'), '/');
    assert.equal(logout.headers.get('set-cookie'), 'loom_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax');
    // The server forgot the session: the old cookie no longer signs anyone in.
    assert.equal((await fetch(`${app.url}/reports`, { headers: { cookie } })).status, 401);
    const after = await json(await fetch(`${app.url}/whoami`, { headers: { cookie } }));
    assert.equal(after['user'], null);
    assert.equal(after['session'], null);
  });

  test('without a session, a bearer JWT of the auth block or a live API key is the user; a bad one is not', async () => {
    const token = await new SignJWT({ sub: 'u7', name: 'Bo', email: 'bo@example.org' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(new TextEncoder().encode(SECRET));
    const byJwt = await json(await fetch(`${app.url}/whoami`, { headers: { authorization: `Bearer ${token}` } }));
    assert.deepEqual(byJwt['user'], { id: 'u7', name: 'Bo', email: 'bo@example.org', provider: 'jwt' });
    assert.equal((byJwt['context'] as Record<string, unknown>)['via'], 'jwt');
    assert.equal((await fetch(`${app.url}/reports`, { headers: { authorization: `Bearer ${token}` } })).status, 200);

    const forged = await new SignJWT({ sub: 'u7' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(new TextEncoder().encode('another-secret-0123456789abcdefgh'));
    assert.equal((await fetch(`${app.url}/reports`, { headers: { authorization: `Bearer ${forged}` } })).status, 401);
    assert.equal((await json(await fetch(`${app.url}/whoami`, { headers: { authorization: `Bearer ${forged}` } })))['user'], null);

    const key = (await (await fetch(`${app.url}/keys`, { method: 'POST' })).json()) as string;
    assert.match(key, /^loom-ak-[0-9a-f]{32}$/);
    const byKey = await json(await fetch(`${app.url}/whoami`, { headers: { authorization: `Bearer ${key}` } }));
    assert.deepEqual(byKey['user'], { id: 'reporter', name: 'reporter', email: null, provider: 'api_key' });
    assert.equal((await fetch(`${app.url}/reports`, { headers: { authorization: `Bearer ${key}` } })).status, 200);
  });
});

describe('the session functions outside a server route', () => {
  // The docs' example as written: a flow main, which no request ever reaches.
  const DOC_EXAMPLE = `flow main {
    user = std.auth.get_user(request: request);
    std.auth.set_session(request: request, data: {"theme": "dark"});
}
`;

  test('loom validate and loom run refuse them with E006 at the call', async () => {
    writeFileSync(join(project, 'doc.nx'), `request = {"headers": {}}\n${DOC_EXAMPLE}`);
    for (const command of ['validate', 'run']) {
      const refused = await loomExit([command, 'doc.nx'], project);
      assert.equal(refused.status, 2, `${command}: ${refused.stderr}`);
      assert.match(refused.stderr, /E006: Not supported by this runtime: std\.auth\.get_user \(sessions belong to the requests of a server route, and this program declares no server\)/);
      assert.match(refused.stderr, /std\.auth\.set_session/);
    }
  });

  test('in a program with a server, a call no route reaches is refused, naming the flow', async () => {
    writeFileSync(join(project, 'mixed.nx'), `${APP}\nflow main { print(std.auth.get_user(request: null)) }\n`);
    const refused = await loomExit(['run', 'mixed.nx'], project);
    assert.equal(refused.status, 2, refused.stderr);
    assert.match(refused.stderr, /std\.auth\.get_user \(sessions belong to the requests of a server route, and no server route reaches flow main\)/);
  });

  test('a route handler called by loom run itself fails with E006 at run time: no request is being answered', async () => {
    writeFileSync(join(project, 'direct.nx'), `${APP}\nflow main { print(whoami({"headers": {}})) }\n`);
    const failed = await loomExit(['run', 'direct.nx'], project);
    assert.notEqual(failed.status, 0);
    assert.match(failed.stderr, /std\.auth\.get_user called while no server route is answering a request/);
    assert.match(failed.stderr, /E006/);
  });
});
