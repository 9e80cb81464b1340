import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { SignJWT, UnsecuredJWT } from 'jose';
import { runSource } from '../run-source.js';

const SECRET = 'correct horse battery staple';
const BLOCK = `auth site {\n  type: "jwt"\n  secret: "${SECRET}"\n  algorithms: ["HS256"]\n  expires_in: 3600\n}\n`;

async function foreignToken(algorithm: string, claims: Record<string, unknown> = {}): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: algorithm }).sign(new TextEncoder().encode(SECRET));
}

// API keys live in the project's .loom/: a project of its own, not the package's directory.
const project = mkdtempSync(join(tmpdir(), 'loom-i13b-auth-'));
after(() => rmSync(project, { recursive: true, force: true }));

test('API keys are loom-ak- plus 32 lowercase hex, verified to their info, refused (E501) once revoked, expired or malformed', async () => {
  const entryFile = join(project, 'program.nx');
  const run = await runSource(`flow main {
  key = std.auth.api_key_generate(agent_name: "Bot")
  print(key.length(), std.regex.match("^loom-ak-[0-9a-f]{32}$", key) != null)
  print(std.auth.api_key_verify(api_key: key)["agent_name"])
  short = std.auth.api_key_generate("Temp", 1)
  sleep_ms(1100)
  for each candidate in [short, "loom-ak-XYZ", "loom-ak-0123456789abcdef0123456789abcdef"] {
    try { std.auth.api_key_verify(candidate) } catch (e) { print(e.code, e.message) }
  }
  print(std.auth.api_key_revoke(key), std.auth.api_key_revoke(key))
  std.auth.api_key_verify(key)
}`, { entryFile });
  assert.equal(run.stdout, [
    '40 true',
    'Bot',
    'E501 the API key expired',
    'E501 malformed API key: expected loom-ak- followed by 32 lowercase hex digits',
    'E501 unknown API key',
    'true false',
    '',
  ].join('\n'));
  assert.equal(run.stderr, `AuthError: the API key was revoked\n  --> ${entryFile}:11:3\n  = code E501\n`);
});

test('jwt_sign/jwt_verify use the auth block; expired, foreign-algorithm, unsigned, not-yet-valid and wrongly signed tokens are E502', async () => {
  const hs512 = await foreignToken('HS512');
  const unsigned = new UnsecuredJWT({ role: 'admin' }).encode();
  const notYet = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setNotBefore(Math.floor(Date.now() / 1000) + 600).sign(new TextEncoder().encode(SECRET));
  const run = await runSource(`${BLOCK}flow main {
  token = std.auth.jwt_sign(claims: {"user_id": "123", "role": "admin"})
  claims = std.auth.jwt_verify(token: token)
  print(claims["user_id"], claims["exp"] - claims["iat"], std.auth.jwt_decode(token)["role"])
  expired = std.auth.jwt_sign({"u": 1}, expires_in: 1)
  sleep_ms(1100)
  for each bad in [expired, "${hs512}", "${unsigned}", "${notYet}", std.auth.jwt_sign({"u": 1}, secret: "other")] {
    try { std.auth.jwt_verify(bad) } catch (e) { print(e.code, e.message) }
  }
  std.auth.jwt_verify("not-a-token")
}`);
  assert.equal(run.stdout.split('\n').slice(0, 2).join('\n'), '123 3600 admin\nE502 the JWT expired ("exp" is in the past)');
  const lines = run.stdout.trim().split('\n');
  assert.match(lines[2], /^E502 the JWT is signed with an algorithm the auth block does not allow \(allowed: HS256\)$/);
  assert.match(lines[3], /^E502 /);
  assert.match(lines[4], /^E502 invalid JWT: .*nbf/);
  assert.equal(lines[5], 'E502 the JWT signature does not verify with this secret');
  assert.match(run.stderr, /^AuthError: invalid JWT: .*\n {2}--> program\.nx:16:3\n {2}= code E502\n$/);
});

test('an auth block allowing "none" is refused where it is declared (E502); a JWT call without any secret is E502', async () => {
  const none = await runSource('auth site { type: "jwt", secret: "s", algorithms: ["none"] }\nprint("unreachable")');
  assert.match(none.stderr, /^AuthError: the auth block allows algorithm 'none'; Loom signs and verifies only HS256, HS384, HS512 \(never 'none'\)\n/);
  const noSecret = await runSource('try {\n  std.auth.jwt_sign({"a": 1})\n} catch (e) {\n  print(e.code)\n}');
  assert.equal(noSecret.stdout, 'E502\n');
});

test('CSRF tokens are bound to their session and expire (E503)', async () => {
  const run = await runSource(`${BLOCK}flow main {
  token = std.auth.csrf_token(session_id: "s1")
  print(std.auth.csrf_validate("s1", token), std.auth.verify_csrf(token: token, session_id: "s1"))
  short = std.auth.csrf_token("s1", 1)
  sleep_ms(1100)
  for each attempt in [[token, "s2"], [short, "s1"], ["garbage", "s1"], [null, "s1"]] {
    try { std.auth.csrf_validate(attempt[1], attempt[0]) } catch (e) { print(e.code, e.message) }
  }
}`);
  assert.equal(run.stderr, '');
  assert.equal(run.stdout, [
    'true true',
    'E503 the CSRF token does not match this session',
    'E503 the CSRF token expired',
    'E503 malformed CSRF token',
    'E503 malformed CSRF token',
    '',
  ].join('\n'));
});

test("the error index's spellings: csrf_generate(session_id) and csrf_validate(session_id, token), E503 on a mismatch", async () => {
  const run = await runSource(`${BLOCK}flow main {
  session_id = "s1"
  csrf_token = std.auth.csrf_generate(session_id)
  print(std.auth.csrf_validate(session_id, csrf_token))
  try { std.auth.csrf_validate("s2", csrf_token) } catch (e) { print(e.code, e.name) }
}`);
  assert.equal(run.stderr, '');
  assert.equal(run.stdout, 'true\nE503 AuthError\n');
});

test('part5 spellings: an auth block secret may be written jwt_secret; csrf_field is the token as a hidden form field', async () => {
  const run = await runSource(`auth my_auth {
    providers: ["google", "github"]
    jwt_secret: "${SECRET}"
    csrf_enabled: true
}
flow main {
  token = std.auth.jwt_sign(claims: {"user_id": "123"})
  print(std.auth.jwt_verify(token: token)["user_id"])
  field = std.auth.csrf_field(session_id: "s1")
  print(field.starts_with("<input type=\\"hidden\\" name=\\"csrf_token\\" value=\\""), std.auth.csrf_validate("s1", field.split("\\"")[5]))
}`);
  assert.equal(run.stderr, '');
  assert.equal(run.stdout, '123\ntrue true\n');
  const both = await runSource('auth a { secret: "x", jwt_secret: "y" }\nprint("unreachable")');
  assert.match(both.stderr, /^AuthError: the auth block gives both secret and jwt_secret; give one\n/);
});
