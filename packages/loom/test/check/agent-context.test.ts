import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findings } from './helpers.js';

const PROTOCOLS = 'protocol ResearchOutput { summary: "string", key_points: "string" }\nprotocol SummaryResult { title: "string", abstract: "string" }\n';

test('the context block of the Nexa docs checks without findings, its protocols counted as used', () => {
  const source = `${PROTOCOLS}agent Researcher {
    model: "openai/test-model",
    context {
        source: upstream,
        sink: downstream,
        output_schema: ResearchOutput,
        max_history_turns: 10,
        inherit: [messages]
    }
    prompt: "Research the topic."
}
agent Summarizer {
    context { source: "shared:notes", sink: discard, input_schema: ResearchOutput, output_schema: SummaryResult, inherit: [messages, artifacts, tool_results] }
    prompt: "Summarize the research."
}
flow main {
    result = "quantum computing 2024" >> Researcher >> Summarizer;
}`;
  assert.deepEqual(findings(source), []);
});

test('each setting takes only what the block documents: E002 at the value, E005 for a second setting', () => {
  const source = `${PROTOCOLS}agent A {
    prompt: "a",
    context {
        source: downstream,
        sink: "shared:",
        inherit: [messages, history],
        max_history_turns: "ten",
        input_schema: "ResearchOutput",
        output_schema: Missing,
        scope: local,
        inherit: []
    }
}
agent B { prompt: "b", context: { source: "upstream" } }
flow main { print(A, B) }`;
  assert.deepEqual(findings(source), [
    "6:17 E002 Type mismatch: the context setting 'source' expects upstream or fresh, or \"shared:NAME\"",
    "7:15 E002 Type mismatch: the context setting 'sink' expects downstream or discard, or \"shared:NAME\"",
    "8:29 E002 Type mismatch: the context setting 'inherit' expects a list of messages, artifacts, tool_results",
    "9:28 E002 Type mismatch: the context setting 'max_history_turns' expects a whole number",
    "10:23 E002 Type mismatch: the context setting 'input_schema' expects the name of a protocol",
    "11:24 E001 Undeclared identifier 'Missing'",
    "12:9 E002 Type mismatch: context blocks have no setting 'scope'",
    "13:9 E005 Duplicate declaration of setting 'inherit' in the context block of agent 'A'",
    "16:33 E002 Type mismatch: 'context' is a block of settings, not a value",
  ]);
});

test('an output_schema other than the protocol the agent implements is E002; a non-protocol schema too', () => {
  const source = `${PROTOCOLS}flow helper() { return 1 }
agent A implements SummaryResult { prompt: "a", context { output_schema: ResearchOutput } }
agent B implements SummaryResult { prompt: "b", context { output_schema: SummaryResult, input_schema: helper } }
flow main { print(A, B) }`;
  assert.deepEqual(findings(source), [
    "4:74 E002 Type mismatch: agent 'A' already replies in 'SummaryResult' (implements), so its context block's output_schema cannot name another protocol",
    "5:103 E002 Type mismatch: 'helper' is a flow, not a protocol",
  ]);
});

test("C-004: a pipeline stage's output protocol must give the next stage's input_schema its fields (the docs' incompatible pipeline)", () => {
  const source = `protocol ResearchOutput { summary: "string" }
protocol WrongInput { foo: "string" }
protocol Partial { summary: "int", note: "str?" }

agent A {
    model: "openai/x",
    context { output_schema: ResearchOutput }
    prompt: "a"
}

agent B {
    model: "openai/x",
    context { input_schema: WrongInput }
    prompt: "b"
}

agent C { prompt: "c", context { input_schema: Partial } }
agent D { prompt: "d", context { input_schema: ResearchOutput } }

flow main {
    result = "test" >> A >> B;
    other = "test" >> A >> C;
    fine = "test" >> A >> D >> D;
}`;
  assert.deepEqual(findings(source), [
    "21:29 E002 Type mismatch: agent 'A' hands on a ResearchOutput, which is not the WrongInput that agent 'B' takes (its context input_schema): field 'foo' is missing",
    "22:28 E002 Type mismatch: agent 'A' hands on a ResearchOutput, which is not the Partial that agent 'C' takes (its context input_schema): field 'summary' is str, not int",
  ]);
});
