import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ImportConfigResult } from '../../../src/features/legacy/schemas.js';
import type { Settings } from '../../../src/features/settings/schemas.js';
import { startFeatureServer, type FeatureServer } from '../../support/feature-server.js';

interface CredentialList {
  items: { name: string; configured: boolean; read_only: boolean }[];
}

const legacyEnv = [
  '# Lectern 1.x settings',
  'LLM_BASE_URL=https://api.deepseek.com/v1',
  'LLM_MODEL="deepseek-chat"',
  'LLM_API_KEY=sk-live-0123456789abcdef',
  'DASHSCOPE_API_KEY=your_dashscope_api_key_here',
  'SEED_APP_ID=',
  'SEED_ACCESS_TOKEN=<token>',
  'ASR_API_KEY=asr-real-key-42',
  '',
].join('\n');

describe('POST /import-config: a Lectern 1.x .env', () => {
  let directory: string;
  const features = ['legacy', 'settings', 'credentials'] as const;

  before(() => {
    directory = mkdtempSync(join(tmpdir(), 'lectern-1x-env-'));
  });
  after(() => rmSync(directory, { recursive: true, force: true }));

  function envFile(name: string, text: string): string {
    const path = join(directory, name);
    writeFileSync(path, text);
    return path;
  }
  const importConfig = (feature: FeatureServer, path: string) => feature.inject({ method: 'POST', url: '/api/v2/import-config', payload: { path } });
  const configured = async (feature: FeatureServer) =>
    (await feature.inject({ method: 'GET', url: '/api/v2/credentials' })).json<CredentialList>().items.filter((c) => c.configured).map((c) => c.name).sort();

  it('fills a fresh profile: settings (byok with a real key), real keys only; the file is left untouched; a second run changes nothing', async () => {
    const feature = await startFeatureServer(features);
    try {
      const path = envFile('.env', legacyEnv);
      const before = statSync(path).mtimeMs;
      const response = await importConfig(feature, path);
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json<ImportConfigResult>(), { settings_imported: true, credential_names: ['llm', 'asr'] });
      const settings = (await feature.inject({ method: 'GET', url: '/api/v2/settings' })).json<Settings>();
      assert.deepEqual([settings.llm.mode, settings.llm.base_url, settings.llm.model], ['byok', 'https://api.deepseek.com/v1', 'deepseek-chat']);
      assert.deepEqual(await configured(feature), ['asr', 'llm']);
      assert.equal(feature.services.credentials.reveal('llm'), 'sk-live-0123456789abcdef');
      assert.equal(readFileSync(path, 'utf8'), legacyEnv);
      assert.equal(statSync(path).mtimeMs, before);

      const again = (await importConfig(feature, path)).json<ImportConfigResult>();
      assert.deepEqual(again, { settings_imported: false, credential_names: [] });
    } finally {
      await feature.close();
    }
  });

  it('saved settings and stored or environment-provided keys win', async () => {
    const feature = await startFeatureServer(features, { environment: { LECTERN_ASR_KEY: 'from-the-environment' } });
    try {
      feature.services.settings.update({ llm: { model: 'my-own-model' } });
      feature.services.credentials.put('llm', 'sk-stored-by-the-user');
      const result = (await importConfig(feature, envFile('.env', legacyEnv))).json<ImportConfigResult>();
      assert.deepEqual(result, { settings_imported: false, credential_names: [] });
      const settings = (await feature.inject({ method: 'GET', url: '/api/v2/settings' })).json<Settings>();
      assert.equal(settings.llm.model, 'my-own-model');
      assert.equal(settings.llm.mode, 'builtin');
      assert.equal(feature.services.credentials.reveal('llm'), 'sk-stored-by-the-user');
    } finally {
      await feature.close();
    }
  });

  it('422 for a template, a missing file, a relative path or a file over 128 KiB; an invalid setting imports nothing at all', async () => {
    const feature = await startFeatureServer(features);
    try {
      const refusals = [
        envFile('.env.example', legacyEnv),
        join(directory, 'missing.env'),
        'relative/.env',
        envFile('big.env', `${legacyEnv}# ${'x'.repeat(128 * 1024)}\n`),
      ];
      for (const path of refusals) {
        const response = await importConfig(feature, path);
        assert.equal(response.statusCode, 422, path);
        assert.equal(response.json<{ error: string }>().error, 'invalid_request');
      }
      const invalid = await importConfig(feature, envFile('invalid.env', 'LLM_BASE_URL=http://remote.host.test/v1\nLLM_API_KEY=sk-live-key-123\n'));
      assert.equal(invalid.statusCode, 422, invalid.body);
      assert.deepEqual(await configured(feature), [], 'the key was rolled back with the settings');
      assert.equal(feature.services.settings.everSaved(), false);
    } finally {
      await feature.close();
    }
  });
});
