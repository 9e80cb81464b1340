/**
 * `loom jobs` refusals: usage mistakes are status 64 with the reason, a queue that cannot be
 * opened is status 1 naming the queue without its password, a worker for a program without
 * jobs is status 1.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { JobProject } from '../runtime/jobs/job-project.js';

test('usage mistakes of loom jobs are status 64 with the reason', async () => {
  const project = new JobProject('sqlite');
  try {
    const cases: [string[], RegExp][] = [
      [['jobs', '--status', 'bogus'], /--status takes one of queued, running, completed, failed, dead, got 'bogus'/],
      [['jobs', 'work'], /missing FILE for 'loom jobs work'/],
      [['jobs', 'retry'], /missing ID for 'loom jobs retry'/],
      [['jobs', 'work', 'app.nx', '--concurrency', '0'], /--concurrency takes a whole number from 1 to 1000, got '0'/],
      [['jobs', '--concurrency', '2'], /--concurrency is for 'loom jobs work FILE'/],
      [['jobs', '--dead-letter', '--status', 'queued'], /--dead-letter lists dead jobs; it cannot be combined with another --status/],
      [['jobs', 'a.nx', 'b.nx'], /unexpected argument 'b.nx' for 'loom jobs'/],
    ];
    for (const [args, reason] of cases) {
      const result = await project.loom(args);
      assert.equal(result.status, 64, `${args.join(' ')}: ${result.stderr}`);
      assert.match(result.stderr, reason);
    }
  } finally {
    await project.cleanUp();
  }
});

test('an empty queue says so; a program without jobs cannot be worked', async () => {
  const project = new JobProject('sqlite');
  try {
    const empty = await project.loom(['jobs', '--dead-letter']);
    assert.equal(empty.status, 0);
    assert.match(empty.stdout, /^no dead jobs in .*\.loom\/jobs\.db\n$/);
    project.write('plain.nx', 'flow main { print(1) }\n');
    const work = await project.loom(['jobs', 'work', 'plain.nx']);
    assert.equal(work.status, 1);
    assert.match(work.stderr, /plain\.nx declares no jobs/);
  } finally {
    await project.cleanUp();
  }
});

test('a queue that cannot be opened is status 1 naming it, never with its password', async () => {
  const project = new JobProject('sqlite');
  try {
    const away = await project.loom(['jobs'], { LOOM_JOBS_URL: 'redis://worker:s3cret-pass@127.0.0.1:1/0' });
    assert.equal(away.status, 1);
    assert.match(away.stderr, /loom jobs: cannot open the job queue: cannot reach the job queue at redis:\/\/worker:\*\*\*@127\.0\.0\.1:1\/0/);
    assert.doesNotMatch(away.stderr + away.stdout, /s3cret-pass/);
    const wrong = await project.loom(['jobs'], { LOOM_JOBS_URL: 'ftp://user:s3cret-pass@example.com/' });
    assert.equal(wrong.status, 1);
    assert.match(wrong.stderr, /LOOM_JOBS_URL must be redis:\/\/…, rediss:\/\/… or sqlite:PATH/);
    assert.doesNotMatch(wrong.stderr, /s3cret-pass/);
    // In a program the same is an E105 at the enqueue.
    project.write('enqueue.nx', 'job J on "q" {\n    perform() { print(1) }\n}\nflow main { spawn J() }\n');
    const run = await project.loom(['run', 'enqueue.nx'], { LOOM_JOBS_URL: 'redis://worker:s3cret-pass@127.0.0.1:1/0' });
    assert.equal(run.status, 1);
    assert.match(run.stderr, /cannot open the job queue/);
    assert.match(run.stderr, /code E105/);
    assert.doesNotMatch(run.stderr, /s3cret-pass/);
  } finally {
    await project.cleanUp();
  }
});
