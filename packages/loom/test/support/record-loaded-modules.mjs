/**
 * Preloaded with `node --import` by the start-up tests: appends the URL of every module the
 * process loads through the ES module loader (Loom's launcher and facades, Node's builtins, and
 * each npm package an ES module imports, CommonJS ones included) to the file named by
 * LOOM_LOADED_MODULES_FILE. The same file is the loader hooks module: register() runs it again
 * on the hooks thread, where it only records. It appends synchronously as each module loads, so
 * the list is complete even for a process that exits at once.
 *
 * Loom's CLI bundle is a CommonJS script, and the packages it requires never pass the ES module
 * loader, so the main thread also appends, as the process exits, every file in the CommonJS
 * module cache.
 */
import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import { pathToFileURL } from 'node:url';
import { isMainThread } from 'node:worker_threads';

let listFile = '';

export function initialize(data) {
  listFile = data.listFile;
}

export async function load(url, context, nextLoad) {
  appendFileSync(listFile, `${url}\n`);
  return nextLoad(url, context);
}

if (isMainThread) {
  const file = process.env.LOOM_LOADED_MODULES_FILE;
  register(import.meta.url, { data: { listFile: file } });
  const requireCache = createRequire(import.meta.url).cache;
  process.once('exit', () => {
    const urls = Object.keys(requireCache).map((path) => `${pathToFileURL(path).href}\n`);
    appendFileSync(file, urls.join(''));
  });
}
