import { closeSync, fsyncSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { summarise, type LatencySummary } from './stats.js';

const fsyncSamples = 200;
/** One SQLite page: about what a WAL commit of one small entry writes. */
const writeBytes = 4096;

/**
 * What the disk alone charges for a durable write: write one page and fsync it, many times.
 * A durable append can never beat this, so it frames the append figures.
 */
export function measureFsync(dir: string): LatencySummary {
  const path = join(dir, 'fsync-baseline.tmp');
  const fd = openSync(path, 'w');
  const page = Buffer.alloc(writeBytes, 1);
  const samples: number[] = [];
  try {
    for (let i = 0; i < fsyncSamples; i++) {
      writeSync(fd, page);
      const startMs = performance.now();
      fsyncSync(fd);
      samples.push(performance.now() - startMs);
    }
  } finally {
    closeSync(fd);
    rmSync(path, { force: true });
  }
  return summarise(samples);
}
