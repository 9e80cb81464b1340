/**
 * Loom parse throughput on one core. Target: at least 10 MB/s of source through the whole
 * front end (lexer + parser, diagnostics included).
 *
 * Input: a generated program of realistic declarations (agents, protocols, tools, flows with
 * control flow, matches, pipelines and interpolated strings, servers, jobs) of at least 5 MB,
 * plus the public Nexa example corpus when it has been extracted to /tmp/nexa-examples.
 * Run: node --import tsx bench/loom-parse.bench.ts
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '../packages/loom/src/syntax/parser.js';

const GENERATED_MIN_BYTES = 5 * 1024 * 1024;
const EXAMPLE_CORPUS_DIR = '/tmp/nexa-examples';
const WARMUP_RUNS = 2;
const MEASURED_RUNS = 5;
const TARGET_MB_PER_S = 10;
const BYTES_PER_MB = 1024 * 1024;

/** One block of declarations; `n` keeps every name unique so the program stays valid. */
function declarationBlock(n: number): string {
  return `
// ---- module ${n} ------------------------------------------------------------
protocol Report${n} {
    title: "string",
    score: float,
    tags: list[str],
    notes: Option[str]
}

tool fetch_page_${n} {
    description: "Fetch a page and return its text",
    parameters: { "url": "string", "timeout": "int" }
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
        stored = std.fs.write_file("reports/${n}.md", draft.title + "\\n" + summary)
    } catch (err) {
        print("could not store report ${n}: " + err)
    }
    return draft ?? Report${n}(title: topic, score: 0.0, tags: [], notes: none)
}
`;
}

function generatedProgram(): string {
  const blocks: string[] = [];
  let size = 0;
  for (let n = 0; size < GENERATED_MIN_BYTES; n++) {
    const block = declarationBlock(n);
    blocks.push(block);
    size += block.length;
  }
  return blocks.join('');
}

function exampleCorpus(): string[] {
  if (!existsSync(EXAMPLE_CORPUS_DIR)) return [];
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.nx') || name.endsWith('.nxlib')) files.push(readFileSync(path, 'utf8'));
    }
  };
  walk(EXAMPLE_CORPUS_DIR);
  return files;
}

/** Parses every source once; returns seconds taken and diagnostics seen. */
function parseAll(sources: readonly string[]): { seconds: number; diagnostics: number } {
  const started = performance.now();
  let diagnostics = 0;
  for (const source of sources) diagnostics += parse(source, 'bench.nx').diagnostics.length;
  return { seconds: (performance.now() - started) / 1000, diagnostics };
}

function measure(label: string, sources: readonly string[]): number {
  const bytes = sources.reduce((total, source) => total + Buffer.byteLength(source), 0);
  for (let i = 0; i < WARMUP_RUNS; i++) parseAll(sources);
  const rates: number[] = [];
  let diagnostics = 0;
  for (let i = 0; i < MEASURED_RUNS; i++) {
    const run = parseAll(sources);
    diagnostics = run.diagnostics;
    rates.push(bytes / BYTES_PER_MB / run.seconds);
  }
  rates.sort((a, b) => a - b);
  const median = rates[Math.floor(rates.length / 2)] as number;
  console.log(`${label}: ${(bytes / BYTES_PER_MB).toFixed(2)} MB in ${sources.length} file(s), `
    + `median ${median.toFixed(1)} MB/s (min ${rates[0]?.toFixed(1)}, max ${rates.at(-1)?.toFixed(1)}), `
    + `${diagnostics} diagnostics`);
  return median;
}

const generatedRate = measure('generated program', [generatedProgram()]);
const corpus = exampleCorpus();
if (corpus.length > 0) measure('Nexa example corpus', corpus);
else console.log(`Nexa example corpus: not found in ${EXAMPLE_CORPUS_DIR}, skipped`);
console.log(`target ≥ ${TARGET_MB_PER_S} MB/s: ${generatedRate >= TARGET_MB_PER_S ? 'met' : 'NOT met'}`);
