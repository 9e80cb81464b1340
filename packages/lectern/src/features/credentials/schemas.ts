import { Type, type Static } from '@sinclair/typebox';
import { credentials } from '../../config.js';

/** Keys Lectern can hold: the LLM endpoint, the speech service, and the ClassFox provider keys. */
export const credentialNames = ['llm', 'asr', 'dashscope', 'seed_app', 'seed_access', 'seed_api'] as const;
export type CredentialName = (typeof credentialNames)[number];

export const credentialValueMaxChars = credentials.valueMaxChars;

export const CredentialStatusSchema = Type.Object({
  name: Type.String(),
  configured: Type.Boolean(),
  read_only: Type.Boolean({ description: 'Provided by the environment (`LECTERN_<NAME>_KEY`); PUT and DELETE answer 409' }),
  updated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type CredentialStatus = Static<typeof CredentialStatusSchema>;

export const CredentialList = Type.Object({ items: Type.Array(CredentialStatusSchema) });

export const CredentialNameParams = Type.Object({
  name: Type.String({ description: `One of ${credentialNames.join(', ')}; any other name is a 404` }),
});
export type CredentialNameParams = Static<typeof CredentialNameParams>;

export const PutCredentialBody = Type.Object(
  {
    value: Type.String({
      minLength: 1,
      maxLength: credentialValueMaxChars,
      // Keys travel in HTTP headers, which cannot carry other characters: a key pasted with a
      // stray non-ASCII character is refused here rather than failing every later request.
      pattern: '^\\s*[\\x21-\\x7E]+\\s*$',
      description: 'Write-only; trimmed; visible ASCII characters only (keys travel in HTTP headers). Never returned or logged',
    }),
  },
  { additionalProperties: false },
);
export type PutCredentialBody = Static<typeof PutCredentialBody>;

export const CredentialConfigured = Type.Object({ name: Type.String(), configured: Type.Boolean() });
export type CredentialConfigured = Static<typeof CredentialConfigured>;
