import { rmSync } from 'node:fs';
import { after, afterEach, before } from 'node:test';
import { startFakeModelServer } from './fake-model-server.js';
import type { FakeModelServer } from './fake-model-server.js';

/** What a test made and the fixture removes after it: a ModelProject, or a temp directory. */
export interface Removable {
  remove(): void;
}

/**
 * The setup every agent test file shares: one fake model server per file, and after each test
 * the project that test made is removed and the server is reset. `onStart` receives the server
 * (tests keep it in their own variable); `currentProject` returns the project of the test that
 * just ran, if it made one.
 */
export function useFakeModelServer(onStart: (server: FakeModelServer) => void, currentProject: () => Removable | undefined): void {
  let server: FakeModelServer | undefined;
  before(async () => {
    server = await startFakeModelServer();
    onStart(server);
  });
  after(() => server?.close());
  afterEach(() => {
    currentProject()?.remove();
    server?.reset();
  });
}

/** A temp directory as something the fixture removes. */
export function temporaryDirectory(path: string): Removable {
  return { remove: () => rmSync(path, { recursive: true, force: true }) };
}
