/**
 * Approval gates of `@tool(..., requires_approval: true)`: before such a tool runs, a person
 * approves the call. `LOOM_TOOL_APPROVAL` (or `loom run --tool-approval`) decides how: `ask`
 * (the default) asks at the terminal when standard input is one, and refuses the call when it
 * is not — an unattended run never waits for an answer that cannot come; `allow` approves every
 * call without asking; `deny` refuses every one. A refused call is E102. At the terminal, `a`
 * approves the tool for the rest of the run. Questions are asked one at a time.
 */
import { LoomError } from '../../errors.js';
import { TOOL_APPROVAL_POLICIES, TOOL_APPROVAL_VARIABLE } from '../../language/harness.js';
import type { ToolApprovalPolicy } from '../../language/harness.js';
import { fail } from '../core/script-error.js';
import { describe } from '../core/values.js';
import type { Terminal } from '../infra/terminal.js';

/** What a `@tool` declares about its risk (the Nexa docs' tool options). */
export interface ToolSafety {
  readonly risk_level?: string;
  readonly requires_approval?: boolean;
  readonly category?: string;
}

const YES = /^\s*(y|yes)\s*$/i;
const ALWAYS = /^\s*(a|always)\s*$/i;

export class ApprovalGate {
  private readonly approvedForTheRun = new Set<string>();
  /** The question being asked; the next waits for it. */
  private asking: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly terminal: Terminal,
    private readonly env: NodeJS.ProcessEnv,
    private readonly trace: (line: string) => void,
  ) {}

  /** Resolves when the call of `tool` with `args` is approved; an E102 when it is not. */
  async approve(tool: string, safety: ToolSafety, args: unknown): Promise<void> {
    const policy = this.policy();
    const risk = safety.risk_level ?? 'low';
    if (policy === 'allow' || this.approvedForTheRun.has(tool)) {
      this.trace(`tool ${tool} (risk ${risk}) approved by ${policy === 'allow' ? `${TOOL_APPROVAL_VARIABLE}=allow` : 'an earlier answer'}`);
      return;
    }
    if (policy === 'deny') throw refused(tool, `${TOOL_APPROVAL_VARIABLE} is deny`);
    if (!this.terminal.interactive) {
      throw refused(tool, `standard input is not a terminal to ask at; set ${TOOL_APPROVAL_VARIABLE}=allow (or loom run --tool-approval=allow) to approve unattended runs`);
    }
    const answer = await this.ask(`Allow tool '${tool}' (risk: ${risk}) to run with ${describe(args)}? [y/N/a] `);
    if (ALWAYS.test(answer)) this.approvedForTheRun.add(tool);
    else if (!YES.test(answer)) throw refused(tool, 'it was refused at the terminal');
  }

  private ask(question: string): Promise<string> {
    const answer = this.asking.then(() => this.terminal.ask(question));
    this.asking = answer.catch(() => undefined);
    return answer;
  }

  private policy(): ToolApprovalPolicy {
    const value = (this.env[TOOL_APPROVAL_VARIABLE] ?? 'ask').trim().toLowerCase();
    const policy = TOOL_APPROVAL_POLICIES.find((known) => known === value);
    return policy ?? fail(`${TOOL_APPROVAL_VARIABLE} must be one of ${TOOL_APPROVAL_POLICIES.join(', ')}, got ${JSON.stringify(value)}`);
  }
}

function refused(tool: string, why: string): LoomError {
  return new LoomError('E102', `tool '${tool}' needs approval (requires_approval) and was not approved: ${why}`);
}
