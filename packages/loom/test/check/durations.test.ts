import assert from 'node:assert/strict';
import { describe as suite, test } from 'node:test';
import { findings } from './helpers.js';

const IN_SECONDS = (name: string, what: string) =>
  `E002 Type mismatch: ${name} reads a plain number as milliseconds, but ${what} (500ms is 0.5), so it would wait a thousandth of it`;

suite('durations where a timer reads milliseconds (E002)', () => {
  test('a variable holding a duration, or arithmetic on durations, is refused where milliseconds are read', () => {
    const source = [
      'flow main {',
      '    let d = 500ms',
      '    let again = d',
      '    after(d, fn() { print(1) })',
      '    sleep_ms(again)',
      '    std.concurrent.schedule(interval: 1s + 500ms, handler: fn() { print(2) })',
      '    let (tx, rx) = channel()',
      '    recv_timeout(rx, -d)',
      '}',
    ].join('\n');
    assert.deepEqual(findings(source), [
      `4:11 ${IN_SECONDS('after', "'d' holds a duration in seconds")}`,
      `5:14 ${IN_SECONDS('sleep_ms', "'again' holds a duration in seconds")}`,
      `6:39 ${IN_SECONDS('schedule', 'this is a duration in seconds')}`,
      `8:22 ${IN_SECONDS('recv_timeout', 'this is a duration in seconds')}`,
    ]);
  });

  test('literals, milliseconds, other values and other functions are left alone', () => {
    const source = [
      'flow wait(t) {',
      '    sleep_ms(t)',
      '}',
      'flow after(delay, f) {',
      '    print(delay)',
      '}',
      'flow main {',
      '    let d = 500ms',
      '    let sometimes = 500ms',
      '    sometimes = 250',
      '    let counted = 500ms',
      '    counted += 1',
      '    std.concurrent.after(500ms, fn() { print(1) })',
      '    sleep_ms(d * 1000)',
      '    sleep_ms(sometimes)',
      '    sleep_ms(counted)',
      '    std.time.sleep(d)',
      '    after(d, fn() { print(2) })',
      '    for n in [1s] { sleep_ms(n) }',
      '    wait(5000)',
      '}',
    ].join('\n');
    assert.deepEqual(findings(source), []);
  });
});
