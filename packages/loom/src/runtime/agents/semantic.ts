/**
 * Semantic judgements: `semantic_if`, `loop ... until ("...")`, semantic `requires`/`ensures`,
 * `intent(...)` branches, the choice of `fork ... merge best_of` and the summaries of a
 * `smart_summarization` context window. The weak model judges them: `LOOM_WEAK_MODEL` (or `WEAK_MODEL`)
 * from secrets.nxs or the environment, else the model the generated code names as the
 * program's default (its first agent's), else `LOOM_DEFAULT_MODEL`. Judgements fail closed:
 * an unreachable model or an answer that is not a clear yes is "no", and an unclassifiable
 * input matches no intent. Verdicts are cached on disk per (model, condition, input),
 * whatever the agents' `cache`.
 */
import { LoomError } from '../../errors.js';
import { Agent, inputText } from './agent.js';
import type { AgentRuntime } from './runtime.js';
import type { RunOptions } from './spec.js';
import { parseModelReference } from '../providers/registry.js';

const JUDGE_PROMPT =
  'You decide whether a condition holds for an input. Answer with exactly one word: yes or no.';
const CLASSIFIER_PROMPT =
  'You route an input to the intent it expresses. Reply with only the number of the best matching intent, or 0 if none matches.';
const SUMMARIZER_PROMPT =
  'You summarize the earlier part of a conversation for the assistant that continues it. Keep facts, decisions and open questions; reply with the summary only.';
const SUMMARY_MAX_TOKENS = 400;
const CHOOSER_PROMPT =
  'You compare candidate answers to the same task and pick the best one. Reply with only the number of the best candidate.';
/** A verdict is one word or one number; a few tokens leave room for a trailing period. */
const VERDICT_MAX_TOKENS = 8;
const JUDGE_TIMEOUT_SECONDS = 30;
const YES = /^\W*(yes|true)\b/i;

export interface SemanticJudge {
  /** Whether `condition` holds for `input`; false when the model cannot say. */
  holds(condition: string, input: unknown, options?: RunOptions): Promise<boolean>;
  /** The index of the intent `input` expresses, or null when none does (or the model cannot say). */
  classify(input: unknown, intents: readonly string[], options?: RunOptions): Promise<number | null>;
  /** The index of the best of `candidates` (`fork ... merge best_of`), or null when the model cannot say. */
  best(candidates: readonly unknown[], options?: RunOptions): Promise<number | null>;
  /** A summary of `conversation` (a `smart_summarization` context window), or null when the model gives none. */
  summarize(conversation: string, options?: RunOptions): Promise<string | null>;
}

export interface SemanticJudgeOptions {
  /** Used when neither LOOM_WEAK_MODEL nor WEAK_MODEL is set. */
  readonly defaultModel?: string;
}

export function createSemanticJudge(runtime: AgentRuntime, options: SemanticJudgeOptions = {}): SemanticJudge {
  const model = runtime.weakModel ?? options.defaultModel ?? runtime.defaultModel;
  const judgeAgent = (name: string, prompt: string): Agent | undefined =>
    model === undefined
      ? undefined
      : new Agent({ name, model, prompt, temperature: 0, max_tokens: VERDICT_MAX_TOKENS, timeout: JUDGE_TIMEOUT_SECONDS, cache: true }, runtime);
  const judge = judgeAgent('semantic-judge', JUDGE_PROMPT);
  const classifier = judgeAgent('intent-classifier', CLASSIFIER_PROMPT);
  const chooser = judgeAgent('best-of-chooser', CHOOSER_PROMPT);
  const summarizer = model === undefined
    ? undefined
    : new Agent({ name: 'context-summarizer', model, prompt: SUMMARIZER_PROMPT, temperature: 0, max_tokens: SUMMARY_MAX_TOKENS, timeout: JUDGE_TIMEOUT_SECONDS, cache: true }, runtime);

  const ask = async (agent: Agent | undefined, input: string, runOptions: RunOptions | undefined): Promise<string | null> => {
    if (agent === undefined) {
      throw new LoomError('E101', 'a semantic condition needs a model to judge it: set LOOM_WEAK_MODEL (e.g. "openai/gpt-4o-mini") in secrets.nxs or the environment');
    }
    // A missing key or endpoint is a mistake to report, not a verdict to fail closed on.
    const { provider } = parseModelReference(agent.spec.model);
    runtime.providers.client(provider, agent.name);
    try {
      return String(await agent.run(input, runOptions));
    } catch (error) {
      if (runOptions?.signal?.aborted) throw error;
      // Failing closed: the trace already shows why the model gave no verdict.
      return null;
    }
  };

  return {
    async holds(condition, input, runOptions) {
      const verdict = await ask(judge, `Condition: ${condition}\n\nInput:\n${inputText(input)}`, runOptions);
      return verdict !== null && YES.test(verdict);
    },
    async classify(input, intents, runOptions) {
      const numbered = intents.map((intent, index) => `${index + 1}. ${intent}`).join('\n');
      const verdict = await ask(classifier, `Intents:\n${numbered}\n\nInput:\n${inputText(input)}`, runOptions);
      return chosenIndex(verdict, intents.length);
    },
    async summarize(conversation, runOptions) {
      const summary = await ask(summarizer, conversation, runOptions);
      return summary === null || summary.trim() === '' ? null : summary.trim();
    },
    async best(candidates, runOptions) {
      const numbered = candidates.map((candidate, index) => `${index + 1}. ${inputText(candidate)}`).join('\n\n');
      return chosenIndex(await ask(chooser, `Candidates:\n${numbered}`, runOptions), candidates.length);
    },
  };
}

/** The 0-based index a verdict names by its 1-based number, or null. */
function chosenIndex(verdict: string | null, count: number): number | null {
  const choice = verdict === null ? NaN : Number.parseInt(verdict.replace(/^\D*/, ''), 10);
  return Number.isInteger(choice) && choice >= 1 && choice <= count ? choice - 1 : null;
}
