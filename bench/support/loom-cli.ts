// Timing Loom's real CLI in fresh processes, shared by the start-up bench and the performance
// budget: a hello-world program, the 8 MB one-file program `loom validate` is measured on, and
// a spawn timer that also reads the child's CPU time.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const LOOM_BIN = fileURLToPath(new URL('../../packages/loom/bin/loom.js', import.meta.url));
export const VALIDATE_PROGRAM_BYTES = 8 * 1024 * 1024;
export const BYTES_PER_MB = 1024 * 1024;
/** Linux's USER_HZ, the unit of /proc's CPU times, on every architecture Node supports. */
const CLOCK_TICKS_PER_SECOND = 100;

export const HELLO = 'flow main {\n    print("hello")\n}\n';

/**
 * One block of declarations, `n` keeping names unique, written the way the checker accepts
 * (a `@tool fn`, not a `tool` block, `std.fs.write`, no protocol called as a value), so the
 * parse bench and `loom validate` check all of it rather than stopping at the first errors.
 */
export function declarationBlock(n: number): string {
  return `
// ---- module ${n} ------------------------------------------------------------
protocol Report${n} {
    title: "string",
    score: "float",
    tags: "list[str]",
    notes: "Option[str]"
}

@tool("Fetch a page and return its text")
fn fetch_page_${n}(url: str, timeout: int) -> str {
    return "page " + url
}

@limit(max_tokens=800)
@timeout(seconds=30)
agent Analyst${n} uses fetch_page_${n}, std.http implements Report${n}
    requires "input names a topic" {
    role: "Research analyst number ${n}",
    model: "deepseek/deepseek-chat",
    prompt: """
    You analyse the topic you are given and write a structured report.
    Keep it under three hundred words and cite your sources.
    """,
    cache: true,
    temperature: 0.3
}

agent Critic${n} {
    role: "Critic", model: "openai/gpt-4o-mini", prompt: "Find the weakest claim."
}

flow review_${n}(topic: str, rounds: int = 3) -> Report${n}
    requires rounds > 0
    ensures "the report answers the topic" {
    let draft = Analyst${n}.run("Research #{topic} in depth")?
    feedback = draft >> Critic${n} otherwise "no feedback"
    for each round in range(rounds) {
        if round == 0 and feedback != null {
            draft = Analyst${n}.run("Revise: #{feedback} (round #{round + 1})")
        } else if round > 1 {
            break
        } else {
            continue
        }
    }
    summary = topic |>> [Analyst${n}, Critic${n}] &>> Critic${n}
    label = match draft.score {
        100 => "perfect",
        n if n >= 80 => "good",
        intent("mentions risks") => "risky",
        _ => "weak"
    }
    try {
        stored = std.fs.write("reports/${n}.md", draft.title + "\\n" + summary)
    } catch (err) {
        print("could not store report ${n}: " + err)
    }
    return draft
}
`;
}

export function largeProgram(): string {
  const blocks: string[] = [];
  let bytes = 0;
  for (let n = 0; bytes < VALIDATE_PROGRAM_BYTES; n++) {
    const block = declarationBlock(n);
    blocks.push(block);
    bytes += block.length;
  }
  return blocks.join('');
}

export interface Sample {
  readonly wallMs: number;
  readonly cpuMs: number;
}

/** Runs `node ARGS` once; fails the bench if it does not exit as expected. */
export function timeNode(args: readonly string[], expectedStatus: number): Sample {
  const cpuBefore = childrenCpuMs();
  const started = performance.now();
  const child = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const wallMs = performance.now() - started;
  if (child.status !== expectedStatus) throw new Error(`node ${args.join(' ')} exited with ${child.status}: ${child.stderr.slice(0, 500)}`);
  return { wallMs, cpuMs: childrenCpuMs() - cpuBefore };
}

/**
 * User + system time of this process's waited-for children so far, in ms, from /proc (Linux;
 * NaN elsewhere): Node reports no child's resource usage, and the difference before and after
 * one spawnSync is that child's CPU time.
 */
function childrenCpuMs(): number {
  let stat: string;
  try {
    stat = readFileSync('/proc/self/stat', 'utf8');
  } catch {
    return Number.NaN;
  }
  // cutime and cstime are fields 16 and 17; the command name (field 2) may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS_PER_SECOND) * 1000;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

