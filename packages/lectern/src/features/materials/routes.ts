import type { Static } from '@sinclair/typebox';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { limits as limitsOfRequests, materials as limits } from '../../config.js';
import { ApiError, invalidRequest } from '../../platform/errors.js';
import type { MaterialService } from './service.js';
import { summaryOf } from './service.js';
import { MaterialIdParams, MaterialsPage, MaterialsPageQuery, type Material } from './schemas.js';

type IdParams = Static<typeof MaterialIdParams>;
const tags = ['materials'];
const FILE_FIELD = 'file';

export interface MaterialRoutesOptions {
  materials: MaterialService;
}

export async function materialRoutes(app: FastifyInstance, { materials }: MaterialRoutesOptions): Promise<void> {
  // Form fields besides the file are few and short; the file itself is bounded here and the
  // whole body by the request guard's multipart ceiling.
  await app.register(multipart, { limits: { fileSize: limits.fileMaxBytes, files: 4, fields: 16, fieldSize: 1024, parts: 20 } });

  app.post('/api/v2/materials', {
    schema: {
      tags,
      summary: 'Upload a course material (multipart field `file`: PDF, PPTX, DOCX, TXT or Markdown, ≤ 25 MiB)',
      description:
        'The format is sniffed from the content. 415 for formats Lectern does not read (legacy .ppt/.doc too); 422 for a file of a format it reads ' +
        'that cannot be read, including a .pdf, .pptx or .docx name whose content is not such a file (truncated, damaged), with `detail[0].type` naming the reason ' +
        '(corrupt, no_text, encrypted, too_many_pages, too_many_characters, archive_too_many_entries, archive_too_large, ' +
        'archive_suspicious_ratio, streams_too_large, streams_suspicious_ratio, timeout, out_of_memory). Nothing is stored when the upload is refused.',
      consumes: ['multipart/form-data'],
      response: { 201: { $ref: 'Material' } },
    },
  }, async (request, reply) => reply.code(201).send(await uploadFilePart(request, materials)));

  app.get<{ Querystring: Static<typeof MaterialsPageQuery> }>('/api/v2/materials', {
    schema: { tags, summary: 'Materials without their text, newest first', querystring: MaterialsPageQuery, response: { 200: MaterialsPage } },
  }, async (request) => {
    const page = materials.page(request.query.limit ?? limits.pageDefault, request.query.before);
    return { items: page.items, next_before: page.nextBefore };
  });

  app.get<{ Params: IdParams }>('/api/v2/materials/:id', {
    schema: { tags, summary: 'One material with its text and pages', params: MaterialIdParams, response: { 200: { $ref: 'Material' } } },
  }, async (request) => materials.get(request.params.id));

  app.delete<{ Params: IdParams }>('/api/v2/materials/:id', {
    schema: {
      tags,
      summary: 'Delete a material; sessions that used it keep working without it',
      params: MaterialIdParams,
      response: { 200: { $ref: 'MaterialSummary' } },
    },
  }, async (request) => summaryOf(materials.delete(request.params.id)));
}

/**
 * Parses the `file` part as it arrives: it is streamed into the parse process, so the server
 * never holds the file (a 25 MiB buffer outlives its request until the next full garbage
 * collection, tens of MB per upload). Other parts are drained and ignored.
 */
async function uploadFilePart(request: FastifyRequest, materials: MaterialService): Promise<Material> {
  if (!request.isMultipart()) throw new ApiError('bad_request', 'Send the file as multipart/form-data in the field "file"');
  let material: Material | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname === FILE_FIELD && material === undefined) {
        material = await materials.upload({ content: chunksOf(part.file), filename: part.filename, maxBytes: Math.min(declaredLength(request), limits.fileMaxBytes) });
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    throw new ApiError('bad_request', 'The multipart body could not be read');
  }
  if (material === undefined) throw invalidRequest([{ loc: ['body', FILE_FIELD], msg: 'a file is required', type: 'required' }]);
  return material;
}

const fileTooLarge = () => new ApiError('too_large', `The file is larger than ${limits.fileMaxBytes / (1024 * 1024)} MiB`);

/** The request body's declared length (the guard holds a multipart body to its ceiling), else that ceiling. */
function declaredLength(request: FastifyRequest): number {
  const length = Number(request.headers['content-length']);
  return Number.isSafeInteger(length) && length > 0 ? length : limitsOfRequests.multipartBodyMaxBytes;
}

/** The file's chunks; a file cut short at the size limit is refused (413) rather than parsed. */
async function* chunksOf(file: MultipartFile['file']): AsyncIterable<Uint8Array> {
  for await (const chunk of file as AsyncIterable<Buffer>) {
    if (file.truncated) throw fileTooLarge();
    yield chunk;
  }
  if (file.truncated) throw fileTooLarge();
}
