/**
 * Preloaded with `node --import` by the start-up tests: appends the URL of every module the
 * process loads through the ES module loader (Loom's bundle and chunks, Node's builtins, and
 * each npm package an ES module imports, CommonJS ones included) to the file named by
 * LOOM_LOADED_MODULES_FILE. The same file is the loader hooks module: register() runs it again
 * on the hooks thread, where it only records. It appends synchronously as each module loads, so
 * the list is complete even for a process that exits at once.
 */
import { appendFileSync } from 'node:fs';
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

let listFile = '';

export function initialize(data) {
  listFile = data.listFile;
}

export async function load(url, context, nextLoad) {
  appendFileSync(listFile, `${url}\n`);
  return nextLoad(url, context);
}

if (isMainThread) register(import.meta.url, { data: { listFile: process.env.LOOM_LOADED_MODULES_FILE } });
