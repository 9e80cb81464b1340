import { spawn } from 'node:child_process';
import { models as limits } from '../../../config.js';
import type { ManifestEntry } from '../manifest.js';
import type { ProbeJob, ProbeOutcome } from './job.js';

/** The model did not prove it loads and answers: its files are not kept. */
export class ProbeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProbeError';
  }
}

/** How to start the child: its bundle beside Lectern's, or its source through tsx in development. */
function childCommand(job: ProbeJob): string[] {
  const argument = JSON.stringify(job);
  if (!import.meta.url.endsWith('.ts')) return [new URL('./model-probe.mjs', import.meta.url).pathname, argument];
  return ['--import', 'tsx', new URL('./child.ts', import.meta.url).pathname, argument];
}

const lastLine = (text: string): string => text.trim().split('\n').pop()?.slice(0, 300) ?? '';

/**
 * Loads the model in a child process and asks it a fixed prompt (LLM) or to decode a second
 * of silence (ASR). A crash, a timeout, an error or an empty reply is a ProbeError.
 */
export function probeInChildProcess(entry: ManifestEntry, dir: string, timeoutMs: number = limits.probeTimeoutMs): Promise<string> {
  const job: ProbeJob = { kind: entry.kind, dir, files: entry.files.map((file) => file.name) };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, childCommand(job), { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout = (stdout + text).slice(-64 * 1024)));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr = (stderr + text).slice(-64 * 1024)));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new ProbeError(`The load probe did not finish within ${Math.round(timeoutMs / 1000)} s`));
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new ProbeError(`The load probe could not start: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      let outcome: ProbeOutcome | null = null;
      try {
        outcome = JSON.parse(lastLine(stdout)) as ProbeOutcome;
      } catch {
        outcome = null;
      }
      if (outcome?.ok === true) return resolve(outcome.reply);
      if (outcome?.ok === false) return reject(new ProbeError(`The model did not load: ${outcome.message}`));
      const how = signal !== null ? `was killed by ${signal}` : `exited with status ${code ?? '?'}`;
      const detail = lastLine(stderr);
      reject(new ProbeError(`The load probe ${how}${detail ? ` (${detail})` : ''}`));
    });
  });
}
