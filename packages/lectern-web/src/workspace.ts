import type { Entry, EventFrame, Session } from './api/client.js';
import type { ContractOnlyFrame } from './api/contract-only.js';
import { EventStream } from './api/events.js';
import { Store } from './store.js';
import { AssistantController } from './workspace/assistant.js';
import { AudioController } from './workspace/audio.js';
import { Backend } from './workspace/backend.js';
import { ClassController } from './workspace/class-session.js';
import { Feedback } from './workspace/feedback.js';
import { MaterialsController } from './workspace/materials.js';
import { ModelsController } from './workspace/models.js';
import { NotesController } from './workspace/notes.js';
import { SettingsController } from './workspace/settings.js';
import { initialState, type WorkspaceState, type WorkspaceStore } from './workspace/state.js';

/**
 * Everything the page does, as operations on the public API and reactions to the events
 * socket, kept in one store the components render. No component talks to the API itself.
 */
export class Workspace {
  readonly store: WorkspaceStore = new Store<WorkspaceState>(initialState);
  readonly feedback = new Feedback(this.store);
  private readonly backend: Backend;
  readonly models: ModelsController;
  readonly settings: SettingsController;
  readonly materials: MaterialsController;
  readonly notes: NotesController;
  readonly assistant: AssistantController;
  readonly classSession: ClassController;
  readonly audio: AudioController;
  private events: EventStream | null = null;

  constructor(baseUrl: string, token: string) {
    this.backend = new Backend(baseUrl, token);
    this.models = new ModelsController(this.store, this.backend, this.feedback);
    this.settings = new SettingsController(this.store, this.backend, this.feedback);
    this.materials = new MaterialsController(this.store, this.backend, this.feedback);
    this.notes = new NotesController(this.store, this.backend, this.feedback);
    this.assistant = new AssistantController(this.store, this.backend, this.feedback);
    this.classSession = new ClassController(this.store, this.backend, this.feedback, { assistant: this.assistant, notes: this.notes });
    this.audio = new AudioController(this.store, this.backend, this.feedback, this.classSession);
  }

  get state(): WorkspaceState {
    return this.store.state;
  }

  connect(): void {
    const url = `${this.backend.baseUrl.replace(/^http/, 'ws')}/api/v2/events`;
    this.events = new EventStream({
      url,
      token: this.backend.token,
      onState: (connection) => this.store.update({ connection }),
      onFrame: (frame) => this.accept(frame),
      onResync: () => void this.resync(),
      onUnauthorized: () => this.store.update({ connection: 'signed-out' }),
    });
    this.events.open();
  }

  disconnect(): void {
    this.events?.close();
  }

  private attempt<T>(action: () => Promise<T>): Promise<T | undefined> {
    return this.feedback.attempt(action);
  }

  /** Re-reads what the page shows, after a (re)connection or `resync_required`. */
  async resync(): Promise<void> {
    await this.attempt(async () => {
      await this.classSession.reload();
      await Promise.all([this.assistant.loadTasks(), this.notes.loadPastSessions(), this.materials.load(), this.notes.loadNotes()]);
    });
  }

  // --- events ----------------------------------------------------------------------------

  private accept(frame: EventFrame): void {
    switch (frame.type) {
      case 'snapshot':
        this.classSession.acceptSnapshot(frame.data.session);
        return;
      case 'session':
        this.classSession.acceptSession(frame.data as Session);
        return;
      case 'transcript':
        this.classSession.acceptEntry(frame.data as Entry);
        return;
      case 'alert':
        this.classSession.acceptAlert(frame);
        return;
      case 'assistant.delta':
        this.assistant.acceptDelta(frame.data);
        return;
      case 'assistant.finished':
        this.assistant.acceptFinished(frame.data);
        return;
      case 'summary.created':
        this.notes.acceptCreated(frame.data);
        return;
      case 'material.created':
        this.materials.acceptCreated(frame.data);
        return;
      case 'model.installation':
        this.models.accept(frame.data.model);
        return;
      case 'settings.updated':
        this.settings.acceptUpdated();
        return;
      default:
        this.acceptContractOnly(frame as unknown as ContractOnlyFrame);
    }
  }

  private acceptContractOnly(frame: ContractOnlyFrame): void {
    switch (frame.type) {
      case 'audio.level':
      case 'audio.partial':
      case 'audio.error':
      case 'audio.stopping':
        this.audio.acceptFrame(frame);
        return;
      case 'models.runtime':
        this.models.acceptRuntime(frame.data);
        return;
      default:
        return;
    }
  }
}
