-- The session a 1.x class_transcript.txt became, kept with its receipt: a repeated import (a
-- client retrying after a timeout) answers the same session_id instead of null. Receipts
-- written before this column stay NULL: which session they made was never recorded.
ALTER TABLE legacy_imports ADD COLUMN session_id TEXT REFERENCES sessions(id) ON DELETE SET NULL;
