import type { Static } from '@sinclair/typebox';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { limits } from '../../config.js';
import { ApiError, invalidRequest, type ValidationIssue } from '../../platform/errors.js';
import { SessionIdParams } from '../sessions/schemas.js';
import { listAudioDevices } from './capture/devices.js';
import { AudioDevicesSchema, ClipResultSchema } from './schemas.js';
import type { AudioService } from './service.js';
import { wavUploadMaxBytes } from './wav.js';

type IdParams = Static<typeof SessionIdParams>;
const tags = ['audio'];
const FILE_FIELD = 'file';
const SOURCE_ID_FIELD = 'source_id';

export interface AudioRoutesOptions {
  audio: AudioService;
  /** Where the sound system tools (pactl, arecord) are looked up and what they are run with. */
  environment: NodeJS.ProcessEnv;
  /** Runs when the server closes: recorders and decoder processes end with it. */
  release: () => Promise<void>;
}

export async function audioRoutes(app: FastifyInstance, { audio, environment, release }: AudioRoutesOptions): Promise<void> {
  app.addHook('onClose', release);

  app.get('/api/v2/audio/devices', {
    schema: {
      tags,
      summary: 'Input devices (PulseAudio sources, else ALSA); an empty list where none exist, 503 device_unavailable when the query fails',
      response: { 200: AudioDevicesSchema },
    },
  }, async () => ({ items: await listAudioDevices(environment) }));

  await app.register(multipart, { limits: { fileSize: wavUploadMaxBytes, files: 2, fields: 8, fieldSize: 1024, parts: 10 } });

  const clipSchema = {
      tags,
      summary: 'Transcribe an audio clip into the class (multipart `file`: PCM WAV 16-bit, mono or stereo, 8–48 kHz, ≤ 30 s; field `source_id`)',
      description:
        'Order of checks: decode (422, `detail[0].type` one of invalid_wav, unsupported_format, too_long, empty) → session (404) → receipt ' +
        '(same source_id and same PCM sha256 → 200 duplicate, even after stop; different audio → 409) → recording (409; microphone classes ' +
        'take no clips) → transcribe (503 model_unavailable). Silence or a repeat of recent lines → `entry: null`. Nothing is written ' +
        'if the class stops during transcription (409).',
      consumes: ['multipart/form-data'],
      params: SessionIdParams,
      response: { 200: ClipResultSchema },
  };
  app.post<{ Params: IdParams }>('/api/v2/sessions/:id/audio', { schema: clipSchema }, async (request) => {
    const { file, sourceId } = await readClip(request);
    return audio.transcribeClip(request.params.id, sourceId, file);
  });
}

/** The `file` part and the `source_id` field; both are checked before anything else (422). */
async function readClip(request: FastifyRequest): Promise<{ file: Buffer; sourceId: string }> {
  if (!request.isMultipart()) throw new ApiError('bad_request', 'Send the clip as multipart/form-data with the fields "file" and "source_id"');
  let file: Buffer | undefined;
  let sourceId: string | undefined;
  let tooLarge = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === FILE_FIELD && file === undefined) {
          file = await part.toBuffer();
        } else part.file.resume();
      } else if (part.fieldname === SOURCE_ID_FIELD && typeof part.value === 'string') {
        sourceId = part.value.trim();
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw new ApiError('bad_request', 'The multipart body could not be read');
    tooLarge = true;
  }
  const issues: ValidationIssue[] = [];
  if (tooLarge) issues.push({ loc: ['body', FILE_FIELD], msg: 'the file is larger than any valid 30 s clip', type: 'too_long' });
  else if (file === undefined) issues.push({ loc: ['body', FILE_FIELD], msg: 'a WAV file is required', type: 'required' });
  if (sourceId === undefined || sourceId.length === 0 || sourceId.length > limits.sourceIdMaxChars) {
    issues.push({ loc: ['body', SOURCE_ID_FIELD], msg: `source_id must be 1..${limits.sourceIdMaxChars} characters`, type: 'string_length' });
  }
  if (issues.length > 0) throw invalidRequest(issues);
  return { file: file!, sourceId: sourceId! };
}
