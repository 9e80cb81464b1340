-- Course materials keep their text per page or slide, so answers can cite "(slide 7)" or
-- "(p. 12)". `page_label` says which ('page', 'slide'), NULL for files without pages.
ALTER TABLE materials ADD COLUMN page_label TEXT CHECK (page_label IN ('page', 'slide'));

CREATE TABLE material_pages (
  material_id  TEXT NOT NULL REFERENCES materials (id) ON DELETE CASCADE,
  number       INTEGER NOT NULL,
  text         TEXT NOT NULL,
  PRIMARY KEY (material_id, number)
);
