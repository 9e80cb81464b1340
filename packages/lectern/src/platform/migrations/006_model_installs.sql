-- Where each downloadable model's installation stands. No row: never installed (missing).
-- file_digests is a JSON object {file name: sha256} of the files verified and moved into
-- place, the digest a later load checks against (the only one known for unpinned entries).
CREATE TABLE model_installs (
  model_id      TEXT PRIMARY KEY,
  state         TEXT NOT NULL CHECK (state IN ('downloading', 'verifying', 'loading', 'ready', 'failed', 'cancelled')),
  error         TEXT,
  file_digests  TEXT NOT NULL DEFAULT '{}',
  updated_at    TEXT NOT NULL
);
