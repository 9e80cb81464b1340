/**
 * `secrets.nxs`: provider keys and endpoints. The file holds `KEY = "value"` lines, `//`
 * comments and `config NAME { ... }` blocks; `use config NAME;` makes a block's entries win
 * over the top-level ones. The environment fills only what the file lacks. Values are never
 * part of an error message or a trace: errors name the entry, not its content.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { LoomError } from '../../errors.js';

export const SECRETS_FILE_NAME = 'secrets.nxs';
const PROJECT_MARKER_FILE_NAME = 'loom.toml';

export interface SecretsFile {
  readonly entries: ReadonlyMap<string, string>;
  readonly configs: ReadonlyMap<string, ReadonlyMap<string, string>>;
}

const ENTRY = /^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')\s*;?$/;
const CONFIG_OPEN = /^config\s+([A-Za-z_][A-Za-z0-9_]*)\s*\{$/;
const ESCAPE = /\\(.)/g;
const ESCAPED_CHARACTERS: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r' };

/** A `#` line is accepted as a comment too: the Nexa quickstart writes one at the top. */
function stripComment(line: string): string {
  const trimmed = line.trim();
  if (trimmed.startsWith('#')) return '';
  let quote: string | null = null;
  for (let index = 0; index < trimmed.length; index += 1) {
    const char = trimmed[index];
    if (quote !== null) {
      if (char === '\\') index += 1;
      else if (char === quote) quote = null;
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === '/' && trimmed[index + 1] === '/') {
      return trimmed.slice(0, index).trim();
    }
  }
  return trimmed;
}

/** @param fileName used in messages only */
export function parseSecrets(text: string, fileName = SECRETS_FILE_NAME): SecretsFile {
  const entries = new Map<string, string>();
  const configs = new Map<string, Map<string, string>>();
  let current: Map<string, string> | null = null;
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = stripComment(raw);
    if (line === '') continue;
    const where = `${fileName}:${index + 1}`;
    const open = CONFIG_OPEN.exec(line);
    if (open) {
      if (current !== null) throw new LoomError('E101', `${where}: a config block cannot contain another`);
      current = configs.get(open[1]) ?? new Map<string, string>();
      configs.set(open[1], current);
      continue;
    }
    if (line === '}') {
      if (current === null) throw new LoomError('E101', `${where}: '}' closes no config block`);
      current = null;
      continue;
    }
    const entry = ENTRY.exec(line);
    // The line may hold a key, so the message shows where it is, never what it says.
    if (!entry) throw new LoomError('E101', `${where}: expected KEY = "value"`);
    const value = (entry[2] ?? entry[3]).replace(ESCAPE, (_, char: string) => ESCAPED_CHARACTERS[char] ?? char);
    (current ?? entries).set(entry[1], value);
  }
  if (current !== null) throw new LoomError('E101', `${fileName}: a config block is not closed with '}'`);
  return { entries, configs };
}

/** The nearest ancestor of the entry file holding `secrets.nxs` or `loom.toml`, else its directory. */
export function findProjectRoot(entryFile: string): string {
  return findProjectRootFrom(dirname(resolve(entryFile)));
}

/** The same search starting from a directory, as commands without an entry file need. */
export function findProjectRootFrom(startDirectory: string): string {
  const start = resolve(startDirectory);
  for (let directory = start; ; directory = dirname(directory)) {
    if (existsSync(join(directory, SECRETS_FILE_NAME)) || existsSync(join(directory, PROJECT_MARKER_FILE_NAME))) return directory;
    if (dirname(directory) === directory) return start;
  }
}

export interface Secrets {
  get(key: string): string | undefined;
}

export interface SecretsOptions {
  readonly projectRoot: string;
  /** From `use config NAME;`. */
  readonly configName?: string;
  readonly env?: NodeJS.ProcessEnv;
}

export function loadSecrets({ projectRoot, configName, env = process.env }: SecretsOptions): Secrets {
  const path = join(projectRoot, SECRETS_FILE_NAME);
  const file: SecretsFile = existsSync(path) ? parseSecrets(readFileSync(path, 'utf8'), path) : { entries: new Map(), configs: new Map() };
  return selectSecrets(file, configName, env);
}

export function selectSecrets(file: SecretsFile, configName: string | undefined, env: NodeJS.ProcessEnv): Secrets {
  let config: ReadonlyMap<string, string> | undefined;
  if (configName !== undefined) {
    config = file.configs.get(configName);
    if (config === undefined) {
      throw new LoomError('E101', `'use config ${configName};' names a config block that ${SECRETS_FILE_NAME} does not have`);
    }
  }
  return {
    get: (key) => config?.get(key) ?? file.entries.get(key) ?? nonEmpty(env[key]),
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}
