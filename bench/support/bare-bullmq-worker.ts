/**
 * A bare BullMQ worker in a process of its own, the baseline of bench/loom-jobs.bench.ts:
 * the same work as the Loom job (`n + 1`) with nothing around it. Prints `ready` once it
 * takes jobs; runs until killed.
 * Run: node --import tsx bench/support/bare-bullmq-worker.ts REDIS_URL PREFIX QUEUE CONCURRENCY
 */
import { Worker } from 'bullmq';

const [url, prefix, queue, concurrency] = process.argv.slice(2);
if (url === undefined || prefix === undefined || queue === undefined || concurrency === undefined) {
  console.error('usage: bare-bullmq-worker.ts REDIS_URL PREFIX QUEUE CONCURRENCY');
  process.exit(64);
}
const worker = new Worker(queue, async (job) => (job.data as { args: { n: number } }).args.n + 1, {
  connection: { url, maxRetriesPerRequest: null },
  prefix,
  concurrency: Number(concurrency),
});
worker.on('error', (error) => console.error(error.message));
await worker.waitUntilReady();
console.log('ready');
