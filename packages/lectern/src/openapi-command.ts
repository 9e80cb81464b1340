import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { buildApp } from './app.js';
import { generateToken } from './platform/auth.js';
import { openDatabase } from './platform/db.js';

/**
 * `lectern openapi`: the OpenAPI document a running instance serves, printed without starting
 * one (no port, no user data: a throw-away data dir). The web workspace's typed client is
 * generated from it at build time, and third-party tools can generate theirs the same way.
 */
export async function printOpenApiDocument(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lectern-openapi-'));
  try {
    const db = openDatabase(dataDir);
    const token = generateToken();
    const { server } = await buildApp({ db, dataDir, token, logger: pino({ level: 'silent' }), environment: {} });
    try {
      const response = await server.inject({ method: 'GET', url: '/api/v2/openapi.json', headers: { authorization: `Bearer ${token}`, host: '127.0.0.1' } });
      process.stdout.write(`${JSON.stringify(JSON.parse(response.body), null, 2)}\n`);
    } finally {
      await server.close();
      db.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
