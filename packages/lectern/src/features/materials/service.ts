import { randomUUID } from 'node:crypto';
import { codePointCount } from '../../answer-engine/text/surrogates.js';
import type { MaterialText } from '../../answer-engine/types.js';
import { ApiError, notFound } from '../../platform/errors.js';
import type { EventPublisher } from '../../platform/events.js';
import type { SessionService } from '../sessions/service.js';
import type { MaterialEvents } from './events.js';
import { safeBasename } from './filename.js';
import { MaterialRejected, joinPages } from './parsing/extracted.js';
import type { FileContent, MaterialParser } from './parsing/parse-in-worker.js';
import type { Material, MaterialSummary } from './schemas.js';
import type { MaterialStore, MaterialsPageRows } from './store.js';

export interface MaterialServiceDeps {
  store: MaterialStore;
  sessions: SessionService;
  hub: EventPublisher<MaterialEvents>;
  parser: MaterialParser;
}

export interface UploadedFile {
  /** The bytes, or a stream of them as an upload arrives (passed on to the parse as it comes). */
  content: FileContent;
  /** As the client sent it; reduced to a safe basename here. */
  filename: string | undefined;
  /** At most how many bytes a stream brings (counted against the parse memory budget). */
  maxBytes?: number;
}

export function summaryOf(material: Material): MaterialSummary {
  const { text: _text, page_label: _label, page_texts: _pages, ...summary } = material;
  return summary;
}

export function createMaterialService(deps: MaterialServiceDeps) {
  const { store, sessions, hub, parser } = deps;

  function require(id: string): Material {
    const material = store.get(id);
    if (!material) throw notFound('Material');
    return material;
  }

  function save(material: Material): Material {
    store.insert(material);
    hub.publish('material.created', null, summaryOf(material));
    return material;
  }

  /** Parses the file in its own process into the record it would be stored as; a refusal is a 415 or 422 ApiError. */
  async function prepare(file: UploadedFile): Promise<Material> {
    const filename = safeBasename(file.filename);
    let parsed;
    try {
      parsed = await parser.parse(file.content, filename, file.maxBytes);
    } catch (error) {
      if (!(error instanceof MaterialRejected)) throw error;
      if (error.reason === 'unsupported') throw new ApiError('unsupported_media_type', error.message);
      throw new ApiError('invalid_request', error.message, [{ loc: ['body', 'file'], msg: error.message, type: error.reason }]);
    }
    const text = joinPages(parsed.pages.filter((page) => page.text.length > 0));
    return {
      id: randomUUID(),
      filename,
      content_type: parsed.contentType,
      size_bytes: parsed.byteLength,
      characters: codePointCount(text),
      pages: parsed.pageLabel === null ? null : parsed.pages.length,
      sha256: parsed.sha256,
      created_at: new Date().toISOString(),
      text,
      page_label: parsed.pageLabel,
      page_texts: parsed.pages,
    };
  }

  return {
    get: require,

    page(limit: number, before: string | undefined): MaterialsPageRows {
      return store.page(limit, before === undefined ? undefined : Number(before));
    },

    /** Parses the file in its own process; a refused file leaves nothing behind (nothing is stored before the parse succeeds). */
    async upload(file: UploadedFile): Promise<Material> {
      return save(await prepare(file));
    },

    /**
     * The legacy import's two steps: parse first (in the worker, outside any transaction), then
     * store synchronously inside its one transaction (`material.created` leaves when it commits).
     */
    prepare,
    insertPrepared: save,

    /**
     * Sessions that used it keep working without it: their material_id is cleared in the same
     * transaction as the delete (a failed delete leaves them as they were), and their `session`
     * events go out once it has committed.
     */
    delete(id: string): Material {
      const material = require(id);
      store.transaction(() => {
        sessions.detachMaterial(id);
        store.delete(id);
      });
      return material;
    },

    /** What the assistant reads of a class's material; null once it has been deleted. */
    forContext(id: string): MaterialText | null {
      const material = store.get(id);
      if (!material) return null;
      return { filename: material.filename, text: material.text, pageLabel: material.page_label, pages: material.page_texts };
    },
  };
}

export type MaterialService = ReturnType<typeof createMaterialService>;
