import type { Db } from '../../platform/db.js';
import type { Material, MaterialPage, MaterialSummary } from './schemas.js';

interface SummaryRow extends MaterialSummary {
  ord: number;
}

const summaryColumns = 'rowid AS ord, id, filename, content_type, size_bytes, characters, pages, sha256, created_at';

export interface NewMaterial extends Omit<Material, 'page_texts'> {
  page_texts: MaterialPage[];
}

export interface MaterialsPageRows {
  items: MaterialSummary[];
  nextBefore: string | null;
}

function toSummary(row: SummaryRow): MaterialSummary {
  const { ord: _ord, ...summary } = row;
  return summary;
}

/** SQL for materials and their pages; rowid orders them for the paging cursor. */
export function createMaterialStore(db: Db) {
  const insert = db.prepare(
    `INSERT INTO materials (id, filename, content_type, size_bytes, characters, pages, sha256, created_at, text, page_label)
     VALUES (@id, @filename, @content_type, @size_bytes, @characters, @pages, @sha256, @created_at, @text, @page_label)`,
  );
  const insertPage = db.prepare<[string, number, string]>('INSERT INTO material_pages (material_id, number, text) VALUES (?, ?, ?)');
  const byId = db.prepare<[string], Omit<Material, 'page_texts'>>(
    'SELECT id, filename, content_type, size_bytes, characters, pages, sha256, created_at, text, page_label FROM materials WHERE id = ?',
  );
  const pagesOf = db.prepare<[string], MaterialPage>('SELECT number, text FROM material_pages WHERE material_id = ? ORDER BY number');
  const pageFirst = db.prepare<[number], SummaryRow>(`SELECT ${summaryColumns} FROM materials ORDER BY rowid DESC LIMIT ?`);
  const pageBefore = db.prepare<[number, number], SummaryRow>(`SELECT ${summaryColumns} FROM materials WHERE rowid < ? ORDER BY rowid DESC LIMIT ?`);
  const remove = db.prepare<[string]>('DELETE FROM materials WHERE id = ?');

  return {
    /** The record and its pages in one transaction: a material is stored whole or not at all. */
    insert: db.transaction((material: NewMaterial): void => {
      const { page_texts: pages, ...row } = material;
      insert.run(row);
      for (const page of pages) insertPage.run(material.id, page.number, page.text);
    }),
    get(id: string): Material | undefined {
      const row = byId.get(id);
      return row && { ...row, page_texts: pagesOf.all(id) };
    },
    page(limit: number, before: number | undefined): MaterialsPageRows {
      const rows = before === undefined ? pageFirst.all(limit + 1) : pageBefore.all(before, limit + 1);
      const items = rows.slice(0, limit);
      const last = items.at(-1);
      return { items: items.map(toSummary), nextBefore: rows.length > limit && last ? String(last.ord) : null };
    },
    /** The database's own transaction: everything written inside commits together or not at all. */
    transaction: <T>(work: () => T): T => db.transaction(work)(),
    /** Pages go with it (ON DELETE CASCADE). Returns false when there was no such material. */
    delete(id: string): boolean {
      return remove.run(id).changes === 1;
    },
  };
}

export type MaterialStore = ReturnType<typeof createMaterialStore>;
