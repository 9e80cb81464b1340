// The resolve hook behind register.mjs: reports each resolved URL with the time it was resolved.
let port;

export function initialize(data) {
  port = data.port;
}

export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context);
  port.postMessage({ url: result.url, atMs: Date.now() });
  return result;
}
