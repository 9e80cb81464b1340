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

  it('finds what the students need to do outside class, not what they need to see in an argument', () => {
    assert.deepEqual(findAnnouncement('You need to see one painting in person for the paper.')?.kinds, ['homework']);
    assert.deepEqual(findAnnouncement('You will need to bring a ruler on Thursday.')?.kinds, ['homework']);
    assert.equal(findAnnouncement('You need to see that the slope is negative.'), null);
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

  it('finds class events and timetable changes', () => {
    assert.deepEqual(findAnnouncement('First, the field trip.')?.kinds, ['event']);
    assert.deepEqual(findAnnouncement('And section this week is moved.')?.kinds, ['event']);
    assert.deepEqual(findAnnouncement('No lab on Monday, it is a holiday.')?.kinds, ['event']);
    assert.deepEqual(findAnnouncement('下周三调课，物理课改到周四上午。')?.kinds, ['event']);
    assert.equal(findAnnouncement('The class was moved by the speech.'), null, 'a class of things, moved in the story');
    assert.deepEqual(findAnnouncement('Office hours this week are on Wednesday, 2 to 4.')?.kinds, ['event']);
    assert.equal(findAnnouncement('Someone asked me in office hours why polls are small.'), null, 'office hours as the place a question came from');
  });

  it('ignores generic mentions and questions', () => {
    assert.equal(findAnnouncement("That's a common mistake on exams."), null);
    assert.equal(findAnnouncement('You get warm when you exercise.'), null);
    assert.equal(findAnnouncement('这一点很多同学写作业的时候会忘记。'), null);
    assert.equal(findAnnouncement('作业里可以用递归吗？'), null);
  });

  it('finds readings, requests and the day work is for, said in passing', () => {
    assert.deepEqual(findAnnouncement('And before Tuesday please read sections 3.1 and 3.2, the part on tides.')?.kinds, ['homework', 'deadline']);
    assert.deepEqual(findAnnouncement('For Monday, read Hobsbawm chapter two.')?.when, ['Monday']);
    assert.ok(findAnnouncement('Bring your calculator charged, the lab has no outlets.'));
    assert.ok(findAnnouncement('Also, please do the vocabulary app, ten minutes a day.'));
    assert.ok(findAnnouncement('Prepare a two-minute summary of the case, both sides.'));
    assert.ok(findAnnouncement('课文第三段大家回家背诵一下。'));
    assert.ok(findAnnouncement('If you have a clash, email me by this Wednesday.'));
    assert.ok(findAnnouncement('The survey closes Saturday night at 9.'));
    assert.ok(findAnnouncement('The final is Monday, May 4th, 2 to 4 pm.'));
  });

  it('finds Chinese work named by its book or by going home', () => {
    assert.ok(findAnnouncement('同步练习册第二十页，三到六题。'));
    assert.ok(findAnnouncement('课后练习第二题，写在本子上，后天交。'));
    assert.ok(findAnnouncement('下周二月考，数学在第一场。'));
    assert.ok(findAnnouncement('大家回去画一画这个电路的等效图。'));
  });

  it('does not take lab talk or a closing valve for an announcement', () => {
    assert.equal(findAnnouncement('Pour the acid into the test tube slowly.'), null);
    assert.equal(findAnnouncement('When the pressure rises, the valve closes and the flow stops.'), null);
  });
});
