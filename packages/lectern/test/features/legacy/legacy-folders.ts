// Lectern 1.x data folders in the 1.x layout, written by the tests: an English class that runs
// past midnight and a Chinese one, with summaries, citation files and files to be skipped.
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function englishFolder(): string {
  const root = mkdtempSync(join(tmpdir(), 'lectern-1x-en-'));
  writeFileSync(
    join(root, 'class_transcript.txt'),
    [
      '=== Class transcript 2025-03-14 ===',
      'Course: Calculus I',
      '',
      '[23:58:10] Today we finish the chain rule.',
      '[23:59:58] Differentiate the outer function, then multiply by the inner derivative.',
      '[00:00:03] Any questions before we stop?',
      '[00:01:00] Homework 3 is due on Friday.',
      '=== Rolling summary ===',
      '## Chain rule',
      '- outer derivative times inner derivative',
      '=== End of rolling summary ===',
      '',
    ].join('\r\n'),
  );
  mkdirSync(join(root, 'summaries'));
  writeFileSync(join(root, 'summaries', '2025-03-13_limits.md'), '# Limits\n\nOne-sided limits and continuity.\n');
  writeFileSync(join(root, 'summaries', 'review.md'), 'Review of week 2.\n');
  mkdirSync(join(root, 'cite'));
  writeFileSync(join(root, 'cite', 'chain-rule.txt'), 'The chain rule: (f∘g)′ = (f′∘g)·g′.\n');
  writeFileSync(join(root, 'cite', 'empty.txt'), '');
  writeFileSync(join(root, 'cite', 'garbled.txt'), Buffer.from([0x41, 0xc3, 0x28, 0x42]));
  writeFileSync(join(root, 'cite', 'huge.txt'), Buffer.alloc(20 * 1024 * 1024 + 1, 0x61));
  const outside = mkdtempSync(join(tmpdir(), 'lectern-1x-outside-'));
  writeFileSync(join(outside, 'secret.txt'), 'not part of the folder');
  symlinkSync(join(outside, 'secret.txt'), join(root, 'cite', 'linked.txt'));
  writeFileSync(join(root, 'notes-to-self.txt'), 'not in the 1.x layout: ignored');
  return root;
}

export function chineseFolder(): string {
  const root = mkdtempSync(join(tmpdir(), 'lectern-1x-zh-'));
  writeFileSync(
    join(root, 'class_transcript.txt'),
    [
      '=== 课堂记录 2025年3月15日 ===',
      '课程：数据结构',
      '[10:00:00] 今天讲二叉搜索树。',
      '[10:05:30] 左子树的键都比根小。',
      '=== 滚动摘要 ===',
      '## 二叉搜索树',
      '- 左小右大',
      '=== 滚动摘要结束 ===',
    ].join('\n'),
  );
  mkdirSync(join(root, 'cite'));
  writeFileSync(join(root, 'cite', '树.txt'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('二叉搜索树的中序遍历是有序的。', 'utf16le')]));
  // A summaries folder that is a link to somewhere else: nothing in it is read.
  const outside = mkdtempSync(join(tmpdir(), 'lectern-1x-outside-'));
  writeFileSync(join(outside, 'other.md'), '# Elsewhere\n');
  symlinkSync(outside, join(root, 'summaries'));
  return root;
}
