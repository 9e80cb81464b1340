import { readFileSync } from 'node:fs';
import { Type, type Static } from '@sinclair/typebox';
import { models as limits, senseVoiceFiles } from '../../config.js';
import { createAjv } from '../../platform/ajv.js';
import { StartupError } from '../../platform/startup-error.js';
import { ModelKindSchema } from './schemas.js';

const sha256Pattern = '^[0-9a-f]{64}$';

const ManifestFileSchema = Type.Object({
  /** A plain file name: the file lands in the model's own folder under this name. */
  name: Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$' }),
  url: Type.String({ minLength: 1 }),
  /** Approximate for unpinned files (free-space check and progress only). */
  size_bytes: Type.Integer({ minimum: 1 }),
  /** Pinned digest, or null where nobody has verified the publisher's file (see models.md). */
  sha256: Type.Union([Type.String({ pattern: sha256Pattern }), Type.Null()]),
});
export type ManifestFile = Static<typeof ManifestFileSchema>;

const ManifestEntrySchema = Type.Object({
  id: Type.String({ pattern: '^[a-z0-9][a-z0-9._-]{0,99}$' }),
  kind: ModelKindSchema,
  name: Type.String({ minLength: 1 }),
  description: Type.String(),
  license: Type.String(),
  license_url: Type.String(),
  source_url: Type.String(),
  files: Type.Array(ManifestFileSchema, { minItems: 1 }),
});
export type ManifestEntry = Static<typeof ManifestEntrySchema>;

/** A replacement manifest (`LECTERN_MODEL_MANIFEST`): every digest pinned, since tests and developers make their own files. */
const ManifestOverrideSchema = Type.Object({
  models: Type.Array(
    Type.Object({ ...ManifestEntrySchema.properties, files: Type.Array(Type.Object({ ...ManifestFileSchema.properties, sha256: Type.String({ pattern: sha256Pattern }) }), { minItems: 1 }) }),
  ),
});

const senseVoiceRepo = 'https://huggingface.co/csukuangfj/sherpa-onnx-sense-voice-zh-en-ja-ko-yue-2024-07-17';
const qwenRepo = 'https://huggingface.co/Qwen/Qwen2.5-1.5B-Instruct-GGUF';

/**
 * The models Lectern ships knowledge of. The publishers' exact sizes and digests could not be
 * learned where this was written, so no digest is pinned (null) rather than one invented: the
 * installer then verifies what it can (HTTPS, size within tolerance, the server's own sha256
 * header) and records the digest it computed, which later loads check against.
 */
export const builtInManifest: readonly ManifestEntry[] = [
  {
    id: 'sensevoice-small',
    kind: 'asr',
    name: 'SenseVoice Small (int8) + Silero VAD',
    description: 'Offline speech recognition for Chinese, English, Japanese, Korean and Cantonese, run by sherpa-onnx.',
    license: 'FunAudioLLM SenseVoice model license; Silero VAD: MIT',
    license_url: senseVoiceRepo,
    source_url: senseVoiceRepo,
    files: [
      { name: senseVoiceFiles.model, url: `${senseVoiceRepo}/resolve/main/${senseVoiceFiles.model}`, size_bytes: limits.senseVoiceModelApproxBytes, sha256: null },
      { name: senseVoiceFiles.tokens, url: `${senseVoiceRepo}/resolve/main/${senseVoiceFiles.tokens}`, size_bytes: limits.senseVoiceTokensApproxBytes, sha256: null },
      {
        name: senseVoiceFiles.vad,
        url: `https://github.com/k2-fsa/sherpa-onnx/releases/download/asr-models/${senseVoiceFiles.vad}`,
        size_bytes: Math.round(limits.sileroVadApproxBytes),
        sha256: null,
      },
    ],
  },
  {
    id: 'qwen2.5-1.5b-instruct',
    kind: 'llm',
    name: 'Qwen2.5 1.5B Instruct (GGUF Q4_K_M)',
    description: 'A small instruction-tuned language model for the assistant, run on the CPU by node-llama-cpp.',
    license: 'Apache-2.0',
    license_url: 'https://www.apache.org/licenses/LICENSE-2.0',
    source_url: qwenRepo,
    files: [
      {
        name: 'qwen2.5-1.5b-instruct-q4_k_m.gguf',
        url: `${qwenRepo}/resolve/main/qwen2.5-1.5b-instruct-q4_k_m.gguf`,
        size_bytes: limits.qwen25InstructQ4ApproxBytes,
        sha256: null,
      },
    ],
  },
];

/** The manifest in force: the file `LECTERN_MODEL_MANIFEST` names, else the built-in one. */
export function loadManifest(environment: NodeJS.ProcessEnv): readonly ManifestEntry[] {
  const path = environment.LECTERN_MODEL_MANIFEST?.trim();
  if (!path) return builtInManifest;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new StartupError('invalid_model_manifest', `LECTERN_MODEL_MANIFEST cannot be read as JSON: ${(error as Error).message}`);
  }
  // AJV, the validator every request body goes through, rather than a second one for this file.
  const valid = createAjv({ strict: false, validateSchema: false }).compile<Static<typeof ManifestOverrideSchema>>(ManifestOverrideSchema);
  if (!valid(parsed)) {
    const first = valid.errors?.[0];
    throw new StartupError('invalid_model_manifest', `LECTERN_MODEL_MANIFEST is not a valid manifest (${first?.instancePath || '/'}: ${first?.message ?? 'invalid'}); every file needs a pinned sha256`);
  }
  const ids = new Set<string>();
  for (const entry of parsed.models) {
    if (ids.has(entry.id)) throw new StartupError('invalid_model_manifest', `LECTERN_MODEL_MANIFEST lists the model ${entry.id} twice`);
    ids.add(entry.id);
    if (new Set(entry.files.map((file) => file.name)).size !== entry.files.length) {
      throw new StartupError('invalid_model_manifest', `LECTERN_MODEL_MANIFEST lists a file of ${entry.id} twice`);
    }
  }
  return parsed.models;
}

export const approximateSizeOf = (entry: ManifestEntry): number => entry.files.reduce((sum, file) => sum + file.size_bytes, 0);
