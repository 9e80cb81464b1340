import { Store } from './store.js';
import { AssistantController } from './workspace/assistant.js';
import { AudioController } from './workspace/audio.js';
import { Backend } from './workspace/backend.js';
import { ClassController } from './workspace/class-session.js';
import { Feedback } from './workspace/feedback.js';
import { LiveUpdates } from './workspace/live-updates.js';
import { MaterialsController } from './workspace/materials.js';
import { ModelsController } from './workspace/models.js';
import { NotesController } from './workspace/notes.js';
import { SettingsController } from './workspace/settings.js';
import { initialState, type WorkspaceState, type WorkspaceStore } from './workspace/state.js';

/**
 * Everything the page does, as operations on the public API and reactions to the events
 * socket, kept in one store the components render. No component talks to the API itself.
 *
 * This class only assembles the controllers, one per concept (workspace/*.ts), around the one
 * store; the components call the controller of their concept (`workspace.assistant.ask(...)`).
 */
export class Workspace {
  readonly store: WorkspaceStore = new Store<WorkspaceState>(initialState);
  readonly feedback = new Feedback(this.store);
  readonly classSession: ClassController;
  readonly audio: AudioController;
  readonly assistant: AssistantController;
  readonly notes: NotesController;
  readonly materials: MaterialsController;
  readonly settings: SettingsController;
  readonly models: ModelsController;
  private readonly live: LiveUpdates;

  constructor(baseUrl: string, token: string) {
    const backend = new Backend(baseUrl, token);
    const parts = [this.store, backend, this.feedback] as const;
    this.assistant = new AssistantController(...parts);
    this.notes = new NotesController(...parts);
    this.classSession = new ClassController(...parts, this.assistant, this.notes);
    this.audio = new AudioController(...parts, this.classSession);
    this.materials = new MaterialsController(...parts);
    this.settings = new SettingsController(...parts);
    this.models = new ModelsController(...parts);
    // The workspace is the set of controllers the frames go to, each to the one of its concept.
    this.live = new LiveUpdates(...parts, this);
  }

  /** Opens the events socket; its first snapshot makes the page read everything it shows. */
  connect(): void {
    this.live.connect();
  }

  disconnect(): void {
    this.live.disconnect();
  }
}
