import { createServer } from 'node:net';

/**
 * A loopback port free right now, so a Lectern restarted on purpose comes back where the page
 * (or the event stream) expects it.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
