import { readdirSync, readFileSync } from 'node:fs';

/** A process's resident set size in bytes, as the kernel reports it (`VmRSS` in /proc/PID/status). */
export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
  if (kib === undefined) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kib) * 1024;
}

/** A process and all its descendants (the kernel lists each thread's children). */
export function processTree(pid: number): number[] {
  const tree = [pid];
  for (let next = 0; next < tree.length; next++) {
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${tree[next]}/task`);
    } catch {
      continue; // ended meanwhile
    }
    for (const task of tasks) {
      try {
        for (const child of readFileSync(`/proc/${tree[next]}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number)) {
          if (!tree.includes(child)) tree.push(child);
        }
      } catch {
        // the thread ended meanwhile
      }
    }
  }
  return tree;
}

/** The resident set of a process and its descendants together, in bytes. */
export function treeResidentBytes(pid: number): number {
  let total = 0;
  for (const member of processTree(pid)) {
    try {
      total += residentBytes(member);
    } catch {
      // ended meanwhile
    }
  }
  return total;
}

/**
 * The highest resident set of a process and its descendants while `work` runs, sampled every
 * few milliseconds (a child that lives a second is caught near its peak, not necessarily at it).
 */
export async function peakTreeResident<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakBytes: number }> {
  let peakBytes = treeResidentBytes(pid);
  const sampler = setInterval(() => (peakBytes = Math.max(peakBytes, treeResidentBytes(pid))), 5);
  try {
    const result = await work();
    return { result, peakBytes: Math.max(peakBytes, treeResidentBytes(pid)) };
  } finally {
    clearInterval(sampler);
  }
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
