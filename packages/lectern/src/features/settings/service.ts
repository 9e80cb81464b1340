import { isDeepStrictEqual } from 'node:util';
import type { EventPublisher } from '../../platform/events.js';
import { defaultSettings } from './defaults.js';
import type { SettingsEvents } from './events.js';
import type { Settings, SettingsPatch } from './schemas.js';
import type { SettingsSection, SettingsStore } from './store.js';
import { parseSettingsPatch } from './validation.js';

export type SettingsListener = (settings: Settings) => void;

const sections = Object.keys(defaultSettings) as SettingsSection[];

/** Sections merge field by field; `auto_summary` and the UI's opaque `appearance` are replaced whole. */
function merge(base: Settings, patch: SettingsPatch): Settings {
  return {
    llm: { ...base.llm, ...patch.llm },
    asr: { ...base.asr, ...patch.asr },
    alerts: { ...base.alerts, ...patch.alerts },
    auto_summary: patch.auto_summary ?? base.auto_summary,
    appearance: patch.appearance ?? base.appearance,
    models: { ...base.models, ...patch.models },
    security: { ...base.security, ...patch.security },
  };
}

/** The cached object is handed to every caller; freezing it keeps one caller from changing another's view. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * The settings every task reads. `get()` is served from memory; `update()` validates, writes
 * the changed sections in one transaction, then (once that has committed) swaps the cached
 * object, so the next task (and the next request's Origin check) sees the change without a
 * restart.
 */
export function createSettingsService(store: SettingsStore, hub: EventPublisher<SettingsEvents>) {
  // Rows hold sections written after validation, so they merge like a trusted patch; fields
  // added by a later Lectern version take their defaults.
  let current = deepFreeze(merge(defaultSettings, store.load() as SettingsPatch));
  const listeners = new Set<SettingsListener>();

  return {
    get(): Settings {
      return current;
    },

    /**
     * Merges any subset (ClassFox names accepted) and answers the full settings. A patch that
     * changes nothing writes nothing and publishes nothing. Throws a 422 ApiError when invalid.
     */
    update(body: unknown): Settings {
      const next = merge(current, parseSettingsPatch(body));
      const changed = sections.filter((section) => !isDeepStrictEqual(current[section], next[section]));
      if (changed.length === 0) return current;
      const saved = deepFreeze(next);
      store.save(Object.fromEntries(changed.map((section) => [section, next[section]])), new Date().toISOString());
      // What the process acts on follows the rows: inside the legacy config import's transaction
      // the new settings take effect (and are announced) only once it has committed.
      store.afterCommit(() => {
        current = saved;
        hub.publish('settings.updated', null, saved);
        for (const listener of listeners) listener(saved);
      });
      return saved;
    },

    /** Called after each effective change with the new settings; returns the unsubscribe function. */
    onChange(listener: SettingsListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** False until the first effective change (legacy config import only fills a fresh profile). */
    everSaved(): boolean {
      return store.everSaved();
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
