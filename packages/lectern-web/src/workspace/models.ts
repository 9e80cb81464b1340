import { unwrap, type Model, type ModelRuntime } from '../api/client.js';
import { WorkspaceController } from './controller.js';

/** The models tab: the catalogue with its installations, and the runtime that serves them. */
export class ModelsController extends WorkspaceController {
  async load(): Promise<void> {
    await this.feedback.attempt(async () => {
      const { items } = await unwrap(this.backend.api.GET('/api/v2/models'));
      this.store.update({ models: items });
    });
  }

  /** `GET /models/runtime`. Throws on failure: `start` reports it, the tab's read on opening (ModelsPanel) ignores it. */
  async loadRuntime(): Promise<void> {
    this.store.update({ runtime: await unwrap(this.backend.api.GET('/api/v2/models/runtime')) });
  }

  async start(id: string): Promise<void> {
    await this.feedback.attempt(async () => {
      await unwrap(this.backend.api.POST('/api/v2/models/{id}/start', { params: { path: { id } } }));
      await this.loadRuntime();
    });
  }

  async install(id: string): Promise<void> {
    const model = await this.feedback.attempt(() => unwrap(this.backend.api.POST('/api/v2/models/{id}/install', { params: { path: { id } } })));
    if (model) this.accept(model);
  }

  async cancelInstall(id: string): Promise<void> {
    const model = await this.feedback.attempt(() => unwrap(this.backend.api.DELETE('/api/v2/models/{id}/install', { params: { path: { id } } })));
    if (model) this.accept(model);
  }

  /** A model's new record (an answer, or a `model.installation` frame): replaces the listed one, or joins the list. */
  accept(model: Model): void {
    this.store.update((state) => ({
      models: state.models.some((m) => m.id === model.id) ? state.models.map((m) => (m.id === model.id ? model : m)) : [...state.models, model],
    }));
  }

  /** A `models.runtime` frame. */
  acceptRuntime(runtime: ModelRuntime): void {
    this.store.update({ runtime });
  }
}
