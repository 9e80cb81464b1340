import { randomBytes } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { server } from '../config.js';

export interface ConnectionInfo {
  port: number;
  token: string;
  pid: number;
  version: string;
}

export function connectionFilePath(dataDir: string): string {
  return join(dataDir, server.connectionFileName);
}

/**
 * Writes `connection.json` so the desktop host can read port and token. Written to a private
 * temp file and renamed into place: a reader sees the whole file or none, never a torn one.
 */
export function writeConnectionFile(dataDir: string, info: ConnectionInfo): string {
  const target = connectionFilePath(dataDir);
  const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temp, `${JSON.stringify(info)}\n`, { mode: server.privateFileMode, flag: 'wx' });
  renameSync(temp, target);
  return target;
}

export function removeConnectionFile(dataDir: string): void {
  rmSync(connectionFilePath(dataDir), { force: true });
}
