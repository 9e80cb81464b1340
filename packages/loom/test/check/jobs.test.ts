import assert from 'node:assert/strict';
import { describe as suite, test } from 'node:test';
import { findings, onlyFinding } from './helpers.js';

const AGENT = 'agent Writer { prompt: "w", model: "openai/gpt-4o" }\n';

suite('job declarations are checked like agents', () => {
  test('both documented forms, with every option, check clean', () => {
    assert.deepEqual(findings([
      'job Mail on "emails" (retry: 3, timeout: 60, backoff: "exponential", priority: critical) {',
      '    perform(user) { print(user) }',
      '    on_failure(error, attempt) { print(error) }',
      '}',
      'flow Send(user) { print(user) }',
      'flow Failed(error, attempt) { print(error) }',
      'job Mail2 { handler: Send, retry: 3, timeout: 60, on_failure: Failed }',
      'job Mail3 on "emails" {',
      '    retry: 5',
      '    timeout: 60',
      '    perform(order) { print(order) }',
      '}',
    ].join('\n')), []);
  });

  test('the body is resolved and typed: an unknown agent, an undeclared name', () => {
    assert.deepEqual(findings(`${AGENT}job Mail on "q" {\n    perform(user) {\n        x = Wrter.run(user)\n        print(missing)\n    }\n}\n`), [
      "4:13 E001 Undeclared identifier 'Wrter'",
      "5:15 E001 Undeclared identifier 'missing'",
    ]);
  });

  test('an unknown option is E002 with a suggestion; a value of the wrong kind is E002', () => {
    const unknown = onlyFinding('job Mail on "q" (timout: 5) {\n    perform(u) { print(u) }\n}\n');
    assert.equal(unknown.message, "Type mismatch: jobs have no option 'timout'");
    assert.equal(unknown.hint, "did you mean 'timeout'?");
    assert.deepEqual(findings('job Mail on "q" (retry: "three", backoff: sideways) {\n    perform(u) { print(u) }\n}\n'), [
      "1:25 E002 Type mismatch: 'retry' expects a whole number, found a string",
      "1:43 E002 Type mismatch: 'backoff' expects one of 'fixed', 'linear', 'exponential'",
    ]);
  });

  test('a job that does nothing is E003; an unknown handler is E002; a repeated option is E005', () => {
    assert.deepEqual(findings('job Idle on "q" (retry: 1) {\n}\n'), [
      "1:5 E003 Missing required property: job 'Idle' declares neither 'perform(...)' nor 'handler'",
    ]);
    assert.deepEqual(findings('job Mail on "q" (retry: 1) {\n    retry: 2\n    preform(u) { print(u) }\n    perform(u) { print(u) }\n}\n'), [
      "2:5 E005 Duplicate declaration of 'retry' in job 'Mail'",
      "3:5 E002 Type mismatch: jobs have no handler 'preform'",
    ]);
  });

  test("'handler' and 'on_failure' name flows", () => {
    assert.deepEqual(findings(`${AGENT}job A { handler: Sned }\nflow Send(u) { print(u) }\njob B { handler: Writer }\n`), [
      "2:18 E001 Undeclared identifier 'Sned'",
      "4:18 E002 Type mismatch: 'handler' expects a flow, but 'Writer' is an agent",
    ]);
  });
});
