import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The helper scripts/install-system-packages.sh runs for its mbrola group. */
const scriptPath = fileURLToPath(new URL('../../../../scripts/apt-contrib-source.sh', import.meta.url));
const installScriptPath = fileURLToPath(new URL('../../../../scripts/install-system-packages.sh', import.meta.url));
const writtenName = 'lectern-debian-contrib.sources';

interface Run {
  status: number | null;
  stderr: string;
  written: string | null;
}

/** Runs the script against a fake apt directory holding `files` (paths relative to it). */
function runAgainst(files: Record<string, string>, codename = 'bookworm', keep?: (aptDir: string) => void): Run {
  const aptDir = join(mkdtempSync(join(tmpdir(), 'lectern-apt-')), 'apt');
  try {
    mkdirSync(join(aptDir, 'sources.list.d'), { recursive: true });
    for (const [path, text] of Object.entries(files)) writeFileSync(join(aptDir, path), text);
    const run = spawnSync('bash', [scriptPath, codename], { env: { ...process.env, LECTERN_APT_DIR: aptDir }, encoding: 'utf8' });
    keep?.(aptDir);
    let written: string | null = null;
    try {
      written = readFileSync(join(aptDir, 'sources.list.d', writtenName), 'utf8');
    } catch {
      written = null;
    }
    return { status: run.status, stderr: run.stderr, written };
  } finally {
    rmSync(join(aptDir, '..'), { recursive: true, force: true });
  }
}

function fields(source: string | null): Record<string, string> {
  assert.ok(source !== null, 'a source was written');
  return Object.fromEntries(source.trim().split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]));
}

const mirrorSources = `Types: deb
URIs: http://mirror.example.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://mirror.example.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
`;

describe('scripts/apt-contrib-source.sh: contrib and non-free from the system\'s own Debian source', () => {
  it('takes URI and suite from a deb822 .sources file (a mirror), not a fixed host', () => {
    const source = fields(runAgainst({ 'sources.list.d/debian.sources': mirrorSources }).written);
    assert.deepEqual(source, {
      Types: 'deb',
      URIs: 'http://mirror.example.org/debian',
      Suites: 'bookworm',
      Components: 'contrib non-free',
      'Signed-By': '/usr/share/keyrings/debian-archive-keyring.gpg',
    });
  });

  it('takes them from a one-line sources.list, options and a proxy URI included', () => {
    const sourcesList = [
      '# a comment',
      'deb-src http://ignored.example/debian bookworm main',
      'deb [arch=amd64 signed-by=/etc/apt/keyrings/mirror.gpg] http://proxy.internal:3142/debian bookworm main contrib',
      'deb http://proxy.internal:3142/debian-security bookworm-security main',
      '',
    ].join('\n');
    const source = fields(runAgainst({ 'sources.list': sourcesList }).written);
    assert.equal(source.URIs, 'http://proxy.internal:3142/debian');
    assert.equal(source.Suites, 'bookworm');
    assert.equal(source['Signed-By'], '/etc/apt/keyrings/mirror.gpg');
  });

  it('reads sources.list.d/*.list, skips disabled deb822 stanzas and its own earlier output', () => {
    const disabled = 'Types: deb\nURIs: http://disabled.example/debian\nSuites: bookworm\nComponents: main\nEnabled: no\n';
    const earlier = 'Types: deb\nURIs: http://deb.debian.org/debian\nSuites: bookworm\nComponents: main contrib non-free\n';
    const source = fields(runAgainst({
      'sources.list.d/a-disabled.sources': disabled,
      [`sources.list.d/${writtenName}`]: earlier,
      'sources.list.d/mirror.list': 'deb http://list.example/debian bookworm main\n',
    }).written);
    assert.equal(source.URIs, 'http://list.example/debian');
    assert.equal(source.Suites, 'bookworm');
  });

  it('is idempotent: a second run writes the same file', () => {
    let first = '';
    let second = '';
    runAgainst({ 'sources.list.d/debian.sources': mirrorSources }, 'bookworm', (aptDir) => {
      first = readFileSync(join(aptDir, 'sources.list.d', writtenName), 'utf8');
      spawnSync('bash', [scriptPath, 'bookworm'], { env: { ...process.env, LECTERN_APT_DIR: aptDir } });
      second = readFileSync(join(aptDir, 'sources.list.d', writtenName), 'utf8');
    });
    assert.equal(second, first);
    assert.ok(first.includes('mirror.example.org'));
  });

  it('refuses, writing nothing, when no source lists the release\'s main component', () => {
    const run = runAgainst({ 'sources.list.d/debian.sources': mirrorSources }, 'trixie');
    assert.equal(run.status, 69);
    assert.equal(run.written, null);
    assert.match(run.stderr, /trixie/);
  });

  it('is what install-system-packages.sh uses: no fixed archive host left in it', () => {
    const install = readFileSync(installScriptPath, 'utf8');
    assert.ok(!install.includes('deb.debian.org'));
    assert.ok(install.includes('apt-contrib-source.sh'));
  });
});
