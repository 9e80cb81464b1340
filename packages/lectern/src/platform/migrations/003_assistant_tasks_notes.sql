-- Assistant tasks are durable: a task that was queued or running when the process died is
-- marked failed/interrupted at the next start instead of vanishing.
CREATE TABLE tasks (
  id                TEXT PRIMARY KEY,
  session_id        TEXT NOT NULL REFERENCES sessions (id),
  kind              TEXT NOT NULL CHECK (kind IN ('rescue', 'catchup', 'summary', 'followup')),
  status            TEXT NOT NULL CHECK (status IN ('queued', 'running', 'completed', 'failed', 'cancelled')),
  question          TEXT,
  parent_id         TEXT REFERENCES tasks (id),
  history           TEXT,
  recent_minutes    INTEGER,
  created_at        TEXT NOT NULL,
  started_at        TEXT,
  finished_at       TEXT,
  through_entry_id  INTEGER,
  markdown          TEXT NOT NULL DEFAULT '',
  stage             TEXT NOT NULL DEFAULT 'queued',
  first_token_ms    INTEGER,
  total_ms          INTEGER,
  provider_calls    INTEGER NOT NULL DEFAULT 0,
  summary_id        TEXT,
  error_code        TEXT,
  error_message     TEXT
);

CREATE INDEX tasks_by_session ON tasks (session_id);

-- Class notes written by completed summary tasks (exactly one per such task).
CREATE TABLE notes (
  id          TEXT PRIMARY KEY,
  session_id  TEXT NOT NULL REFERENCES sessions (id),
  task_id     TEXT UNIQUE REFERENCES tasks (id),
  title       TEXT NOT NULL,
  markdown    TEXT NOT NULL,
  created_at  TEXT NOT NULL
);

CREATE INDEX notes_by_session ON notes (session_id);
