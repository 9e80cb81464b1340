import type { Db } from '../../platform/db.js';
import type { Session, SessionSource, SessionStatus } from './schemas.js';

interface SessionRow {
  ord: number;
  id: string;
  course_name: string;
  source: SessionSource;
  material_id: string | null;
  status: SessionStatus;
  created_at: string;
  ended_at: string | null;
  entry_count: number;
}

const columns = 'ord, id, course_name, source, material_id, status, created_at, ended_at, entry_count';
export const currentStatuses: readonly SessionStatus[] = ['starting', 'recording', 'paused', 'error'];
const currentList = currentStatuses.map((s) => `'${s}'`).join(', ');

function toSession(row: SessionRow): Session {
  const { ord: _ord, ...session } = row;
  return session;
}

export interface SessionsPageRows {
  items: Session[];
  nextBefore: string | null;
}

/** SQL for sessions; statements are prepared once per database. */
export function createSessionStore(db: Db) {
  const byId = db.prepare<[string], SessionRow>(`SELECT ${columns} FROM sessions WHERE id = ?`);
  const current = db.prepare<[], SessionRow>(`SELECT ${columns} FROM sessions WHERE status IN (${currentList})`);
  const insert = db.prepare(
    `INSERT INTO sessions (id, course_name, source, material_id, status, created_at) VALUES (@id, @course_name, @source, @material_id, @status, @created_at)`,
  );
  const setStatus = db.prepare<[SessionStatus, string | null, string]>(
    'UPDATE sessions SET status = ?, ended_at = ? WHERE id = ?',
  );
  const pageFirst = db.prepare<[number], SessionRow>(`SELECT ${columns} FROM sessions ORDER BY ord DESC LIMIT ?`);
  const pageBefore = db.prepare<[number, number], SessionRow>(
    `SELECT ${columns} FROM sessions WHERE ord < ? ORDER BY ord DESC LIMIT ?`,
  );
  const interruptAll = db.prepare<[string]>(
    `UPDATE sessions SET status = 'interrupted', ended_at = ? WHERE status IN (${currentList})`,
  );
  const setMaterial = db.prepare<[string | null, string]>('UPDATE sessions SET material_id = ? WHERE id = ?');
  const detachMaterial = db.prepare<[string], { id: string }>('UPDATE sessions SET material_id = NULL WHERE material_id = ? RETURNING id');
  const materialExists = db.prepare<[string], { one: number }>('SELECT 1 AS one FROM materials WHERE id = ?');

  return {
    get(id: string): Session | undefined {
      const row = byId.get(id);
      return row && toSession(row);
    },
    current(): Session | undefined {
      const row = current.get();
      return row && toSession(row);
    },
    insert(session: Omit<Session, 'ended_at' | 'entry_count'>): void {
      insert.run(session);
    },
    setStatus(id: string, status: SessionStatus, endedAt: string | null): void {
      setStatus.run(status, endedAt, id);
    },
    page(limit: number, before: number | undefined): SessionsPageRows {
      const rows = before === undefined ? pageFirst.all(limit + 1) : pageBefore.all(before, limit + 1);
      const hasMore = rows.length > limit;
      const items = rows.slice(0, limit);
      const last = items.at(-1);
      return { items: items.map(toSession), nextBefore: hasMore && last ? String(last.ord) : null };
    },
    /** Marks every unfinished session of an earlier process as interrupted; returns how many. */
    interruptUnfinished(now: string): number {
      return interruptAll.run(now).changes;
    },
    setMaterial(id: string, materialId: string | null): void {
      setMaterial.run(materialId, id);
    },
    /** Clears the material of every session that uses it; returns those sessions' ids. */
    detachMaterial(materialId: string): string[] {
      return detachMaterial.all(materialId).map((row) => row.id);
    },
    materialExists(id: string): boolean {
      return materialExists.get(id) !== undefined;
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
