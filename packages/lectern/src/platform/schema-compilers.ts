import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import type { FastifySchema, FastifySchemaCompiler, FastifySerializerCompiler, FastifyServerOptions } from 'fastify';
import { createAjv } from './ajv.js';

/** What Fastify's `schemaController.compilersFactory` option takes. */
type SchemaCompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/**
 * Request validation and response serialisation tuned for a fast cold start.
 *
 * Fastify compiles every route's validators when the server becomes ready; with AJV that is
 * a good share of start-up time, paid before the desktop host gets its port. Here each
 * validator is compiled on its first use instead. Bodies are validated strictly (no type
 * coercion: `"5"` is not a number); query strings and path parameters are coerced, since
 * they only ever arrive as text.
 *
 * Responses are built by our own code from typed records, so they are serialised with plain
 * JSON.stringify; the response schemas document the API (OpenAPI) rather than filter it.
 *
 * Given to Fastify as its `schemaController.compilersFactory`, not set afterwards with
 * setValidatorCompiler: without a factory Fastify loads its own AJV and fast-json-stringify
 * compilers when the server is built, only for ours to replace them.
 */
export function schemaCompilers(sharedSchemas: readonly object[]): SchemaCompilersFactory {
  // validateSchema: false — the schemas are ours (TypeBox-built) and checking them against the
  // JSON Schema meta-schema means compiling that meta-schema first, the largest single cost
  // of start-up.
  const common = { useDefaults: true, allErrors: false, strict: false, removeAdditional: false, validateSchema: false } as const;
  // Even constructing an Ajv instance costs tens of milliseconds (it registers every keyword),
  // so each is made on the first request that needs it.
  const lazyAjv = (coerceTypes: false | 'array') => {
    let ajv: Ajv | undefined;
    return (): Ajv => {
      if (ajv === undefined) {
        ajv = createAjv({ ...common, coerceTypes });
        for (const schema of sharedSchemas) ajv.addSchema(schema);
      }
      return ajv;
    };
  };
  const bodyAjv = lazyAjv(false);
  const textAjv = lazyAjv('array');

  const validatorCompiler: FastifySchemaCompiler<FastifySchema> = ({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? bodyAjv : textAjv;
    let validate: ValidateFunction | undefined;
    return (data: unknown): { value?: unknown; error?: ErrorObject[] } => {
      validate ??= ajv().compile(schema);
      return validate(data) ? { value: data } : { error: validate.errors ?? [] };
    };
  };
  const serialize = (data: unknown) => JSON.stringify(data);
  const compilers: { buildValidator: () => FastifySchemaCompiler<FastifySchema>; buildSerializer: () => FastifySerializerCompiler<FastifySchema> } = {
    buildValidator: () => validatorCompiler,
    buildSerializer: () => () => serialize,
  };
  // Fastify's declaration of this option names @fastify/ajv-compiler's own types (a compile
  // function of a bare JSON schema); at run time Fastify calls the built compiler with the
  // route definition, exactly as a compiler given to setValidatorCompiler.
  return compilers as unknown as SchemaCompilersFactory;
}
