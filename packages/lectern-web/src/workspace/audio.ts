import { failureOf, type Entry, type EventFrame } from '../api/client.js';
import type { Backend } from './backend.js';
import type { ClassController } from './class-session.js';
import { WorkspaceController } from './controller.js';
import type { Feedback } from './feedback.js';
import type { WorkspaceStore } from './state.js';

type AudioFrame = Extract<EventFrame, { type: `audio.${string}` }>;

/**
 * Spoken classes: clips the browser's microphone records, posted to the audio endpoint, and
 * the level and words in progress of a class Lectern captures with its own microphone.
 */
export class AudioController extends WorkspaceController {
  constructor(
    store: WorkspaceStore,
    backend: Backend,
    feedback: Feedback,
    private readonly classSession: ClassController,
  ) {
    super(store, backend, feedback);
  }

  /** Posts one recorded clip (PCM WAV) to the audio endpoint; the entry arrives as an event too. */
  async postClip(wav: Blob, sourceId: string): Promise<boolean> {
    const session = this.store.state.session;
    if (!session) return false;
    const result = await this.feedback.attempt(async () => {
      const form = new FormData();
      form.append('source_id', sourceId);
      form.append('file', wav, `${sourceId}.wav`);
      // A multipart body, so plain fetch (the typed client sends JSON); the answer is checked below.
      const response = await this.backend.fetch(`/api/v2/sessions/${encodeURIComponent(session.id)}/audio`, { method: 'POST', body: form });
      const body = (await response.json().catch(() => null)) as { entry: Entry | null } | null;
      if (!response.ok) throw failureOf(response, body);
      if (body?.entry) this.classSession.acceptEntry(body.entry);
      return true;
    });
    return result === true;
  }

  /** An `audio.*` frame of Lectern's own capture; those of another class are not ours. */
  acceptFrame(frame: AudioFrame): void {
    if (frame.session_id !== null && frame.session_id !== this.store.state.session?.id) return;
    switch (frame.type) {
      case 'audio.level':
        this.store.update({ deviceLevel: frame.data.peak });
        return;
      case 'audio.partial':
        this.store.update({ partial: frame.data.text });
        return;
      case 'audio.error':
        this.feedback.showError(`${frame.data.message} (${frame.data.code})`);
        return;
      case 'audio.stopping':
        this.store.update({ deviceLevel: 0, partial: null });
        return;
    }
  }
}
