import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';

const repoRoot = new URL('../../../../', import.meta.url).pathname;
const generator = join(repoRoot, 'scripts', 'make-tiny-gguf.py');

/** node-llama-cpp's own copy of the llama.cpp sources, a git bundle inside the package. */
function llamaCppBundle(): string {
  const require = createRequire(join(repoRoot, 'packages', 'lectern', 'package.json'));
  // Its exports map hides package.json: walk up from the entry module to the package folder.
  let packageDir = dirname(require.resolve('node-llama-cpp'));
  while (basename(packageDir) !== 'node-llama-cpp') packageDir = dirname(packageDir);
  return join(packageDir, 'llama', 'gitRelease.bundle');
}

/**
 * A tiny random-weight llama GGUF (about 0.5 MB) made by scripts/make-tiny-gguf.py with the
 * gguf-py of the llama.cpp release node-llama-cpp bundles, plus numpy. Cached under the OS temp
 * folder by a hash of the generator and the bundle, so a machine builds it once per version.
 * `endless` makes a model that never ends its reply by itself (runs to the token limit).
 */
export function tinyGguf(options: { endless?: boolean } = {}): Buffer {
  const bundle = llamaCppBundle();
  const key = createHash('sha256')
    .update(readFileSync(generator))
    .update(String(readFileSync(bundle).length))
    .update(options.endless ? 'endless' : 'ends')
    .digest('hex')
    .slice(0, 16);
  const cacheDir = join(tmpdir(), 'lectern-tiny-gguf');
  const path = join(cacheDir, `${key}.gguf`);
  if (!existsSync(path)) {
    mkdirSync(cacheDir, { recursive: true });
    const work = join(cacheDir, `work-${process.pid}-${key}`);
    rmSync(work, { recursive: true, force: true });
    try {
      execFileSync('git', ['clone', '--quiet', '--depth', '1', bundle, join(work, 'llama.cpp')], { stdio: 'pipe' });
      const args = [generator, join(work, 'model.gguf'), join(work, 'llama.cpp', 'gguf-py')];
      if (options.endless) args.push('--endless');
      execFileSync('python3', args, { stdio: 'pipe' });
      // Another test process may be making the same file: the rename makes either copy whole.
      renameSync(join(work, 'model.gguf'), path);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  return readFileSync(path);
}
