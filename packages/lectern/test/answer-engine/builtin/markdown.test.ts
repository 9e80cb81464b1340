import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { escapeInline, quoteItem } from '../../../src/answer-engine/builtin/markdown.js';

describe('transcript text in Markdown', () => {
  it('cannot inject emphasis, links, HTML or line structure into an answer', () => {
    assert.equal(
      quoteItem('3:05', 'see *this* [link](http://x) <script>alert(1)</script>\n# heading'),
      '- **[3:05]** “see \\*this\\* \\[link\\](http://x) \\<script\\>alert(1)\\</script\\> # heading”',
    );
  });

  it('leaves ordinary speech untouched', () => {
    assert.equal(escapeInline('Glycolysis makes 2 ATP — 二叉搜索树。'), 'Glycolysis makes 2 ATP — 二叉搜索树。');
  });
});
