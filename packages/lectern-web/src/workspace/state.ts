import type { Entry, MaterialSummary, Model, ModelRuntime, Note, Session, Settings, Task } from '../api/client.js';
import type { ConnectionState } from '../api/events.js';
import type { Store } from '../store.js';

// What the page shows, as one object the store replaces on every change: the components
// render it, and only the workspace's controllers (workspace/*.ts) write it. One shape for the
// whole page, so a change that touches several panels (starting a class) is one update.

export interface AlertBanner {
  entryId: number;
  level: 'danger' | 'warning';
  keywords: string[];
  text: string;
}

export interface ChatTurn {
  question: string;
  taskId: string;
}

export interface CredentialStatus {
  name: string;
  configured: boolean;
  read_only: boolean;
  updated_at: string | null;
}

export interface Upload {
  id: number;
  filename: string;
  progress: number;
  state: 'uploading' | 'uploaded' | 'refused';
  message: string | null;
}

export interface ConnectionTest {
  ok: boolean;
  provider?: string;
  model?: string;
  first_token_ms?: number | null;
  total_ms?: number;
  message?: string;
}

export interface WorkspaceState {
  connection: ConnectionState | 'signed-out';
  session: Session | null;
  /** Entries of the current class, ascending by id. */
  entries: Entry[];
  alert: AlertBanner | null;
  tasks: Record<string, Task>;
  /** The task whose answer is shown (the latest one asked). */
  latestTaskId: string | null;
  chat: ChatTurn[];
  notes: Note[];
  /** The class whose notes are listed: the current one, or one picked from the past classes. */
  notesSessionId: string | null;
  pastSessions: Session[];
  materials: MaterialSummary[];
  uploads: Upload[];
  settings: Settings | null;
  credentials: CredentialStatus[];
  connectionTest: ConnectionTest | null;
  models: Model[];
  /** Null until first read (`GET /models/runtime`) or told (a `models.runtime` frame). */
  runtime: ModelRuntime | null;
  /** Level (0..1) and words in progress of a class captured by Lectern's own microphone. */
  deviceLevel: number;
  partial: string | null;
  /** The last failure the user should see, with the API's message. */
  error: string | null;
  /** A short confirmation or hint (an i18n key), cleared after a few seconds. */
  notice: 'settingsSaved' | 'startFirst' | null;
}

export const initialState: WorkspaceState = {
  connection: 'connecting',
  session: null,
  entries: [],
  alert: null,
  tasks: {},
  latestTaskId: null,
  chat: [],
  notes: [],
  notesSessionId: null,
  pastSessions: [],
  materials: [],
  uploads: [],
  settings: null,
  credentials: [],
  connectionTest: null,
  models: [],
  runtime: null,
  deviceLevel: 0,
  partial: null,
  error: null,
  notice: null,
};

/** The one store every controller of the page writes. */
export type WorkspaceStore = Store<WorkspaceState>;
