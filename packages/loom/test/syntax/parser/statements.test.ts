import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Statement } from '../../../src/syntax/ast.js';
import { parse } from '../../../src/syntax/parser.js';
import { FILE, expectKind, flowBody, onlyStatement, render, syntaxErrors } from '../helpers.js';

describe('statements', () => {
  it('ends statements at ";" or a line break', () => {
    assert.deepEqual(flowBody('a = 1; b = 2\nc = 3;;\nprint(c)').map((s) => s.kind), [
      'AssignmentStatement', 'AssignmentStatement', 'AssignmentStatement', 'PrintStatement',
    ]);
  });

  it('reads assignments to names, fields and indexes, and compound assignment', () => {
    const [a, b, c] = flowBody('user.name = "Al"\nscores[0] = 1\ncount += 2');
    assert.equal(render(expectKind(a as Statement, 'AssignmentStatement').target), 'user.name');
    assert.equal(render(expectKind(b as Statement, 'AssignmentStatement').target), '(index scores 0)');
    assert.equal(expectKind(c as Statement, 'AssignmentStatement').operator, '+=');
  });

  it('reads destructuring assignment as a pattern target', () => {
    const statement = expectKind(onlyStatement('[first, second, ..others] = [1, 2, 3]'), 'AssignmentStatement');
    assert.equal(render(statement.target), '[$first $second ..others]');
  });

  it('reads let with a type and with destructuring patterns', () => {
    const [a, b, c] = flowBody('let n: int = 1\nlet (k, v) = entry\nlet { name, age: a } = user');
    const typed = expectKind(a as Statement, 'LetStatement');
    assert.equal(render(typed.pattern), '$n');
    assert.equal(render(typed.type), 'int');
    assert.equal(render(expectKind(b as Statement, 'LetStatement').pattern), '($k $v)');
    assert.equal(render(expectKind(c as Statement, 'LetStatement').pattern), '{name, age: $a}');
  });

  it('reads if / else if / else with and, or, not', () => {
    const statement = expectKind(
      onlyStatement('if (score >= 90) and not late {\n a = 1\n} else if score >= 80 or bonus { a = 2 } else { a = 3 }'),
      'IfStatement',
    );
    assert.equal(render(statement.condition), '(and (>= score 90) (not late))');
    const elseIf = statement.alternate;
    assert.ok(elseIf !== null && elseIf.kind === 'IfStatement');
    assert.equal(render(elseIf.condition), '(or (>= score 80) bonus)');
    assert.equal(elseIf.alternate?.kind, 'Block');
  });

  it('accepts "} otherwise {" as the else branch', () => {
    const statement = expectKind(onlyStatement('if valid { ok() } otherwise { fail() }'), 'IfStatement');
    assert.equal(statement.alternate?.kind, 'Block');
  });

  it('does not read a map literal in a condition', () => {
    const statement = expectKind(onlyStatement('while queue { step() }'), 'WhileStatement');
    assert.equal(render(statement.condition), 'queue');
    assert.equal(statement.body.statements.length, 1);
  });

  it('reads map literals again inside a closure body within a statement head', () => {
    const statement = expectKind(onlyStatement('while ready(fn() { return {"ok": true} }) { step() }'), 'WhileStatement');
    assert.equal(render(statement.condition), '(call ready (fn ))');
    const loop = expectKind(onlyStatement('for x in fn() { return {"a": 1} }() { use(x) }'), 'ForStatement');
    assert.equal(loop.body.statements.length, 1);
  });

  it('reads for each, for with a pattern, and for each with two names', () => {
    const [a, b, c] = flowBody('for each item in items { print(item) }\nfor (name, score) in ranks {}\nfor each key, value in config {}');
    const each = expectKind(a as Statement, 'ForStatement');
    assert.deepEqual([each.each, render(each.pattern), render(each.iterable)], [true, '$item', 'items']);
    const tuple = expectKind(b as Statement, 'ForStatement');
    assert.deepEqual([tuple.each, render(tuple.pattern)], [false, '($name $score)']);
    assert.equal(render(expectKind(c as Statement, 'ForStatement').pattern), '($key $value)');
  });

  it('reads while, loop until, break and continue', () => {
    const [w, l] = flowBody('while(true) {\n if x { break; }\n continue\n}\nloop {\n d = W.run(d)\n} until ("Quality is excellent")');
    const body = expectKind(w as Statement, 'WhileStatement').body.statements;
    assert.deepEqual(body.map((s) => s.kind), ['IfStatement', 'ContinueStatement']);
    const loop = expectKind(l as Statement, 'LoopStatement');
    assert.equal(render(loop.until), '"Quality is excellent"');
    assert.equal(expectKind(onlyStatement('loop { tick() }'), 'LoopStatement').until, null);
  });

  it('reads return with and without a value', () => {
    const [a, b] = flowBody('if x { return }\nreturn json({status: "ok"})');
    const inner = expectKind(a as Statement, 'IfStatement').consequent.statements[0] as Statement;
    assert.equal(expectKind(inner, 'ReturnStatement').value, null);
    assert.equal(render(expectKind(b as Statement, 'ReturnStatement').value), '(call json {status: "ok"})');
  });

  it('reads try / catch with and without a parameter', () => {
    const [a, b] = flowBody('try { risky() } catch (err) { print(err) }\ntry { x() } catch(e: AgentError) {}');
    assert.equal(expectKind(a as Statement, 'TryStatement').handler?.parameter?.name.name, 'err');
    assert.equal(render(expectKind(b as Statement, 'TryStatement').handler?.parameter?.type ?? null), 'AgentError');
  });

  it('reports a try without catch at its keyword: the errors of its block would otherwise be lost', () => {
    // Nexa's grammar requires the catch (try_catch_stmt in Nexa-Language/Nexa src/nexa_parser.py).
    const source = 'flow main {\n  try {\n    raise "boom"\n  }\n  print("after")\n}';
    assert.deepEqual(syntaxErrors(source), [
      "2:3 Syntax error: 'try' without 'catch': expected 'catch (e) { ... }' after the try block, found 'print'",
    ]);
    const [error] = parse(source, FILE).diagnostics;
    assert.deepEqual(error?.span.end, { line: 2, column: 6, offset: 17 });
    assert.equal(error?.hint, "handle the error in a catch block, or leave out 'try' to let it propagate");
  });

  it('answers a try ... finally with defer, which is how Loom cleans up', () => {
    const [error] = parse('flow main {\n  try { work() } finally { tidy() }\n}', FILE).diagnostics;
    assert.equal(error?.message, "Syntax error: 'try' without 'catch': expected 'catch (e) { ... }' after the try block, found 'finally'");
    assert.equal(error?.hint, "Loom has no 'finally': a 'defer' statement runs clean-up when the flow ends, however it ends");
  });

  it('reads assert, including the semantic "claim" against subject form', () => {
    const [a, b] = flowBody('assert result == "ok"\nassert "Contains a greeting" against result');
    assert.equal(render(expectKind(a as Statement, 'AssertStatement').condition), '(== result "ok")');
    const semantic = expectKind(b as Statement, 'AssertStatement');
    assert.deepEqual([render(semantic.condition), render(semantic.against)], ['"Contains a greeting"', 'result']);
  });

  it('reads semantic_if with fast_match, against and else', () => {
    const statement = expectKind(
      onlyStatement('semantic_if "has a date" fast_match r"\\d{4}" against text {\n a()\n} else {\n b()\n}'),
      'SemanticIfStatement',
    );
    assert.deepEqual([render(statement.condition), render(statement.fastMatch), render(statement.subject)], [
      '"has a date"', 'r"\\\\d{4}"', 'text',
    ]);
    assert.equal(statement.alternate?.kind, 'Block');
  });

  it('reads defer with an expression or a block', () => {
    const [a, b] = flowBody('defer cleanup(db)\ndefer {\n close()\n}');
    assert.equal(render(expectKind(a as Statement, 'DeferStatement').body as never), '(call cleanup db)');
    assert.equal(expectKind(b as Statement, 'DeferStatement').body.kind, 'Block');
  });

  it('reads print with and without parentheses', () => {
    const [a, b, c] = flowBody('print("a", b)\nprint "=== Demo ===", x;\nprint("x", sep="")');
    assert.deepEqual(expectKind(a as Statement, 'PrintStatement').arguments.map(render), ['"a"', 'b']);
    assert.deepEqual(expectKind(b as Statement, 'PrintStatement').arguments.map(render), ['"=== Demo ==="', 'x']);
    assert.equal(render(expectKind(c as Statement, 'ExpressionStatement').expression), '(call print "x" sep="")');
  });

  it('reads ensures and requires written inside a body', () => {
    const statement = expectKind(onlyStatement('ensures result != null'), 'ContractStatement');
    assert.equal(statement.clause.clause, 'ensures');
    assert.equal(render(statement.clause.condition), '(!= result null)');
  });

  it('reads raise and an expression statement', () => {
    const [a, b] = flowBody('raise SuspendExecution("wait")\nA.run("go") >> B');
    assert.equal(render(expectKind(a as Statement, 'RaiseStatement').value), '(call SuspendExecution "wait")');
    assert.equal(render(expectKind(b as Statement, 'ExpressionStatement').expression), '(>> (call A.run "go") B)');
  });

  describe('contextual statement words', () => {
    it('treats them as names when assigned or called', () => {
      const statements = flowBody('print = 1\nverify = check(x)\ndefer.x = 2\npass(1)\nassert = true\nloop = 3\nmodel = "m"\ntype = "t"');
      assert.deepEqual(statements.map((s) => s.kind), [
        'AssignmentStatement', 'AssignmentStatement', 'AssignmentStatement', 'ExpressionStatement',
        'AssignmentStatement', 'AssignmentStatement', 'AssignmentStatement', 'AssignmentStatement',
      ]);
    });
  });
});
