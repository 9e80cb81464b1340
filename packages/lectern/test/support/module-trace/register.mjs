// Preloaded with `--import` into a Lectern started by a test: records every module URL the
// process resolves before it prints its ready line, and writes them (one a line) to the file
// named by LECTERN_TEST_MODULE_TRACE. Plain JavaScript: the child may run the bundle, without tsx.
import { writeFileSync } from 'node:fs';
import { register } from 'node:module';
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
      // The hooks run on their own thread: let messages sent before the ready line arrive.
      setTimeout(() => writeFileSync(tracePath, resolved.filter((m) => m.atMs <= readyAtMs).map((m) => m.url).join('\n')), 300).unref();
    }
    return write(chunk, ...rest);
  };
}
