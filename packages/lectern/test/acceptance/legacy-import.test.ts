import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ImportConfigResult, ImportFolderResult } from '../../src/features/legacy/schemas.js';
import type { Note } from '../../src/features/notes/schemas.js';
import type { Session } from '../../src/features/sessions/schemas.js';
import type { Settings } from '../../src/features/settings/schemas.js';
import { englishFolder } from '../features/legacy/legacy-folders.js';
import { LecternClient } from '../support/http-client.js';
import { LecternProcess, createTempDataDir, removeTempDataDir } from '../support/lectern-process.js';

describe('legacy import through the CLI-started server', () => {
  it('imports a 1.x folder and its .env once; after a restart the same folder adds nothing and the data is all there', async () => {
    const dataDir = createTempDataDir();
    const folder = englishFolder();
    const envFile = join(folder, '.env');
    const envText = 'LLM_BASE_URL=https://api.deepseek.com/v1\nLLM_MODEL=deepseek-chat\nLLM_API_KEY=sk-legacy-0123456789abcdef\n';
    writeFileSync(envFile, envText);
    try {
      const first = await LecternProcess.start({ dataDir });
      let imported: ImportFolderResult;
      try {
        const client = new LecternClient(first.baseUrl, first.token);
        const response = await client.post<ImportFolderResult>('/api/v2/import', { directory: folder });
        assert.equal(response.status, 200, JSON.stringify(response.body));
        imported = response.body;
        assert.equal(imported.already_imported, 0);
        assert.ok(imported.session_id);
        assert.equal(imported.materials, 1);

        const config = await client.post<ImportConfigResult>('/api/v2/import-config', { path: envFile });
        assert.equal(config.status, 200, JSON.stringify(config.body));
        assert.equal(config.body.settings_imported, true);
        assert.deepEqual(config.body.credential_names, ['llm']);
        assert.doesNotMatch(JSON.stringify(config.body), /sk-legacy/, 'the key is never echoed');
      } finally {
        await first.stop();
      }
      assert.doesNotMatch(first.stderrTail, /sk-legacy/, 'the key is never logged');

      const second = await LecternProcess.start({ dataDir });
      try {
        const client = new LecternClient(second.baseUrl, second.token);
        const again = await client.post<ImportFolderResult>('/api/v2/import', { directory: folder });
        assert.equal(again.status, 200);
        assert.deepEqual(
          { materials: again.body.materials, notes: again.body.notes, session_id: again.body.session_id },
          { materials: 0, notes: 0, session_id: imported.session_id },
          'idempotent by content across restarts, naming the session the first import made',
        );
        assert.ok(again.body.already_imported > 0);

        const session = (await client.get<Session>(`/api/v2/sessions/${imported.session_id}`)).body;
        assert.equal(session.source, 'import');
        assert.equal(session.status, 'stopped');
        assert.equal(session.course_name, 'Calculus I');
        const notes = (await client.get<{ items: Note[] }>(`/api/v2/sessions/${imported.session_id}/summaries`)).body.items;
        assert.ok(notes.some((note) => note.markdown.includes('outer derivative times inner derivative')));
        const settings = (await client.get<Settings>('/api/v2/settings')).body;
        assert.deepEqual([settings.llm.mode, settings.llm.model], ['byok', 'deepseek-chat']);
        const credentials = (await client.get<{ items: { name: string; configured: boolean }[] }>('/api/v2/credentials')).body;
        assert.ok(credentials.items.some((c) => c.name === 'llm' && c.configured), 'the imported key outlived the restart');
      } finally {
        await second.stop();
      }
      assert.equal(readFileSync(envFile, 'utf8'), envText, 'the .env file is left untouched');
    } finally {
      removeTempDataDir(dataDir);
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
