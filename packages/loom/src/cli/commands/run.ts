import type { Command } from '../command.js';
import { UsageError } from '../command.js';
import { TOOL_APPROVAL_POLICIES, TOOL_APPROVAL_VARIABLE } from '../../language/harness.js';
import { ExitCode } from '../exit-codes.js';
import type { ExitStatus } from '../exit-codes.js';

const DEBUG_VARIABLE = 'LOOM_DEBUG';
const FULL_DEBUG = 'full';

export const runCommand: Command = {
  name: 'run',
  summary: 'Compile a file in memory and run it',
  description:
    'Checks FILE, compiles it to a JavaScript module in memory and runs it: first its ' +
    'top-level statements, then `flow main` (which receives ARGS as a list when it declares a ' +
    'parameter). Runtime errors are reported at their .nx location.\n\n' +
    `--debug (or ${DEBUG_VARIABLE}=1) writes one line per agent call attempt to stderr: agent, model, ` +
    `attempt, milliseconds, tokens and cache hit; --debug=${FULL_DEBUG} (or ${DEBUG_VARIABLE}=${FULL_DEBUG}) also ` +
    'prints the messages sent, which may hold user data. ' +
    'LOOM_TYPE_MODE=strict|warn|forgiving decides what a value of the wrong type does.\n\n' +
    `--tool-approval (or ${TOOL_APPROVAL_VARIABLE}) decides how a call of a @tool with requires_approval: true is approved: ` +
    'ask (the default) asks at the terminal and, without one, refuses the call; allow approves every call; deny refuses every one.\n\n' +
    'Exit status: 0 success, 1 runtime error, 2 compile error, 64 usage error; exit(n) ends with n.',
  arguments: [{ name: 'FILE' }],
  options: {
    debug: {
      type: 'boolean',
      inlineValues: [FULL_DEBUG],
      description: `Trace agent calls and timings to stderr; =${FULL_DEBUG} also prints the prompts`,
    },
    'tool-approval': {
      type: 'string',
      valueName: TOOL_APPROVAL_POLICIES.join('|'),
      description: `How calls of tools that require approval are approved (default: ${TOOL_APPROVAL_VARIABLE}, else ask)`,
    },
  },
  passThrough: 'ARGS',
  async run({ arguments: [file], options, passThrough }, io) {
    // Without the flag the agent runtime reads LOOM_DEBUG from the program's environment.
    const debug = options['debug'] === FULL_DEBUG ? FULL_DEBUG : options['debug'] === true;
    const approval = options['tool-approval'];
    if (typeof approval === 'string' && !(TOOL_APPROVAL_POLICIES as readonly string[]).includes(approval)) {
      throw new UsageError(`option '--tool-approval' takes one of: ${TOOL_APPROVAL_POLICIES.join(', ')}`, 'run');
    }
    // The flag is the setting for this run: the program reads it where it reads the environment.
    const programIo = typeof approval === 'string' ? { ...io, env: { ...io.env, [TOOL_APPROVAL_VARIABLE]: approval } } : io;
    const { loadProgram, runProgram } = await import('../toolchain.js');
    const loaded = await loadProgram(file, programIo, { debug, args: passThrough });
    if (loaded === undefined) return ExitCode.compileError;
    // `exit(n)` may end a program with any status, not only the ones loom itself uses.
    return (await runProgram(loaded)) as ExitStatus;
  },
};
