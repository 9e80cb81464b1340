-- Sessions, their transcript entries and uploaded course materials.
-- `ord` gives sessions a creation order that paging cursors can rely on (ids are UUIDs).
CREATE TABLE sessions (
  ord          INTEGER PRIMARY KEY AUTOINCREMENT,
  id           TEXT NOT NULL UNIQUE,
  course_name  TEXT NOT NULL,
  source       TEXT NOT NULL CHECK (source IN ('text', 'browser', 'microphone', 'remote', 'import')),
  material_id  TEXT REFERENCES materials (id),
  status       TEXT NOT NULL CHECK (status IN ('starting', 'recording', 'paused', 'stopped', 'interrupted', 'error')),
  created_at   TEXT NOT NULL,
  ended_at     TEXT,
  entry_count  INTEGER NOT NULL DEFAULT 0
);

-- At most one session may be current; the database enforces what the service checks.
CREATE UNIQUE INDEX sessions_one_current ON sessions ((1))
  WHERE status IN ('starting', 'recording', 'paused', 'error');

CREATE TABLE entries (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  session_id      TEXT NOT NULL REFERENCES sessions (id),
  text            TEXT NOT NULL,
  source_id       TEXT NOT NULL,
  created_at      TEXT NOT NULL,
  alert_level     TEXT CHECK (alert_level IN ('danger', 'warning')),
  alert_keywords  TEXT,
  UNIQUE (session_id, source_id)
);

CREATE INDEX entries_by_session ON entries (session_id, id);

CREATE TABLE materials (
  id            TEXT PRIMARY KEY,
  filename      TEXT NOT NULL,
  content_type  TEXT NOT NULL,
  size_bytes    INTEGER NOT NULL,
  characters    INTEGER NOT NULL,
  pages         INTEGER,
  sha256        TEXT NOT NULL,
  created_at    TEXT NOT NULL,
  text          TEXT NOT NULL
);
