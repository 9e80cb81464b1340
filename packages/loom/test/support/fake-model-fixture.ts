import { after, afterEach, before } from 'node:test';
import { startFakeModelServer } from './fake-model-server.js';
import type { FakeModelServer } from './fake-model-server.js';
import type { ModelProject } from './model-project.js';

/**
 * The setup every agent test file shares: one fake model server per file, and after each test
 * the project that test made is removed and the server is reset. `onStart` receives the server
 * (tests keep it in their own variable); `currentProject` returns the project of the test that
 * just ran, if it made one.
 */
export function useFakeModelServer(onStart: (server: FakeModelServer) => void, currentProject: () => ModelProject | undefined): void {
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
