import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { LoomError } from '../../../src/errors.js';
import { findProjectRoot, loadSecrets, parseSecrets, selectSecrets } from '../../../src/runtime/infra/secrets.js';

const SAMPLE = `// provider keys
OPENAI_API_KEY = "sk-top"   // trailing comment
DEEPSEEK_API_KEY = "sk-with//slashes"
QUOTED = "say \\"hi\\""

config staging {
    OPENAI_API_KEY = "sk-staging"
    OPENAI_BASE_URL = "http://127.0.0.1:9/v1"
}
`;

const temporary = mkdtempSync(join(tmpdir(), 'loom-secrets-'));
after(() => rmSync(temporary, { recursive: true, force: true }));

function failure(text: string): LoomError {
  try {
    parseSecrets(text);
  } catch (error) {
    assert.ok(error instanceof LoomError);
    return error;
  }
  assert.fail('expected the file to be rejected');
}

describe('secrets.nxs', () => {
  it('reads entries, comments, escapes and config blocks', () => {
    const file = parseSecrets(SAMPLE);
    assert.equal(file.entries.get('OPENAI_API_KEY'), 'sk-top');
    assert.equal(file.entries.get('DEEPSEEK_API_KEY'), 'sk-with//slashes');
    assert.equal(file.entries.get('QUOTED'), 'say "hi"');
    assert.equal(file.configs.get('staging')?.get('OPENAI_API_KEY'), 'sk-staging');
  });

  it('lets the selected config win, then the top level, then the environment', () => {
    const env = { OPENAI_API_KEY: 'sk-env', ANTHROPIC_API_KEY: 'sk-env-anthropic', EMPTY_KEY: '' };
    const staging = selectSecrets(parseSecrets(SAMPLE), 'staging', env);
    assert.equal(staging.get('OPENAI_API_KEY'), 'sk-staging');
    assert.equal(staging.get('DEEPSEEK_API_KEY'), 'sk-with//slashes');
    assert.equal(staging.get('ANTHROPIC_API_KEY'), 'sk-env-anthropic');
    assert.equal(staging.get('EMPTY_KEY'), undefined);
    assert.equal(selectSecrets(parseSecrets(SAMPLE), undefined, env).get('OPENAI_API_KEY'), 'sk-top');
  });

  it('reports an unknown config name as E101', () => {
    assert.throws(() => selectSecrets(parseSecrets(SAMPLE), 'prod', {}), /'use config prod;' names a config block that secrets.nxs does not have/);
  });

  it('reports malformed lines by position without echoing them', () => {
    const error = failure('OPENAI_API_KEY = sk-unquoted-secret\n');
    assert.equal(error.code, 'E101');
    assert.equal(error.message, 'secrets.nxs:1: expected KEY = "value"');
    assert.match(failure('config a {\nX = "1"\n').message, /not closed/);
    assert.match(failure('}\n').message, /closes no config block/);
  });

  it('finds the project root at the nearest ancestor with secrets.nxs or loom.toml', () => {
    const project = join(temporary, 'project');
    mkdirSync(join(project, 'flows', 'deep'), { recursive: true });
    writeFileSync(join(project, 'loom.toml'), '');
    assert.equal(findProjectRoot(join(project, 'flows', 'deep', 'main.nx')), project);
    writeFileSync(join(project, 'flows', 'secrets.nxs'), 'A = "1"\n');
    assert.equal(findProjectRoot(join(project, 'flows', 'deep', 'main.nx')), join(project, 'flows'));
  });

  it('uses the entry file directory when no ancestor qualifies, and the environment alone without a file', () => {
    const lonely = mkdtempSync(join(tmpdir(), 'loom-lonely-'));
    try {
      assert.equal(findProjectRoot(join(lonely, 'main.nx')), lonely);
      assert.equal(loadSecrets({ projectRoot: lonely, env: { OLLAMA_BASE_URL: 'http://x' } }).get('OLLAMA_BASE_URL'), 'http://x');
    } finally {
      rmSync(lonely, { recursive: true, force: true });
    }
  });
});
