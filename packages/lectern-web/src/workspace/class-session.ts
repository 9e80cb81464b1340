import { unwrap, type Entry, type EventFrame, type Session } from '../api/client.js';
import type { AssistantController } from './assistant.js';
import type { Backend } from './backend.js';
import { WorkspaceController } from './controller.js';
import type { Feedback } from './feedback.js';
import type { NotesController } from './notes.js';
import type { WorkspaceStore } from './state.js';

/** Entries read per request when (re)loading a class's transcript: the contract's largest page. */
const entriesPageMax = 1000;

type AlertFrame = Extract<EventFrame, { type: 'alert' }>;

/** What became of a typed line: posted, or refused with the lines to put back in the input (in typed order). */
export interface LinePosted {
  posted: boolean;
  unsent: string[];
}

interface WaitingLine {
  sessionId: string;
  text: string;
  settle: (result: LinePosted) => void;
}

/** Where an entry with this id goes in a list ascending by id: the index of the first id not below it. */
function positionById(entries: readonly Entry[], id: number): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((entries[middle] as Entry).id < id) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The class being taught: starting it, its pause/resume/stop transitions, its transcript
 * entries (typed here, posted as audio, or arriving as frames) and the keyword alert banner.
 */
export class ClassController extends WorkspaceController {
  private readonly waitingLines: WaitingLine[] = [];
  private postingLines = false;

  constructor(
    store: WorkspaceStore,
    backend: Backend,
    feedback: Feedback,
    /** Stopping a class shows the summary it starts (assistant) and lists it among the past ones (notes). */
    private readonly assistant: AssistantController,
    private readonly notes: NotesController,
  ) {
    super(store, backend, feedback);
  }

  async start(courseName: string, materialId: string | null, source: Session['source']): Promise<Session | undefined> {
    return this.feedback.attempt(async () => {
      const session = await unwrap(this.backend.api.POST('/api/v2/sessions', {
        body: {
          ...(courseName.trim() === '' ? {} : { course_name: courseName.trim() }),
          ...(materialId ? { material_id: materialId } : {}),
          source: source === 'import' ? 'text' : source,
        },
      }));
      // One update for the whole page: the new class replaces the last one's transcript, chat and notes.
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
    if (summaryTaskId) await this.assistant.follow(summaryTaskId);
    await this.feedback.attempt(() => this.notes.loadPastSessions());
  }

  private async transition(action: 'pause' | 'resume' | 'stop'): Promise<Session | undefined> {
    const session = this.store.state.session;
    if (!session) return undefined;
    return this.feedback.attempt(async () => {
      const path = `/api/v2/sessions/{id}/${action}` as const;
      const next = (await unwrap(this.backend.api.POST(path, { params: { path: { id: session.id } } }))) as Session;
      this.store.update({ session: next });
      return next;
    });
  }

  /**
   * Queues a typed line to be posted. Lines are posted one at a time, in the order typed: the
   * server numbers entries as they arrive, so concurrent posts could land out of order.
   */
  addEntry(text: string): Promise<LinePosted> {
    const session = this.store.state.session;
    if (!session || text.trim() === '') return Promise.resolve({ posted: false, unsent: [text] });
    return new Promise((settle) => {
      this.waitingLines.push({ sessionId: session.id, text, settle });
      if (!this.postingLines) void this.postWaitingLines();
    });
  }

  private async postWaitingLines(): Promise<void> {
    this.postingLines = true;
    for (let line = this.waitingLines.shift(); line; line = this.waitingLines.shift()) {
      const { sessionId, text } = line;
      const entry = await this.feedback.attempt(() => unwrap(this.backend.api.POST('/api/v2/sessions/{id}/entries', {
        params: { path: { id: sessionId } },
        // The contract's idempotency key: each entry typed here is a new one.
        body: { text, source_id: `web-${crypto.randomUUID()}` },
      })));
      if (entry) {
        this.acceptEntry(entry);
        line.settle({ posted: true, unsent: [] });
        continue;
      }
      // The lines typed after a refused one go back with it rather than being sent: sent now,
      // they would come before it in the transcript once the user sends it again.
      const later = this.waitingLines.splice(0);
      line.settle({ posted: false, unsent: [text, ...later.map((waiting) => waiting.text)] });
      for (const waiting of later) waiting.settle({ posted: false, unsent: [] });
    }
    this.postingLines = false;
  }

  /**
   * An entry of the current class, from our own post, a `transcript` frame or an audio clip:
   * the same entry comes several ways, and a post may be answered after the frames of newer
   * entries, so it takes its place by id and is shown once.
   */
  acceptEntry(entry: Entry): void {
    const { session, entries } = this.store.state;
    if (entry.session_id !== session?.id) return;
    const at = positionById(entries, entry.id);
    if (entries[at]?.id === entry.id) return;
    if (at === entries.length) {
      // The words in progress became this entry.
      this.store.update({ entries: [...entries, entry], partial: null });
    } else {
      this.store.update({ entries: [...entries.slice(0, at), entry, ...entries.slice(at)] });
    }
  }

  /** A `snapshot` frame: the class running on the server when the socket (re)connected. */
  acceptSnapshot(session: Session | null): void {
    this.store.update({ session });
  }

  /** A `session` frame: a change of the class shown (frames of another class are not ours). */
  acceptSession(session: Session): void {
    const current = this.store.state.session;
    if (!current || current.id === session.id) this.store.update({ session });
  }

  acceptAlert(frame: AlertFrame): void {
    if (frame.session_id === this.store.state.session?.id) {
      this.store.update({ alert: { entryId: frame.data.entry_id, level: frame.data.level, keywords: frame.data.keywords, text: frame.data.text } });
    }
  }

  dismissAlert(): void {
    this.store.update({ alert: null });
  }

  /**
   * Re-reads the current class and its whole transcript. Throws on failure: the caller decides
   * how to report it (a resync reports all its reads as one).
   */
  async reload(): Promise<void> {
    const status = await unwrap(this.backend.api.GET('/api/v2/status'));
    const session = status.session;
    const shown = this.store.state.session;
    if (session) {
      this.store.update({ session });
      await this.loadEntries(session.id);
    } else if (shown && shown.status !== 'stopped') {
      // The class ended while we were away; keep showing it, as it ended.
      const ended = await unwrap(this.backend.api.GET('/api/v2/sessions/{id}', { params: { path: { id: shown.id } } }));
      this.store.update({ session: ended });
      await this.loadEntries(ended.id);
    }
  }

  private async loadEntries(sessionId: string): Promise<void> {
    const entries: Entry[] = [];
    let after: number | undefined;
    for (;;) {
      const page = await unwrap(this.backend.api.GET('/api/v2/sessions/{id}/entries', {
        params: { path: { id: sessionId }, query: { limit: entriesPageMax, ...(after === undefined ? {} : { after_id: after }) } },
      }));
      entries.push(...page.items);
      if (page.next_after_id === null) break;
      after = page.next_after_id;
    }
    // Unless another class started while the pages were read.
    if (this.store.state.session?.id !== sessionId) return;
    // Entries posted or framed while the pages were read stay.
    const lastRead = entries[entries.length - 1]?.id ?? 0;
    this.store.update({ entries: [...entries, ...this.store.state.entries.filter((entry) => entry.id > lastRead)] });
  }
}
