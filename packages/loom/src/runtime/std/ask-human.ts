/**
 * `std.ask_human`: a person in the loop. `ask_human(prompt, default)` (also `call`, as the
 * Nexa docs' table names it) asks on the terminal and returns the line typed, or `default`
 * when the line is empty. Without a terminal — standard input is not a TTY — it never waits:
 * it answers `default` when one is given, and otherwise fails with a message saying why, so
 * an unattended run stops instead of hanging.
 */
import { fail } from '../core/script-error.js';
import { display } from '../core/values.js';
import { text } from './arguments.js';
import type { StdFunctionsOf, StdNamespace, StdServices } from './namespace.js';

function createAskHuman(services: StdServices): StdFunctionsOf<'ask_human'> {
  const askHuman = async (prompt: unknown, fallback: unknown): Promise<string> => {
    const question = text(prompt, 'the prompt');
    const answerWhenSilent = fallback === undefined || fallback === null ? undefined : display(fallback);
    if (!services.terminal.interactive) {
      if (answerWhenSilent !== undefined) return answerWhenSilent;
      return fail(`std.ask_human cannot ask "${question}": standard input is not a terminal; give a default: to answer unattended`);
    }
    const answer = (await services.terminal.ask(`${question} `)).trim();
    return answer === '' && answerWhenSilent !== undefined ? answerWhenSilent : answer;
  };
  return { ask_human: askHuman, call: askHuman };
}

export const askHumanNamespace: StdNamespace<'ask_human'> = {
  create: (_env, services) => createAskHuman(services),
  parameters: { ask_human: ['prompt', 'default'], call: ['prompt', 'default'] },
  tools: {
    ask_human: { description: 'Ask the person running the program a question and return their answer', parameters: { prompt: 'string' } },
  },
};
