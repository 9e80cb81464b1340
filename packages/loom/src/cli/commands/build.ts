import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { UsageError } from '../command.js';
import type { Command } from '../command.js';
import { ExitCode } from '../exit-codes.js';

const DEFAULT_OUT_DIR = 'dist';

export const buildCommand: Command = {
  name: 'build',
  summary: 'Compile a file to a JavaScript module with a source map',
  description:
    `Checks FILE and writes its JavaScript module (NAME.mjs) and source map (NAME.mjs.map) to ` +
    `DIR, by default ${DEFAULT_OUT_DIR}/ under the current directory. The output never goes next to ` +
    'or over a source file: an --out-dir that is the directory of FILE is refused. Run the module ' +
    'with `node --import tsx DIR/NAME.mjs`.\n\n' +
    'Exit status: 0 written, 2 compile error, 64 usage error.',
  arguments: [{ name: 'FILE' }],
  options: {
    'out-dir': { type: 'string', valueName: 'DIR', description: `Directory for the module and its map (default ${DEFAULT_OUT_DIR})` },
  },
  async run({ arguments: [file], options }, io) {
    const outDir = resolve(typeof options['out-dir'] === 'string' ? options['out-dir'] : DEFAULT_OUT_DIR);
    if (outDir === dirname(resolve(file))) {
      throw new UsageError(`--out-dir '${outDir}' is the directory of '${file}'; the build never writes next to a source file`, 'build');
    }
    const { compileToModule, moduleFileName, withLoadPhaseHeap } = await import('../toolchain.js');
    const generated = withLoadPhaseHeap(() => compileToModule(file, io));
    if (generated === undefined) return ExitCode.compileError;
    const fileName = moduleFileName(file);
    mkdirSync(outDir, { recursive: true });
    const modulePath = join(outDir, fileName);
    writeFileSync(modulePath, `${generated.code}//# sourceMappingURL=${fileName}.map\n`);
    writeFileSync(`${modulePath}.map`, JSON.stringify(generated.map));
    io.stdout.write(`${file}: wrote ${modulePath} and ${modulePath}.map\n`);
    return ExitCode.ok;
  },
};
