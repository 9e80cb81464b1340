import {
  failureOf,
  unwrap,
  type Entry,
  type EventFrame,
  type LecternClient,
  type Session,
} from './api/client.js';
import type { ContractOnlyFrame } from './api/contract-only.js';
import { EventStream } from './api/events.js';
import { Store } from './store.js';
import { AssistantController } from './workspace/assistant.js';
import { Backend } from './workspace/backend.js';
import { Feedback } from './workspace/feedback.js';
import { MaterialsController } from './workspace/materials.js';
import { ModelsController } from './workspace/models.js';
import { NotesController } from './workspace/notes.js';
import { SettingsController } from './workspace/settings.js';
import { initialState, type WorkspaceState, type WorkspaceStore } from './workspace/state.js';

const entriesPageMax = 1000;
function randomId(): string {
  return crypto.randomUUID();
}

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
  private events: EventStream | null = null;

  constructor(baseUrl: string, token: string) {
    this.backend = new Backend(baseUrl, token);
    this.models = new ModelsController(this.store, this.backend, this.feedback);
    this.settings = new SettingsController(this.store, this.backend, this.feedback);
    this.materials = new MaterialsController(this.store, this.backend, this.feedback);
    this.notes = new NotesController(this.store, this.backend, this.feedback);
    this.assistant = new AssistantController(this.store, this.backend, this.feedback);
  }

  private get api(): LecternClient {
    return this.backend.api;
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

  dismissAlert(): void {
    this.store.update({ alert: null });
  }

  /** Re-reads what the page shows, after a (re)connection or `resync_required`. */
  async resync(): Promise<void> {
    await this.attempt(async () => {
      const status = await unwrap(this.api.GET('/api/v2/status'));
      const session = status.session as Session | null;
      const shown = this.state.session;
      if (session) {
        this.store.update({ session });
        await this.loadEntries(session.id);
      } else if (shown && shown.status !== 'stopped') {
        // The class ended while we were away; keep showing it, as it ended.
        const ended = await unwrap(this.api.GET('/api/v2/sessions/{id}', { params: { path: { id: shown.id } } }));
        this.store.update({ session: ended });
        await this.loadEntries(ended.id);
      }
      await Promise.all([this.assistant.loadTasks(), this.notes.loadPastSessions(), this.materials.load(), this.notes.loadNotes()]);
    });
  }

  private async loadEntries(sessionId: string): Promise<void> {
    const entries: Entry[] = [];
    let after: number | undefined;
    for (;;) {
      const page = await unwrap(this.api.GET('/api/v2/sessions/{id}/entries', {
        params: { path: { id: sessionId }, query: { limit: entriesPageMax, ...(after === undefined ? {} : { after_id: after }) } },
      }));
      entries.push(...page.items);
      if (page.next_after_id === null) break;
      after = page.next_after_id;
    }
    if (this.state.session?.id === sessionId) this.store.update({ entries });
  }

  // --- class -----------------------------------------------------------------------------

  async startClass(courseName: string, materialId: string | null, source: Session['source']): Promise<Session | undefined> {
    return this.attempt(async () => {
      const session = await unwrap(this.api.POST('/api/v2/sessions', {
        body: {
          ...(courseName.trim() === '' ? {} : { course_name: courseName.trim() }),
          ...(materialId ? { material_id: materialId } : {}),
          source: source === 'import' ? 'text' : source,
        },
      }));
      this.store.update({ session, entries: [], alert: null, chat: [], latestTaskId: null, notes: [], notesSessionId: session.id });
      return session;
    });
  }

  async pause(): Promise<void> {
    await this.transition('pause');
  }

  async resume(): Promise<void> {
    await this.transition('resume');
  }

  async stop(): Promise<void> {
    const stopped = await this.transition('stop');
    // With auto summary on, stopping starts the summary: show it as it streams.
    const summaryTaskId = (stopped as { summary_task_id?: string | null } | undefined)?.summary_task_id;
    if (summaryTaskId) {
      await this.assistant.follow(summaryTaskId);
    }
    await this.attempt(() => this.notes.loadPastSessions());
  }

  private async transition(action: 'pause' | 'resume' | 'stop'): Promise<Session | undefined> {
    const session = this.state.session;
    if (!session) return undefined;
    return this.attempt(async () => {
      const path = `/api/v2/sessions/{id}/${action}` as const;
      const next = (await unwrap(this.api.POST(path, { params: { path: { id: session.id } } }))) as Session;
      this.store.update({ session: next });
      return next;
    });
  }

  async addEntry(text: string): Promise<boolean> {
    const session = this.state.session;
    if (!session || text.trim() === '') return false;
    const entry = await this.attempt(() => unwrap(this.api.POST('/api/v2/sessions/{id}/entries', {
      params: { path: { id: session.id } },
      body: { text, source_id: `web-${randomId()}` },
    })));
    if (entry) this.acceptEntry(entry);
    return entry !== undefined;
  }

  private acceptEntry(entry: Entry): void {
    if (entry.session_id !== this.state.session?.id) return;
    const entries = this.state.entries;
    const last = entries[entries.length - 1];
    if (last && entry.id <= last.id) return;
    this.store.update({ entries: [...entries, entry], partial: null });
  }

  // --- browser microphone ----------------------------------------------------------------

  /** Posts one recorded clip (PCM WAV) to the audio endpoint; the entry arrives as an event too. */
  async postAudio(wav: Blob, sourceId: string): Promise<boolean> {
    const session = this.state.session;
    if (!session) return false;
    const result = await this.attempt(async () => {
      const form = new FormData();
      form.append('source_id', sourceId);
      form.append('file', wav, `${sourceId}.wav`);
      // The audio endpoint is built in parallel with this page; typed once it is in the OpenAPI document.
      const response = await this.backend.fetch(`/api/v2/sessions/${encodeURIComponent(session.id)}/audio`, { method: 'POST', body: form });
      const body = (await response.json().catch(() => null)) as { entry: Entry | null } | null;
      if (!response.ok) throw failureOf(response, body);
      if (body?.entry) this.acceptEntry(body.entry);
      return true;
    });
    return result === true;
  }

  // --- events ----------------------------------------------------------------------------

  private accept(frame: EventFrame): void {
    switch (frame.type) {
      case 'snapshot':
        this.store.update({ session: frame.data.session });
        return;
      case 'session': {
        const session = frame.data as Session;
        const current = this.state.session;
        if (!current || current.id === session.id) this.store.update({ session });
        return;
      }
      case 'transcript':
        this.acceptEntry(frame.data as Entry);
        return;
      case 'alert':
        if (frame.session_id === this.state.session?.id) {
          this.store.update({ alert: { entryId: frame.data.entry_id, level: frame.data.level, keywords: frame.data.keywords, text: frame.data.text } });
        }
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
    const ours = frame.session_id === null || frame.session_id === this.state.session?.id;
    switch (frame.type) {
      case 'audio.level':
        if (ours) this.store.update({ deviceLevel: frame.data.peak });
        return;
      case 'audio.partial':
        if (ours) this.store.update({ partial: frame.data.text });
        return;
      case 'audio.error':
        if (ours) this.store.update({ error: `${frame.data.message} (${frame.data.code})` });
        return;
      case 'audio.stopping':
        if (ours) this.store.update({ deviceLevel: 0, partial: null });
        return;
      case 'models.runtime':
        this.models.acceptRuntime(frame.data);
        return;
      default:
        return;
    }
  }
}
