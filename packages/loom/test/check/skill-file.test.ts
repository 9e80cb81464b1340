import assert from 'node:assert/strict';
import { describe as suite, test } from 'node:test';
import { readSkillFile } from '../../src/check/skill-file.js';

const FILE = 'skills.md';

suite('skill files', () => {
  test('a parameter list reads trailing type words and optional; another parenthesis stays in the description', () => {
    const { tools, diagnostics } = readSkillFile(
      ['## Tool: send', 'Description: Send it', 'Parameters:', '- to: Who gets it', '- count: How many (int, optional)', '- via: Channel (email/slack)', '* urgent (boolean)'].join('\n'),
      FILE,
    );
    assert.deepEqual(diagnostics, []);
    assert.deepEqual(tools.map(({ name, description, schema }) => ({ name, description, schema })), [{
      name: 'send',
      description: 'Send it',
      schema: {
        type: 'object',
        properties: {
          to: { type: 'string', description: 'Who gets it' },
          count: { type: 'integer', description: 'How many' },
          via: { type: 'string', description: 'Channel (email/slack)' },
          urgent: { type: 'boolean' },
        },
        required: ['to', 'via', 'urgent'],
      },
    }]);
  });

  test("the Chinese docs' spelling of the list format reads the same", () => {
    const text = ['# Agent 技能定义', '', '## Tool: analyze_data', '描述：分析数据并生成报告', '参数：', '- data: 要分析的数据（字符串）', '- format: 输出格式（可选）', '- channel：通知渠道（email/slack/sms）'].join('\n');
    const { tools, guidelines, diagnostics } = readSkillFile(text, FILE);
    assert.deepEqual(diagnostics, []);
    assert.equal(guidelines, '# Agent 技能定义');
    assert.deepEqual(tools.map(({ description, schema }) => ({ description, schema })), [{
      description: '分析数据并生成报告',
      schema: {
        type: 'object',
        properties: {
          data: { type: 'string', description: '要分析的数据' },
          format: { type: 'string', description: '输出格式' },
          channel: { type: 'string', description: '通知渠道（email/slack/sms）' },
        },
        required: ['data', 'channel'],
      },
    }]);
  });

  test('headings inside code fences are text, and everything outside tool sections is guidelines', () => {
    const text = ['# Title', 'Intro.', '', '```md', '## Tool: fake', '```', '## Tool: real', 'Does the real thing.', '# Appendix', 'Last words.'].join('\n');
    const { tools, guidelines, diagnostics } = readSkillFile(text, FILE);
    assert.deepEqual(diagnostics, []);
    assert.deepEqual(tools.map((tool) => [tool.name, tool.description, tool.span.start.line]), [['real', 'Does the real thing.', 7]]);
    assert.equal(guidelines, '# Title\nIntro.\n\n```md\n## Tool: fake\n```\n# Appendix\nLast words.');
  });

  test('a tool described twice, a schema that is not an object schema, both formats at once, an unclosed fence: findings at their lines', () => {
    const text = [
      '## Tool: a', '```json', '{"type": "array"}', '```',
      '## Tool: a',
      '## Tool: b', 'Parameters:', '- x: y', '```json', '{}', '```',
      '## Tool: c', '```json', '{',
    ].join('\n');
    const { tools, diagnostics } = readSkillFile(text, FILE);
    assert.deepEqual(tools.map((tool) => tool.name), ['c']);
    assert.deepEqual(diagnostics.map((finding) => [finding.code, finding.span.start.line, finding.message]), [
      ['E004', 13, 'Syntax error: the code block opened here in the skill file is never closed'],
      ['E004', 2, 'Syntax error: the JSON schema of skill tool \'a\' has "type": "array", but a tool\'s arguments are an object'],
      ['E005', 5, "Duplicate declaration of skill tool 'a': first described at line 1"],
      ['E004', 7, "Syntax error: tool 'b' of the skill file gives its parameters both as a list and as a JSON schema"],
    ]);
  });
});
