import { resource, type EventCatalogue } from '../../platform/events.js';
import type { Settings } from './schemas.js';

/** The frames the settings feature publishes; they leave once their write has committed. */
export const settingsEvents = {
  'settings.updated': {
    data: resource<Settings>('Settings'),
    description: 'The settings changed (the full settings).',
  },
} satisfies EventCatalogue;

export type SettingsEvents = typeof settingsEvents;
