import { unwrap, type Model } from '../api/client.js';
import type { ModelsRuntime } from '../api/contract-only.js';
import { ensureOk, type Backend } from './backend.js';
import type { Feedback } from './feedback.js';
import type { WorkspaceStore } from './state.js';

/** The models tab: the catalogue with its installations, and the runtime that serves them. */
export class ModelsController {
  constructor(
    private readonly store: WorkspaceStore,
    private readonly backend: Backend,
    private readonly feedback: Feedback,
  ) {}

  async load(): Promise<void> {
    await this.feedback.attempt(async () => {
      const { items } = await unwrap(this.backend.api.GET('/api/v2/models'));
      this.store.update({ models: items });
    });
  }

  /** `GET /models/runtime`; quietly absent on a Lectern without it (404). */
  async loadRuntime(): Promise<void> {
    // Not in the OpenAPI document yet (api/contract-only.ts), hence the untyped fetch.
    const response = await this.backend.fetch('/api/v2/models/runtime');
    if (response.ok) this.store.update({ runtime: (await response.json()) as ModelsRuntime });
  }

  async start(id: string): Promise<void> {
    await this.feedback.attempt(async () => {
      const response = await this.backend.fetch(`/api/v2/models/${encodeURIComponent(id)}/start`, { method: 'POST' });
      await ensureOk(response);
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
  acceptRuntime(runtime: ModelsRuntime): void {
    this.store.update({ runtime });
  }
}
