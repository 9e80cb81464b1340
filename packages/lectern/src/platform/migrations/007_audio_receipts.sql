-- One row per audio clip a session accepted (source_id), whatever it became: the entry it
-- produced, or none (silence, a repeat the near-duplicate filter dropped). A retried clip with
-- the same PCM is answered from here (duplicate), a different clip under the same source_id is
-- refused, even after the class stopped.
CREATE TABLE audio_receipts (
  session_id  TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  source_id   TEXT NOT NULL,
  pcm_sha256  TEXT NOT NULL,
  entry_id    INTEGER REFERENCES entries(id) ON DELETE SET NULL,
  created_at  TEXT NOT NULL,
  PRIMARY KEY (session_id, source_id)
);
