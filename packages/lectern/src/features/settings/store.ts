import type { Db } from '../../platform/db.js';
import type { Settings } from './schemas.js';

export type SettingsSection = keyof Settings;
export type StoredSections = Partial<Record<SettingsSection, unknown>>;

interface SectionRow {
  section: SettingsSection;
  value: string;
}

/** One JSON row per top-level section; only sections that were ever saved have a row. */
export function createSettingsStore(db: Db) {
  const all = db.prepare<[], SectionRow>('SELECT section, value FROM settings');
  const upsert = db.prepare<[string, string, string]>(
    'INSERT INTO settings (section, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (section) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at',
  );
  const any = db.prepare<[], { one: number }>('SELECT 1 AS one FROM settings LIMIT 1');
  const saveAll = db.transaction((sections: StoredSections, now: string) => {
    for (const [section, value] of Object.entries(sections)) upsert.run(section, JSON.stringify(value), now);
  });

  return {
    load(): StoredSections {
      return Object.fromEntries(all.all().map((row) => [row.section, JSON.parse(row.value) as unknown]));
    },
    /** Writes the given sections in one transaction: all of them or none. */
    save(sections: StoredSections, now: string): void {
      saveAll(sections, now);
    },
    /** Runs `callback` once what was saved so far has committed (see Db.afterCommit). */
    afterCommit(callback: () => void): void {
      db.afterCommit(callback);
    },
    /** True once any setting was saved (a legacy config import only fills a never-saved profile). */
    everSaved(): boolean {
      return any.get() !== undefined;
    },
  };
}

export type SettingsStore = ReturnType<typeof createSettingsStore>;
