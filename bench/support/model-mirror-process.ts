/**
 * The model tests' loopback mirror in a process of its own, serving one file of N bytes at
 * /file.bin, so a benchmark's downloader and the server do not share an event loop (as curl
 * and the mirror would not). Prints `{"baseUrl"}` on stdout once listening; ends with stdin.
 * Run: node --import tsx bench/support/model-mirror-process.ts BYTES
 */
import { fileOf, startModelMirror } from '../../packages/lectern/test/support/model-mirror.js';

const bytes = Number(process.argv[2] ?? 0);
const mirror = await startModelMirror();
mirror.serve('/file.bin', fileOf(bytes, 99));
process.stdout.write(`${JSON.stringify({ baseUrl: mirror.baseUrl })}\n`);
process.stdin.resume();
process.stdin.on('end', () => void mirror.close().then(() => process.exit(0)));
