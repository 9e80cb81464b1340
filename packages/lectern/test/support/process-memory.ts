import { readFileSync } from 'node:fs';

/** A process's resident set size in bytes, as the kernel reports it (`VmRSS` in /proc/PID/status). */
export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
  if (kib === undefined) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kib) * 1024;
}

const words = [
  'enzyme', 'substrate', 'activation', 'energy', 'catalyst', 'equilibrium', 'membrane', 'protein', 'gradient', 'diffusion',
  'osmosis', 'glucose', 'pyruvate', 'oxidation', 'electron', 'transport', 'chain', 'gradient', 'synthase', 'mitochondria',
  'the', 'of', 'and', 'a', 'to', 'in', 'is', 'that', 'we', 'this', 'will', 'on', 'for', 'remember', 'because', 'so',
];

/**
 * Transcript text of exactly `chars` characters that differs from entry to entry (as speech
 * does), so nothing downstream can share one string or one analysis between entries.
 */
export function lectureText(seed: number, chars: number): string {
  let text = '';
  let state = seed * 2654435761 + 1;
  while (text.length < chars) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const word = words[state % words.length]!;
    text += state % 17 === 0 ? `${word}${state % 1000}. ` : `${word} `;
  }
  return text.slice(0, chars - 1) + '.';
}
