import { Type } from '@sinclair/typebox';

export const ClipResultSchema = Type.Object({
  entry: Type.Union([Type.Ref('Entry'), Type.Null()], { description: 'The entry the clip became; null for silence or a repeat of recent lines' }),
  duplicate: Type.Boolean({ description: 'True when this source_id was already accepted with the same audio (a retry)' }),
});

export const AudioDeviceSchema = Type.Object({
  id: Type.String({ description: 'What asr.device_id takes' }),
  name: Type.String(),
  default: Type.Boolean(),
});

export const AudioDevicesSchema = Type.Object({ items: Type.Array(AudioDeviceSchema) });
