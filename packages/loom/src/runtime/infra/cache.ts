/**
 * The exact response cache under `<project root>/.loom/cache/`. A reply is reused only for a
 * byte-identical request: the key is a sha256 over provider, model, messages, tools and
 * parameters, so any change in prompt, history or settings misses. Hit and miss counts are
 * persisted beside the entries so `loom cache stats` can report them after the run.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const CACHE_DIRECTORY = join('.loom', 'cache');
const ENTRIES_DIRECTORY = 'entries';
const STATS_FILE_NAME = 'stats.json';
const MS_PER_SECOND = 1000;

export interface CacheStats {
  readonly entries: number;
  readonly hits: number;
  readonly misses: number;
  /** Bytes the entries take on disk. */
  readonly bytes: number;
}

/** Everything that decides a reply; two requests with equal parts get the same key. */
export interface CacheKeyParts {
  readonly provider: string;
  readonly model: string;
  readonly messages: unknown;
  readonly tools: unknown;
  readonly parameters: unknown;
}

/** JSON with object keys sorted, so equal requests serialise equally whatever their key order. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
    return Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  });
}

export function cacheKey(parts: CacheKeyParts): string {
  return createHash('sha256').update(canonicalJson(parts)).digest('hex');
}

interface Counters {
  hits: number;
  misses: number;
}

export class ResponseCache {
  private readonly entriesDirectory: string;
  private readonly statsPath: string;

  /** @param directory usually `<project root>/.loom/cache`; created on the first write */
  constructor(readonly directory: string) {
    this.entriesDirectory = join(directory, ENTRIES_DIRECTORY);
    this.statsPath = join(directory, STATS_FILE_NAME);
  }

  static forProject(projectRoot: string): ResponseCache {
    return new ResponseCache(join(projectRoot, CACHE_DIRECTORY));
  }

  /**
   * The stored value for `key`, counting a hit or a miss. With `maxAgeSeconds` (an agent's
   * `cache_ttl`), an entry written longer ago than that is a miss, and the next put replaces it.
   */
  get(key: string, maxAgeSeconds?: number): unknown {
    let value: unknown;
    try {
      const path = this.entryPath(key);
      const expired = maxAgeSeconds !== undefined && Date.now() - statSync(path).mtimeMs > maxAgeSeconds * MS_PER_SECOND;
      value = expired ? undefined : JSON.parse(readFileSync(path, 'utf8'));
    } catch {
      // absent, or not JSON (edited by hand): either way a miss, and the next put replaces it
      value = undefined;
    }
    this.count(value === undefined ? 'misses' : 'hits');
    return value;
  }

  put(key: string, value: unknown): void {
    writeAtomically(this.entryPath(key), JSON.stringify(value));
  }

  stats(): CacheStats {
    let entries = 0;
    let bytes = 0;
    for (const name of listOrEmpty(this.entriesDirectory)) {
      entries += 1;
      bytes += statSync(join(this.entriesDirectory, name)).size;
    }
    return { entries, bytes, ...this.load() };
  }

  clear(): void {
    rmSync(this.directory, { recursive: true, force: true });
  }

  private entryPath(key: string): string {
    return join(this.entriesDirectory, `${key}.json`);
  }

  /**
   * Read fresh each time: other runtimes and processes update the same file. Two processes
   * counting at the same instant may lose one count; the counts are statistics, not ledgers.
   */
  private load(): Counters {
    try {
      const stored = JSON.parse(readFileSync(this.statsPath, 'utf8')) as Partial<Counters>;
      return { hits: Number(stored.hits) || 0, misses: Number(stored.misses) || 0 };
    } catch {
      return { hits: 0, misses: 0 };
    }
  }

  private count(outcome: keyof Counters): void {
    const counters = this.load();
    counters[outcome] += 1;
    writeAtomically(this.statsPath, JSON.stringify(counters));
  }
}

function listOrEmpty(directory: string): string[] {
  try {
    return readdirSync(directory).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
}

let temporarySequence = 0;

/** Write-then-rename, so a reader never sees half an entry. */
function writeAtomically(path: string, text: string): void {
  const directory = join(path, '..');
  mkdirSync(directory, { recursive: true });
  temporarySequence += 1;
  const temporary = `${path}.${process.pid}.${temporarySequence}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}
