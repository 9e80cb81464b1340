import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { announcedTopic, isForwardLooking, namedTopic } from '../../../src/answer-engine/text/topics.js';
import { detectLanguage } from '../../../src/answer-engine/text/script.js';

describe('announcedTopic', () => {
  it('reads the topic a teacher announces, in English and Chinese', () => {
    assert.equal(announcedTopic("Today we're going to talk about cellular respiration."), 'cellular respiration');
    assert.equal(announcedTopic("Let's move on to the citric acid cycle."), 'the citric acid cycle');
    assert.equal(announcedTopic('今天我们要讲的就是二叉搜索树。'), '二叉搜索树');
    assert.equal(announcedTopic('好，下面我们看一下遍历。'), '遍历');
  });

  it('does not take a remark about the lesson for a topic', () => {
    assert.equal(announcedTopic('期中考试的范围包括今天讲的内容。'), null);
    assert.equal(announcedTopic('Glycolysis happens in the cytoplasm.'), null);
  });

  it('does not take a place in the course for a topic, and waits for an unnamed topic to be named', () => {
    assert.equal(announcedTopic("Today we're going to start chapter three."), null);
    assert.equal(announcedTopic('今天我们讲第五章。'), null);
    assert.equal(namedTopic('今天我们来讲一个新的概念，叫熵增。'), '熵增');
    assert.equal(namedTopic("Today we'll look at a new kind of bond, called a hydrogen bond."), 'a hydrogen bond');
    assert.equal(namedTopic("Today we'll look at a new kind of bond."), null);
    assert.equal(namedTopic("Today we're going to talk about cellular respiration."), 'cellular respiration');
  });
});

describe('announcedTopic: characters outside the Basic Multilingual Plane', () => {
  it('cuts a long Chinese topic without splitting an emoji into half a pair', () => {
    const topic = announcedTopic('今天我们讲二叉搜索树的删除操作和它的各种😀情况');
    assert.equal(topic, '二叉搜索树的删除操作和它的各种');
    assert.doesNotMatch(topic ?? '', /[\uD800-\uDFFF]/);
  });
});

describe('isForwardLooking', () => {
  it('spots sentences that say what comes next', () => {
    assert.ok(isForwardLooking("We'll come back to that at the end."));
    assert.ok(isForwardLooking('旋转的具体细节我们下节课再讲。'));
    assert.ok(!isForwardLooking('ATP synthase is a tiny rotating motor.'));
  });
});

describe('detectLanguage', () => {
  it('follows the class: Chinese with English terms is Chinese, English is English', () => {
    assert.equal(detectLanguage(['二叉搜索树，英文叫 binary search tree，简称BST。']), 'zh');
    assert.equal(detectLanguage(['The enzyme lowers the activation energy.']), 'en');
    assert.equal(detectLanguage(['Good morning everyone.', '好，我们开始上课，今天讲排序算法。']), 'zh', 'judged on the newest text');
  });
});
