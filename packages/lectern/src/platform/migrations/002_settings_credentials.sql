-- User settings and provider credentials.
-- Settings are stored one row per top-level section (JSON), so a PUT rewrites only the
-- sections it changed, all in one transaction; absent rows mean "still the default".
CREATE TABLE settings (
  section     TEXT PRIMARY KEY,
  value       TEXT NOT NULL,
  updated_at  TEXT NOT NULL
);

-- `sealed` is nonce + AES-256-GCM ciphertext + tag; the key lives in DATA_DIR/secret.key,
-- never in this database, so a copied database alone reveals no credential.
CREATE TABLE credentials (
  name        TEXT PRIMARY KEY,
  sealed      BLOB NOT NULL,
  updated_at  TEXT NOT NULL
);
