import { Type, type Static } from '@sinclair/typebox';
import { defaults, limits } from '../../config.js';

export const sessionSources = ['text', 'browser', 'microphone', 'remote'] as const;
export const sessionStatuses = ['starting', 'recording', 'paused', 'stopped', 'interrupted', 'error'] as const;

export const SessionSchema = Type.Object(
  {
    id: Type.String(),
    course_name: Type.String(),
    source: Type.Union([...sessionSources, 'import'].map((s) => Type.Literal(s))),
    material_id: Type.Union([Type.String(), Type.Null()]),
    status: Type.Union(sessionStatuses.map((s) => Type.Literal(s))),
    created_at: Type.String({ format: 'date-time' }),
    ended_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    entry_count: Type.Integer({ minimum: 0 }),
  },
  { $id: 'Session' },
);
export type Session = Static<typeof SessionSchema>;
export type SessionStatus = (typeof sessionStatuses)[number];
export type SessionSource = Session['source'];

export const CreateSessionBody = Type.Object(
  {
    course_name: Type.Optional(
      Type.String({ maxLength: limits.courseNameMaxChars, default: defaults.courseName, description: 'Trimmed; blank (after trimming) means the default' }),
    ),
    source: Type.Optional(Type.Union(sessionSources.map((s) => Type.Literal(s)), { default: 'text' })),
    material_id: Type.Optional(Type.Union([Type.String({ minLength: 1 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type CreateSessionBody = Static<typeof CreateSessionBody>;

export const UpdateSessionBody = Type.Object(
  {
    material_id: Type.Union([Type.String({ minLength: 1 }), Type.Null()], { description: 'The material answers are grounded in; null for none' }),
  },
  { additionalProperties: false },
);
export type UpdateSessionBody = Static<typeof UpdateSessionBody>;

export const SessionIdParams = Type.Object({ id: Type.String() });

export const SessionsPageQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: limits.sessionsPageMax, default: limits.sessionsPageDefault })),
  before: Type.Optional(Type.String({ pattern: '^[0-9]+$', description: 'The `next_before` cursor of the previous page' })),
});

export const SessionsPage = Type.Object({
  items: Type.Array(Type.Ref(SessionSchema)),
  next_before: Type.Union([Type.String(), Type.Null()]),
});

export const StatusResponse = Type.Object({
  session: Type.Union([Type.Ref(SessionSchema), Type.Null()]),
  source: Type.Union([Type.String(), Type.Null()]),
});

export const StopResponse = Type.Object({
  ...SessionSchema.properties,
  summary_task_id: Type.Union([Type.String(), Type.Null()]),
});
