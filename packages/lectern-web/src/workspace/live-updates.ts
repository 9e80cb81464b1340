import type { EventFrame } from '../api/client.js';
import { EventStream } from '../api/events.js';
import type { AssistantController } from './assistant.js';
import type { AudioController } from './audio.js';
import type { Backend } from './backend.js';
import type { ClassController } from './class-session.js';
import { WorkspaceController } from './controller.js';
import type { Feedback } from './feedback.js';
import type { MaterialsController } from './materials.js';
import type { ModelsController } from './models.js';
import type { NotesController } from './notes.js';
import type { SettingsController } from './settings.js';
import type { WorkspaceStore } from './state.js';

/** The controllers the events socket's frames go to. */
export interface FrameTargets {
  classSession: ClassController;
  audio: AudioController;
  assistant: AssistantController;
  notes: NotesController;
  materials: MaterialsController;
  models: ModelsController;
  settings: SettingsController;
}

/**
 * Keeps the page current: the events socket (which reconnects by itself, api/events.ts), each
 * frame handed to the controller of its concept, and a re-read of everything shown over HTTP
 * whenever frames may have been missed.
 */
export class LiveUpdates extends WorkspaceController {
  private events: EventStream | null = null;

  constructor(
    store: WorkspaceStore,
    backend: Backend,
    feedback: Feedback,
    private readonly to: FrameTargets,
  ) {
    super(store, backend, feedback);
  }

  connect(): void {
    const url = `${this.backend.baseUrl.replace(/^http/, 'ws')}/api/v2/events`;
    this.events = new EventStream({
      url,
      token: this.backend.token,
      onState: (connection) => this.store.update({ connection }),
      onFrame: (frame) => this.route(frame),
      onResync: () => void this.resync(),
      onUnauthorized: () => this.store.update({ connection: 'signed-out' }),
    });
    this.events.open();
  }

  disconnect(): void {
    this.events?.close();
  }

  /** Re-reads what the page shows, after a (re)connection or `resync_required`. */
  async resync(): Promise<void> {
    await this.feedback.attempt(async () => {
      // The class first: which class is current decides whose tasks and notes to read.
      await this.to.classSession.reload();
      await Promise.all([this.to.assistant.loadTasks(), this.to.notes.loadPastSessions(), this.to.materials.load(), this.to.notes.loadNotes()]);
    });
  }

  private route(frame: EventFrame): void {
    switch (frame.type) {
      case 'snapshot':
        this.to.classSession.acceptSnapshot(frame.data.session);
        return;
      case 'session':
        this.to.classSession.acceptSession(frame.data);
        return;
      case 'transcript':
        this.to.classSession.acceptEntry(frame.data);
        return;
      case 'alert':
        this.to.classSession.acceptAlert(frame);
        return;
      case 'assistant.delta':
        this.to.assistant.acceptDelta(frame.data);
        return;
      case 'assistant.finished':
        this.to.assistant.acceptFinished(frame.data);
        return;
      case 'summary.created':
        this.to.notes.acceptCreated(frame.data);
        return;
      case 'material.created':
        this.to.materials.acceptCreated(frame.data);
        return;
      case 'model.installation':
        this.to.models.accept(frame.data.model);
        return;
      case 'settings.updated':
        this.to.settings.acceptUpdated();
        return;
      case 'audio.level':
      case 'audio.partial':
      case 'audio.error':
      case 'audio.stopping':
        this.to.audio.acceptFrame(frame);
        return;
      case 'models.runtime':
        this.to.models.acceptRuntime(frame.data);
        return;
      default:
        return;
    }
  }
}
