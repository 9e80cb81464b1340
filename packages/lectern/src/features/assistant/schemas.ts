import { Type, type Static } from '@sinclair/typebox';
import { assistant } from '../../config.js';
import { ErrorBodySchema } from '../../platform/errors.js';

export const taskKinds = ['rescue', 'catchup', 'summary', 'followup'] as const;
export const taskStatuses = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type TaskKind = (typeof taskKinds)[number];
export type TaskStatus = (typeof taskStatuses)[number];

const nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);
const nullableInt = Type.Union([Type.Integer(), Type.Null()]);

export const TaskSchema = Type.Object(
  {
    id: Type.String(),
    session_id: Type.String(),
    kind: Type.Union(taskKinds.map((k) => Type.Literal(k))),
    status: Type.Union(taskStatuses.map((s) => Type.Literal(s))),
    question: nullable(Type.String()),
    parent_id: nullable(Type.String()),
    created_at: Type.String({ format: 'date-time' }),
    started_at: nullable(Type.String({ format: 'date-time' })),
    finished_at: nullable(Type.String({ format: 'date-time' })),
    through_entry_id: Type.Union([Type.Integer({ description: 'The last entry the task saw; 0 when the class had none' }), Type.Null()]),
    markdown: Type.String(),
    stage: Type.String(),
    first_token_ms: nullableInt,
    total_ms: nullableInt,
    provider_calls: Type.Integer({ minimum: 0 }),
    summary_id: nullable(Type.String()),
    error_code: nullable(Type.String()),
    error_message: nullable(Type.String()),
  },
  { $id: 'Task' },
);
export type Task = Static<typeof TaskSchema>;

export const ChatTurnSchema = Type.Object(
  {
    role: Type.Union([Type.Literal('user'), Type.Literal('assistant')]),
    content: Type.String({ minLength: 1, maxLength: assistant.historyContentMaxChars }),
  },
  { additionalProperties: false },
);

export const CreateTaskBody = Type.Object(
  {
    kind: Type.Union(taskKinds.map((k) => Type.Literal(k))),
    question: Type.Optional(Type.String({ minLength: 1, maxLength: assistant.questionMaxChars, description: 'Trimmed before the length check; required for followup' })),
    parent_id: Type.Optional(Type.String({ minLength: 1, description: 'An earlier task of the same session whose answer this follows up' })),
    history: Type.Optional(Type.Array(ChatTurnSchema, { maxItems: assistant.historyMaxTurns })),
    recent_minutes: Type.Optional(Type.Integer({ minimum: 1, maximum: assistant.recentMinutesMax })),
  },
  { additionalProperties: false },
);
export type CreateTaskBody = Static<typeof CreateTaskBody>;

export const TaskIdParams = Type.Object({ id: Type.String() });
export const TaskListQuery = Type.Object({ session_id: Type.Optional(Type.String()) });
export const TaskList = Type.Object({ items: Type.Array(Type.Ref(TaskSchema)) });

export const ConnectionTestResult = Type.Object({
  ok: Type.Literal(true),
  provider: Type.String(),
  model: Type.String(),
  first_token_ms: Type.Integer(),
  total_ms: Type.Integer(),
});

/** The error envelope's fields, then the test's own: clients read it either way. */
export const ConnectionTestFailure = Type.Object({
  error: ErrorBodySchema.properties.error,
  message: ErrorBodySchema.properties.message,
  ok: Type.Literal(false),
  error_code: Type.String(),
  provider: Type.String(),
  model: Type.String(),
  first_token_ms: Type.Null(),
  total_ms: Type.Integer(),
});
