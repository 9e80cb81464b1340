import { Type, type Static } from '@sinclair/typebox';
import { legacy as limits } from '../../config.js';

export const ImportFolderBody = Type.Object(
  { directory: Type.String({ minLength: 1, maxLength: limits.pathMaxChars, description: 'Absolute path of a Lectern 1.x data folder' }) },
  { additionalProperties: false },
);
export type ImportFolderBody = Static<typeof ImportFolderBody>;

export const ImportFolderResult = Type.Object({
  session_id: Type.Union([Type.String(), Type.Null()], {
    description: 'The session made from class_transcript.txt, by this import or, for a transcript imported before, by the earlier one; null without a transcript',
  }),
  materials: Type.Integer({ minimum: 0, description: 'New materials (cite/*.txt)' }),
  notes: Type.Integer({ minimum: 0, description: 'New notes (the rolling summary, summaries/*.md)' }),
  skipped_files: Type.Array(Type.String(), { description: 'Relative paths not read: symlinks, outside the folder, over 20 MiB, undecodable or without text' }),
  already_imported: Type.Integer({ minimum: 0, description: 'Files skipped because an earlier import already carried them over' }),
});
export type ImportFolderResult = Static<typeof ImportFolderResult>;

export const ImportConfigBody = Type.Object(
  { path: Type.String({ minLength: 1, maxLength: limits.pathMaxChars, description: 'Absolute path of a Lectern 1.x `.env` file (not `*.example`)' }) },
  { additionalProperties: false },
);
export type ImportConfigBody = Static<typeof ImportConfigBody>;

export const ImportConfigResult = Type.Object({
  settings_imported: Type.Boolean(),
  credential_names: Type.Array(Type.String()),
});
export type ImportConfigResult = Static<typeof ImportConfigResult>;
