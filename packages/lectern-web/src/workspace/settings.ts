import { failureOf, unwrap, type Settings } from '../api/client.js';
import { WorkspaceController } from './controller.js';
import { messageOf } from './feedback.js';
import type { ConnectionTest } from './state.js';

/** The settings tab: Lectern's settings, the stored credentials, and the assistant connection test. */
export class SettingsController extends WorkspaceController {
  async load(): Promise<void> {
    await this.feedback.attempt(async () => {
      const [settings, credentials] = await Promise.all([unwrap(this.backend.api.GET('/api/v2/settings')), unwrap(this.backend.api.GET('/api/v2/credentials'))]);
      this.store.update({ settings, credentials: credentials.items });
    });
  }

  /** A `settings.updated` frame: re-read, unless the tab was never opened (nothing shown to refresh). */
  acceptUpdated(): void {
    if (this.store.state.settings) void this.load();
  }

  async save(patch: Partial<Settings>): Promise<boolean> {
    // The server takes a partial document; the generated type describes the full one.
    const settings = await this.feedback.attempt(() => unwrap(this.backend.api.PUT('/api/v2/settings', { body: patch as Settings })));
    if (settings) {
      this.store.update({ settings });
      this.feedback.showNotice('settingsSaved');
    }
    return settings !== undefined;
  }

  async putCredential(name: string, value: string): Promise<void> {
    const done = await this.feedback.attempt(() => unwrap(this.backend.api.PUT('/api/v2/credentials/{name}', { params: { path: { name } }, body: { value } })));
    if (done) await this.load();
  }

  async deleteCredential(name: string): Promise<void> {
    const done = await this.feedback.attempt(() => unwrap(this.backend.api.DELETE('/api/v2/credentials/{name}', { params: { path: { name } } })));
    if (done) await this.load();
  }

  /**
   * Shows the test's outcome in the tab rather than as the page's error: a failed test is an
   * answer (with the provider and model it tried), not a failure of the page.
   */
  async testConnection(): Promise<void> {
    this.store.update({ connectionTest: null });
    const { data, error, response } = await this.backend.api.POST('/api/v2/assistant/test');
    if (response.ok && data) {
      this.store.update({ connectionTest: { ...data, ok: true } as ConnectionTest, error: null });
      return;
    }
    const failure = failureOf(response, error);
    const detail = (error ?? {}) as Partial<ConnectionTest>;
    this.store.update({ connectionTest: { ok: false, provider: detail.provider, model: detail.model, total_ms: detail.total_ms, message: messageOf(failure) } });
  }
}
