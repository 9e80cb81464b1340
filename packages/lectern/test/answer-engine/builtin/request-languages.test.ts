import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { languagesIn } from '../../../src/answer-engine/builtin/request-languages.js';
import type { AssistantRequest } from '../../../src/answer-engine/types.js';

const request = (texts: string[], question?: string): AssistantRequest => ({
  kind: question === undefined ? 'rescue' : 'followup',
  courseName: 'Course',
  entries: texts.map((text, index) => ({ id: index + 1, text, createdAt: new Date(2026, 10, 24, 9, index).toISOString() })),
  ...(question === undefined ? {} : { question }),
});

describe('which analysers a request needs', () => {
  it('English for an English phrase inside Chinese text, decided by the text alone', () => {
    assert.deepEqual(languagesIn(request(['好的。What is a binary tree?'])), { english: true, chinese: true });
    assert.deepEqual(languagesIn(request(['导数的定义'], 'What does the teacher mean by a limit?')), { english: true, chinese: true });
  });

  it('not for a lone name or formula in Chinese text, and each language on its own', () => {
    assert.deepEqual(languagesIn(request(['f(x) 的导数是 Python 里的函数'])), { english: false, chinese: true });
    assert.deepEqual(languagesIn(request(['The derivative is a slope.'])), { english: true, chinese: false });
    assert.deepEqual(languagesIn(request(['今天我们学习导数'])), { english: false, chinese: true });
  });
});
