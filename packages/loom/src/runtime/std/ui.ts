/**
 * `std.ui`: the terminal UI functions of the Nexa docs (v2.3.1), written as plain text to the
 * program's output, as Nexa itself writes them when its `rich` renderer is not installed: a
 * banner and a panel as boxes, code between fences, status lines with a mark (✓ ✗ ! i), an
 * agent's reply under its name. Every function returns "" (Nexa's value for them) except
 * `input`, which asks at the terminal as `input()` does, and without one stops instead of
 * waiting. `thinking(message, seconds)` shows its message and waits that long, as the spinner does.
 */
import { sleep } from '../agents/backoff.js';
import { fail } from '../core/script-error.js';
import { display } from '../core/values.js';
import { currentToolSignal } from '../infra/tool-signal.js';
import type { StdFunctionsOf, StdNamespace, StdServices } from './namespace.js';

const MS_PER_SECOND = 1000;

/** `value` as text, `fallback` when the argument was left out. */
function textOr(value: unknown, fallback: string): string {
  return value === undefined || value === null ? fallback : display(value);
}

/** Lines in a box of double lines (a banner) or single lines (a panel), the title in the top edge. */
function box(lines: readonly string[], style: 'double' | 'single', title = ''): string {
  const [corner1, corner2, corner3, corner4, across, down] = style === 'double' ? ['╔', '╗', '╚', '╝', '═', '║'] : ['┌', '┐', '└', '┘', '─', '│'];
  const width = Math.max(title.length + 2, ...lines.map((line) => line.length));
  const top = title === '' ? across.repeat(width + 2) : `${across} ${title} ${across.repeat(width - title.length - 1)}`;
  return [
    `${corner1}${top}${corner2}`,
    ...lines.map((line) => `${down} ${line.padEnd(width)} ${down}`),
    `${corner3}${across.repeat(width + 2)}${corner4}`,
  ].join('\n');
}

function createUi(services: StdServices): StdFunctionsOf<'ui'> {
  const show = (text: string): string => {
    services.write(text);
    return '';
  };
  const status = (mark: string) => (message: unknown): string => show(`${mark} ${textOr(message, '')}`);
  return {
    banner: (title, subtitle) => show(box([textOr(title, ''), textOr(subtitle, '')].filter((line) => line !== ''), 'double')),
    markdown: (text) => show(textOr(text, '')),
    code: (code, language) => show(`\`\`\`${textOr(language, 'python')}\n${textOr(code, '')}\n\`\`\``),
    panel: (text, title) => show(box(textOr(text, '').split('\n'), 'single', textOr(title, ''))),
    thinking: async (message, seconds) => {
      show(`… ${textOr(message, 'Thinking')}`);
      const duration = seconds === undefined || seconds === null ? 1 : Number(seconds);
      if (!Number.isFinite(duration) || duration < 0) return fail(`std.ui.thinking needs a number of seconds, got ${display(seconds)}`);
      await sleep(duration * MS_PER_SECOND, currentToolSignal());
      return '';
    },
    success: status('✓'),
    error: status('✗'),
    warning: status('!'),
    info: status('i'),
    input: async (prompt) => {
      const question = textOr(prompt, 'nexa> ');
      if (!services.terminal.interactive) return fail(`std.ui.input(${JSON.stringify(question)}) needs a terminal to read from, and standard input is not one`);
      return services.terminal.ask(question);
    },
    agent_reply: (name, reply) => show(`[${textOr(name, '')}]\n${textOr(reply, '')}`),
    tool_call: (name, args) => show(`→ ${textOr(name, '')}(${textOr(args, '')})`),
  };
}

export const uiNamespace: StdNamespace<'ui'> = {
  create: (_env, services) => createUi(services),
  parameters: {
    banner: ['title', 'subtitle'],
    markdown: ['text'],
    code: ['code', 'language'],
    panel: ['text', 'title', 'style'],
    thinking: ['message', 'duration'],
    success: ['msg'],
    error: ['msg'],
    warning: ['msg'],
    info: ['msg'],
    input: ['prompt'],
    agent_reply: ['agent_name', 'reply'],
    tool_call: ['tool_name', 'args'],
  },
};
