import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findAnnouncement } from '../../../src/answer-engine/text/announcements.js';

describe('findAnnouncement', () => {
  it('finds homework with its deadline and date', () => {
    assert.deepEqual(findAnnouncement('Problem set three is due this Friday at 5 pm.'), {
      kinds: ['homework', 'deadline'],
      when: ['this Friday', '5 pm'],
    });
  });

  it('finds exams with their dates', () => {
    const found = findAnnouncement('The midterm exam is in two weeks, on March 16th.');
    assert.deepEqual(found?.kinds, ['exam']);
    assert.deepEqual(found?.when, ['in two weeks', 'March 16th']);
  });

  it('finds Chinese homework, deadlines and exams', () => {
    assert.deepEqual(findAnnouncement('第三次作业下周三晚上十二点之前提交。'), { kinds: ['homework', 'deadline'], when: ['下周三'] });
    assert.deepEqual(findAnnouncement('期中考试是11月20日，第九周周四。')?.when, ['11月20日', '第九周', '周四']);
  });

  it('ignores generic mentions and questions', () => {
    assert.equal(findAnnouncement("That's a common mistake on exams."), null);
    assert.equal(findAnnouncement('You get warm when you exercise.'), null);
    assert.equal(findAnnouncement('这一点很多同学写作业的时候会忘记。'), null);
    assert.equal(findAnnouncement('作业里可以用递归吗？'), null);
  });
});
