import { combineCatalogues, type EventData, type EventFrame, type EventName } from './platform/events.js';
import { assistantEvents } from './features/assistant/events.js';
import { audioEvents } from './features/audio/events.js';
import { entryEvents } from './features/entries/events.js';
import { materialEvents } from './features/materials/events.js';
import { modelEvents } from './features/models/events.js';
import { sessionEvents } from './features/sessions/events.js';
import { settingsEvents } from './features/settings/events.js';

/**
 * Every frame the bus carries, from the features that publish them, in the order the API
 * documents list them. It types the app's hub, so publishing a name no feature declares, or a
 * payload that is not its schema's, does not compile.
 */
export const busEvents = combineCatalogues(sessionEvents, entryEvents, assistantEvents, modelEvents, materialEvents, audioEvents, settingsEvents);

export type BusEvents = typeof busEvents;
export type BusEventName = EventName<BusEvents>;
export type BusEventData<Name extends BusEventName> = EventData<BusEvents, Name>;
export type BusFrame = EventFrame<BusEvents>;
