import type { CacheStats } from '../../runtime/infra/cache.js';
import { UsageError } from '../command.js';
import type { Command } from '../command.js';
import { ExitCode } from '../exit-codes.js';

const ACTIONS = ['stats', 'clear'] as const;

function describeStats(stats: CacheStats): string {
  return `entries: ${stats.entries}\nhits: ${stats.hits}\nmisses: ${stats.misses}\nbytes: ${stats.bytes}\n`;
}

export const cacheCommand: Command = {
  name: 'cache',
  summary: 'Show statistics of the model response cache, or clear it',
  description:
    "ACTION is 'stats' or 'clear'. The cache lives in .loom/cache/ under the project root: the " +
    'nearest ancestor of DIR (default: the current directory) holding secrets.nxs or loom.toml, ' +
    "else DIR itself. 'stats' prints the number of entries, hits, misses and the bytes the " +
    "entries take; 'clear' deletes every entry and resets the counts.",
  arguments: [{ name: 'ACTION' }],
  options: {
    dir: { type: 'string', description: 'Start the project root search here instead of the current directory', valueName: 'DIR' },
    json: { type: 'boolean', description: "Print 'stats' as one JSON object" },
  },
  async run({ arguments: [action], options }, io) {
    if (!(ACTIONS as readonly string[]).includes(action)) {
      throw new UsageError(`unknown cache action '${action}': use ${ACTIONS.map((name) => `'${name}'`).join(' or ')}`, 'cache');
    }
    const { ResponseCache, findProjectRootFrom } = await import('../toolchain.js');
    const start = typeof options.dir === 'string' ? options.dir : process.cwd();
    const cache = ResponseCache.forProject(findProjectRootFrom(start));
    const stats = cache.stats();
    if (action === 'clear') {
      cache.clear();
      io.stdout.write(`cleared ${stats.entries} entries (${stats.bytes} bytes) from ${cache.directory}\n`);
    } else {
      io.stdout.write(options.json === true ? `${JSON.stringify(stats)}\n` : describeStats(stats));
    }
    return ExitCode.ok;
  },
};
