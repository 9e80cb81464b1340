import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Statement } from '../../../src/syntax/ast.js';
import { expectKind, flowBody, onlyStatement, render } from '../helpers.js';

describe('v2 harness statements', () => {
  it('reads autoloop and with_context with their options', () => {
    const loop = expectKind(
      onlyStatement('autoloop max_steps: 5, exit_when: "resolved", timeout: 300 {\n with_context max_tokens: 500, strategy: sliding_window {\n  r = A.run("x")\n }\n}'),
      'AutoloopStatement',
    );
    assert.deepEqual(loop.options.map(render), ['max_steps=5', 'exit_when="resolved"', 'timeout=300']);
    const inner = expectKind(loop.body.statements[0] as Statement, 'WithContextStatement');
    assert.deepEqual(inner.options.map(render), ['max_tokens=500', 'strategy=sliding_window']);
  });

  it('reads try_agent / catch_correction, reflect, fork, verify', () => {
    const [t, f, v1, v2, v3, v4] = flowBody([
      'try_agent { r = A.run("x") } catch_correction(e: ToolError) { reflect "Adjust: #{e}"; }',
      'fork [A.run("a"), A.run("b")] merge best_of;',
      'verify result satisfies string;',
      'verify "has 3 examples" against result',
      'verify result.trace contains "tool_call:search"',
      'verify result.validate()',
    ].join('\n'));
    const tryAgent = expectKind(t as Statement, 'TryAgentStatement');
    assert.equal(render(tryAgent.correction?.parameter?.type ?? null), 'ToolError');
    assert.equal(tryAgent.correction?.body.statements[0]?.kind, 'ReflectStatement');
    const fork = expectKind(f as Statement, 'ExpressionStatement').expression;
    assert.equal(fork.kind === 'ForkExpression' ? fork.strategy?.name : fork.kind, 'best_of');
    assert.deepEqual([v1, v2, v3, v4].map((s) => expectKind(s as Statement, 'VerifyStatement').mode), [
      'satisfies', 'against', 'contains', 'expression',
    ]);
  });

  it('reads lifecycle hooks with and without parameters', () => {
    const hooks = flowBody('before_step { log() }\nafter_step { log() }\non_error(e: Exception) { log(e) }\nbefore_tool(shell_exec) {}');
    assert.deepEqual(hooks.map((s) => {
      const hook = expectKind(s, 'LifecycleHookStatement');
      return `${hook.hook.name}/${hook.parameters.length}`;
    }), ['before_step/0', 'after_step/0', 'on_error/1', 'before_tool/1']);
  });

  it('reads "restore(snap) if cond" as a conditional statement', () => {
    const statement = expectKind(onlyStatement('restore(snap) if result.failed;'), 'IfStatement');
    assert.equal(render(statement.condition), 'result.failed');
    const [inner] = statement.consequent.statements;
    assert.equal(render(expectKind(inner as Statement, 'ExpressionStatement').expression), '(call restore snap)');
  });

  it('reads unharnessed blocks and context_policy', () => {
    const [a, b, c] = flowBody('unharnessed "benchmark only" { run() }\nunharnessed { run() }\ncontext_policy { max_tokens: 8000, strategy: sliding_window }');
    assert.equal(expectKind(a as Statement, 'UnharnessedStatement').reason?.value, 'benchmark only');
    assert.equal(expectKind(b as Statement, 'UnharnessedStatement').reason, null);
    assert.deepEqual(expectKind(c as Statement, 'ContextPolicyStatement').properties.map((p) => p.name.name), ['max_tokens', 'strategy']);
  });

  it('reads pass in both orders and await with a timeout', () => {
    const [a, b, c] = flowBody('pass "analyze" to worker;\npass worker, "task 1";\nresult = await worker, 30');
    const first = expectKind(a as Statement, 'PassStatement');
    assert.deepEqual([render(first.message), render(first.target)], ['"analyze"', 'worker']);
    const second = expectKind(b as Statement, 'PassStatement');
    assert.deepEqual([render(second.message), render(second.target)], ['"task 1"', 'worker']);
    assert.equal(render(expectKind(c as Statement, 'AssignmentStatement').value), '(await worker 30)');
  });
});
