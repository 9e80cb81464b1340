// Preloaded with `--import` into a Lectern started by a test: records every module the process
// loaded before it printed its ready line — the ES modules it resolved and the CommonJS modules
// it required (the CLI bundle is one, and it requires the packages kept out of it) — and writes
// their URLs (one a line) to the file named by LECTERN_TEST_MODULE_TRACE. Plain JavaScript: the
// child may run the bundle, without tsx.
import { writeFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import { pathToFileURL } from 'node:url';
import { MessageChannel } from 'node:worker_threads';

const tracePath = process.env.LECTERN_TEST_MODULE_TRACE;
if (tracePath) {
  const { port1, port2 } = new MessageChannel();
  const resolved = [];
  port1.on('message', (message) => resolved.push(message));
  port1.unref();
  register('./hooks.mjs', import.meta.url, { data: { port: port2 }, transferList: [port2] });

  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = (chunk, ...rest) => {
    if (String(chunk).includes('"event":"ready"')) {
      const readyAtMs = Date.now();
      // Node's CommonJS cache, shared by every require: what has been required so far.
      const required = Object.keys(createRequire(import.meta.url).cache).map((path) => pathToFileURL(path).href);
      // The hooks run on their own thread: let messages sent before the ready line arrive.
      const traced = () => [...resolved.filter((m) => m.atMs <= readyAtMs).map((m) => m.url), ...required];
      setTimeout(() => writeFileSync(tracePath, traced().join('\n')), 300).unref();
    }
    return write(chunk, ...rest);
  };
}
