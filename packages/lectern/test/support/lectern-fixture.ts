import { after, before } from 'node:test';
import { LecternClient } from './http-client.js';
import { LecternProcess } from './lectern-process.js';
import type { StartOptions } from './lectern-process.js';

/**
 * The setup most acceptance suites share: one Lectern started through the CLI before the
 * suite's tests, with a client holding its token, and disposed after them. `onStart` hands
 * both to the suite, which keeps them in its own variables.
 */
export function useLectern(onStart: (lectern: LecternProcess, client: LecternClient) => void, options: StartOptions = {}): void {
  let started: LecternProcess | undefined;
  before(async () => {
    started = await LecternProcess.start(options);
    onStart(started, new LecternClient(started.baseUrl, started.token));
  });
  after(() => started?.dispose());
}
