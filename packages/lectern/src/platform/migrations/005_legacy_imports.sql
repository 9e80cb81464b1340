-- Files of a Lectern 1.x data folder already imported, by sha256(relative path + NUL + content),
-- so a second import of the same folder adds only what is new.
CREATE TABLE legacy_imports (
  key          TEXT PRIMARY KEY,
  path         TEXT NOT NULL,
  imported_at  TEXT NOT NULL
);
