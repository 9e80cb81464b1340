// AJV, loaded on the first request that validates something rather than at start-up. It is a
// sixth of the JavaScript the service would otherwise parse before its ready line, and no
// route needs it until a request arrives. Loaded with require, not import(), because Fastify
// asks for a validator synchronously; the bundle leaves `ajv` in node_modules (scripts/build.mjs)
// so that this is the only copy.
import { createRequire } from 'node:module';
import type * as AjvModuleNamespace from 'ajv';
import type { Ajv, Options } from 'ajv';

type AjvModule = typeof AjvModuleNamespace;

let loaded: AjvModule | undefined;

function ajvModule(): AjvModule {
  loaded ??= createRequire(import.meta.url)('ajv') as AjvModule;
  return loaded;
}

/** A new AJV instance; the first call loads the library (tens of milliseconds). */
export function createAjv(options: Options): Ajv {
  return new (ajvModule().Ajv)(options);
}

/**
 * Loads the library now, so the first validated request does not pay for it: called once the
 * service has announced it is ready.
 */
export function preloadAjv(): void {
  ajvModule();
}
