import { Type, type Static } from '@sinclair/typebox';

export const modelStates = ['missing', 'downloading', 'verifying', 'loading', 'ready', 'failed', 'cancelled'] as const;
export type ModelState = (typeof modelStates)[number];

export const ModelKindSchema = Type.Union([Type.Literal('asr'), Type.Literal('llm')]);
export type ModelKind = Static<typeof ModelKindSchema>;

/** The contract's model record: the manifest's facts plus where its installation stands. */
export const ModelSchema = Type.Object(
  {
    id: Type.String(),
    kind: ModelKindSchema,
    name: Type.String(),
    description: Type.String(),
    license: Type.String(),
    license_url: Type.String(),
    source_url: Type.String(),
    size_bytes: Type.Integer({ description: "Approximate total of the model's files (0 for system packages)" }),
    state: Type.Unsafe<ModelState>({ type: 'string', enum: [...modelStates] }),
    bytes_done: Type.Integer(),
    bytes_total: Type.Integer(),
    error: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'Model' },
);
export type Model = Static<typeof ModelSchema>;

export const ModelList = Type.Object({ items: Type.Array(Type.Ref(ModelSchema.$id ?? 'Model')) });

export const ModelIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });
export type ModelIdParams = Static<typeof ModelIdParams>;

/** What a `model.installation` frame carries: the record and the transfer rate at that moment. */
export interface ModelInstallationEvent {
  model: Model;
  rate_bytes_per_second: number;
}

export const engineStates = ['cold', 'warming', 'ready', 'failed'] as const;
export type EngineState = (typeof engineStates)[number];

const EngineStatusSchema = Type.Object({
  model_id: Type.Union([Type.String(), Type.Null()], { description: 'The model the engine runs or last tried; null before any start' }),
  state: Type.Unsafe<EngineState>({ type: 'string', enum: [...engineStates] }),
  error: Type.Union([Type.String(), Type.Null()]),
});
export type EngineStatus = Static<typeof EngineStatusSchema>;

/** `GET /models/runtime` and the `models.runtime` event: how far each engine is from answering. */
export const ModelRuntimeSchema = Type.Object(
  {
    ready: Type.Boolean({ description: 'No engine is warming or failed, and at least one is ready' }),
    asr: EngineStatusSchema,
    llm: EngineStatusSchema,
  },
  { $id: 'ModelRuntime' },
);
export type ModelRuntime = Static<typeof ModelRuntimeSchema>;

export const ModelStarted = Type.Object({
  status: Type.Literal('ready'),
  model_id: Type.String(),
  context_characters: Type.Integer({ description: 'The prompt budget the model holds, in characters (0 for a recogniser)' }),
});
export type ModelStarted = Static<typeof ModelStarted>;
