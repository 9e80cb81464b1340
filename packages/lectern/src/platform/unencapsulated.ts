import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify';

/**
 * Lets a plugin act on the instance it is registered on instead of a child context of its own.
 * Fastify encapsulates every plugin, so an error handler or hook set inside one would not reach
 * the features registered beside it. The symbol is the one `fastify-plugin` sets; setting it
 * here spares a dependency for one line.
 */
export function unencapsulated<Options extends FastifyPluginOptions>(plugin: FastifyPluginAsync<Options>): FastifyPluginAsync<Options> {
  return Object.assign(plugin, { [Symbol.for('skip-override')]: true });
}
