import { createHash } from 'node:crypto';
import { lstat, readFile } from 'node:fs/promises';
import { basename, isAbsolute } from 'node:path';
import { legacy as limits } from '../../config.js';
import { ApiError, invalidRequest } from '../../platform/errors.js';
import { decodeStrictText } from '../../platform/strict-text.js';
import type { CredentialService } from '../credentials/service.js';
import type { EntryService } from '../entries/service.js';
import type { Material } from '../materials/schemas.js';
import type { MaterialService } from '../materials/service.js';
import type { NoteService } from '../notes/service.js';
import type { SessionService } from '../sessions/service.js';
import type { SettingsService } from '../settings/service.js';
import { readLegacyConfig } from './env-file.js';
import { readLegacyFolder, type FolderFile } from './folder.js';
import type { ImportConfigResult, ImportFolderResult } from './schemas.js';
import type { LegacyStore } from './store.js';
import { classDay, parseLegacyTranscript } from './transcript-file.js';

export interface LegacyServiceDeps {
  store: LegacyStore;
  sessions: SessionService;
  entries: EntryService;
  notes: NoteService;
  materials: MaterialService;
  settings: SettingsService;
  credentials: CredentialService;
}

/** The receipt of one file: the same content at the same place is imported once. */
function receiptKey(file: FolderFile): string {
  return createHash('sha256').update(file.path).update('\0').update(file.bytes).digest('hex');
}

const DATE_IN_NAME = /(\d{4})-(\d{2})-(\d{2})/;
const FIRST_HEADING = /^#{1,6}\s+(.+?)\s*#*\s*$/m;

export function createLegacyService(deps: LegacyServiceDeps) {
  const { store, sessions, entries, notes, materials, settings, credentials } = deps;

  return {
    /**
     * `POST /import`: reads everything first (cite files are parsed in the material worker),
     * then writes it all in one transaction, so a failure leaves nothing half-imported.
     */
    async importFolder(directory: string): Promise<ImportFolderResult> {
      const folder = await readLegacyFolder(directory);
      const skipped = [...folder.skipped];
      let alreadyImported = 0;
      const isNew = (file: FolderFile): boolean => {
        if (!store.has(receiptKey(file))) return true;
        alreadyImported++;
        return false;
      };

      // Cite files already imported are not parsed again; every file is looked up (again) when writing.
      const citations: { file: FolderFile; material: Material }[] = [];
      for (const file of folder.citations.filter(isNew)) {
        try {
          citations.push({ file, material: await materials.prepare({ content: file.bytes, filename: basename(file.path) }) });
        } catch (error) {
          // A cite file that is not usable material (no text in it) is skipped, not fatal.
          if (!(error instanceof ApiError)) throw error;
          skipped.push(file.path);
        }
      }

      const now = new Date().toISOString();
      return store.transaction((): ImportFolderResult => {
        // Receipts are looked up inside the transaction: another import of the same folder may
        // have committed while this one parsed its cite files, and its receipts would collide.
        let sessionId: string | null = null;
        let noteCount = 0;
        const transcript = folder.transcript;
        if (transcript !== null && !isNew(transcript)) {
          // A repeat (a retry after a timeout, a double click) names the session the first made.
          sessionId = store.sessionOf(receiptKey(transcript));
        } else if (transcript !== null) {
          const parsed = parseLegacyTranscript(transcript.text, transcript.modifiedAt);
          const day = classDay(transcript.text, transcript.modifiedAt);
          const session = sessions.insertImported({
            course_name: parsed.courseName ?? '',
            created_at: parsed.lines[0]?.createdAt ?? day,
            ended_at: parsed.lines.at(-1)?.createdAt ?? day,
          });
          entries.insertImported(session.id, parsed.lines.map((line, i) => ({ text: line.text, created_at: line.createdAt, source_id: `import-${i + 1}` })));
          if (parsed.rollingSummary !== null) {
            notes.insertImported({ session_id: session.id, title: `${session.course_name} — rolling summary`, markdown: parsed.rollingSummary, created_at: session.ended_at ?? day });
            noteCount++;
          }
          sessionId = session.id;
          store.add(receiptKey(transcript), transcript.path, now, session.id);
        }
        for (const file of folder.summaries.filter(isNew)) {
          const title = FIRST_HEADING.exec(file.text)?.[1] ?? basename(file.path, '.md');
          const dated = DATE_IN_NAME.exec(basename(file.path));
          const at = (dated ? new Date(Number(dated[1]), Number(dated[2]) - 1, Number(dated[3])) : file.modifiedAt).toISOString();
          const session = sessions.insertImported({ course_name: title, created_at: at, ended_at: at });
          notes.insertImported({ session_id: session.id, title, markdown: file.text.trim(), created_at: at });
          noteCount++;
          store.add(receiptKey(file), file.path, now);
        }
        const imported = citations.filter(({ file }) => isNew(file));
        for (const { file, material } of imported) {
          materials.insertPrepared(material);
          store.add(receiptKey(file), file.path, now);
        }
        return { session_id: sessionId, materials: imported.length, notes: noteCount, skipped_files: skipped.sort(), already_imported: alreadyImported };
      });
    },

    /**
     * `POST /import-config`: settings only into a profile that never saved any, keys only where
     * none is stored (or provided by the environment); the file itself is only read.
     */
    async importConfig(path: string): Promise<ImportConfigResult> {
      const text = await readEnvFile(path);
      const config = readLegacyConfig(text);
      const names = [...config.credentials].filter(([name]) => {
        const status = credentials.status(name);
        return !status.configured && !status.read_only;
      });
      const importSettings = !settings.everSaved() && Object.keys(config.settings).length > 0;
      return store.transaction((): ImportConfigResult => {
        for (const [name, value] of names) credentials.put(name, value);
        // Last: an invalid value (422) rolls the credentials back with it.
        if (importSettings) settings.update(config.settings);
        return { settings_imported: importSettings, credential_names: names.map(([name]) => name) };
      });
    },
  };
}

async function readEnvFile(path: string): Promise<string> {
  const refuse = (msg: string) => invalidRequest([{ loc: ['body', 'path'], msg, type: 'unreadable_file' }]);
  if (!isAbsolute(path)) throw refuse('the file must be given as an absolute path');
  if (/\.example$/i.test(basename(path))) throw refuse('this is a template (*.example), not a configuration');
  const stat = await lstat(path).catch(() => null);
  if (stat === null || !stat.isFile()) throw refuse('the file does not exist or is not a regular file');
  if (stat.size > limits.envFileMaxBytes) throw refuse(`the file is larger than ${limits.envFileMaxBytes / 1024} KiB`);
  const bytes = await readFile(path).catch(() => null);
  const text = bytes === null ? null : decodeStrictText(bytes);
  if (text === null) throw refuse('the file cannot be read as text');
  return text;
}

export type LegacyService = ReturnType<typeof createLegacyService>;
