/**
 * Jobs end to end through the real `loom` executable, on both queues: SQLite (`.loom/jobs.db`)
 * and the machine's real Redis through BullMQ (a key prefix of each test's own). `loom run`
 * drains what it enqueued; failures are EB01 per attempt, timeouts EB02 with the work
 * stopped, dead letters EB03 failing the run; a worker killed with SIGKILL mid-job loses
 * nothing; two workers never run one job.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { redisSkip } from '../../support/services.js';
import { eventually, JobProject, statesOf } from './job-project.js';
import type { Backend } from './job-project.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function count(text: string, pattern: RegExp): number {
  return [...text.matchAll(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`))].length;
}

for (const backend of ['sqlite', 'redis'] as const satisfies readonly Backend[]) {
  const skip = backend === 'redis' ? redisSkip : false;

  test(`${backend}: loom run enqueues with spawn and .enqueue, gets job ids, and runs the jobs before it exits`, { skip }, async () => {
    const project = new JobProject(backend);
    try {
      project.write('app.nx', [
        'job Greet on "greetings" {',
        '    perform(name) { print("hello #{name}") }',
        '}',
        'flow send(to, subject) { print("mail to #{to}: #{subject}") }',
        'job Mail { handler: send, retry: 1, timeout: 30 }',
        'flow main {',
        '    let a = spawn Greet("ann")',
        '    let b = Greet.enqueue({"name": "bob"})',
        '    let c = spawn Mail(to: "x@example.com", subject: "hi")',
        '    print("ids #{a} #{b} #{c}")',
        '}',
      ].join('\n'));
      const run = await project.loom(['run', 'app.nx']);
      assert.equal(run.status, 0, run.stderr);
      const ids = /ids (\S+) (\S+) (\S+)/.exec(run.stdout)?.slice(1) ?? [];
      assert.equal(ids.length, 3, run.stdout);
      for (const id of ids) assert.match(id, UUID);
      for (const line of ['hello ann', 'hello bob', 'mail to x@example.com: hi']) assert.ok(run.stdout.includes(line), run.stdout);
      const listed = await project.loom(['jobs', '--json']);
      assert.equal(listed.status, 0, listed.stderr);
      const jobs = JSON.parse(listed.stdout) as { id: string; job: string; queue: string; state: string; args: unknown }[];
      assert.deepEqual(jobs.map((job) => job.id).sort(), [...ids].sort());
      assert.ok(jobs.every((job) => job.state === 'completed'));
      assert.deepEqual(jobs.find((job) => job.id === ids[2])?.args, { to: 'x@example.com', subject: 'hi' });
      assert.equal(jobs.find((job) => job.id === ids[0])?.queue, 'greetings');
      // The same queue read through the program's file.
      const throughFile = await project.loom(['jobs', 'app.nx', '--status', 'completed', '--json']);
      assert.equal((JSON.parse(throughFile.stdout) as unknown[]).length, 3);
    } finally {
      await project.cleanUp();
    }
  });

  test(`${backend}: JobQueue answers a job's status, lists, cancels a job not started and clears completed ones`, { skip }, async () => {
    const project = new JobProject(backend);
    try {
      project.write('hello.nx', 'job Hello on "hello" {\n    perform(n) { print("hello #{n}") }\n}\n');
      project.write('first.nx', [
        'include "hello.nx"',
        'flow main {',
        '    spawn Hello(1)',
        '    spawn Hello(2)',
        '}',
      ].join('\n'));
      project.write('queue.nx', [
        'include "hello.nx"',
        'flow main {',
        '    let later = Hello.enqueue_in(3600, {"n": 9})',
        '    print("status #{JobQueue.status(later)}")',
        '    print("unknown #{JobQueue.status("no-such-id") == null}")',
        '    print("listed #{len(JobQueue.list_jobs("queued"))} #{len(JobQueue.list_jobs())}")',
        '    print("cancelled #{JobQueue.cancel(later)} then #{JobQueue.cancel(later)}")',
        '    print("cleared #{JobQueue.clear_completed()}")',
        '    print("left #{len(JobQueue.list_jobs())}")',
        '}',
      ].join('\n'));
      const first = await project.loom(['run', 'first.nx']);
      assert.equal(first.status, 0, first.stderr);
      const run = await project.loom(['run', 'queue.nx']);
      assert.equal(run.status, 0, run.stderr);
      assert.equal(run.stdout, 'status queued\nunknown true\nlisted 1 3\ncancelled true then false\ncleared 2\nleft 0\n');
    } finally {
      await project.cleanUp();
    }
  });

  test(`${backend}: a failing job is retried (EB01 each attempt), then dead-lettered (EB03 naming it, exit 1) after on_failure; the CLI lists and retries it`, { skip }, async () => {
    const project = new JobProject(backend);
    try {
      project.write('flaky.nx', [
        'job Flaky on "flaky" (retry: 2, backoff: "linear") {',
        '    perform(n) { raise Error("boom #{n}") }',
        '    on_failure(error, attempt) { print("gave up: #{error} after #{attempt}") }',
        '}',
        'flow main { spawn Flaky(7) }',
      ].join('\n'));
      const run = await project.loom(['run', 'flaky.nx']);
      assert.equal(run.status, 1, run.stderr);
      assert.equal(count(run.stderr, /code EB01/), 3, run.stderr);
      assert.match(run.stderr, /JobError: job Flaky \(\S+\) failed on attempt 1 of 3: boom 7/);
      assert.match(run.stderr, /JobError: job Flaky \(\S+\) was dead-lettered after 3 attempts; last: EB01/);
      assert.equal(count(run.stderr, /code EB03/), 1);
      assert.equal(count(run.stdout, /gave up: boom 7 after 3/), 1, run.stdout);

      const dead = JSON.parse((await project.loom(['jobs', '--dead-letter', '--json'])).stdout) as { id: string; attempts: number; last_error: string }[];
      assert.equal(dead.length, 1);
      assert.equal(dead[0].attempts, 3);
      assert.match(dead[0].last_error, /^EB01: /);
      assert.equal((await project.loom(['jobs', '--status', 'completed', '--json'])).stdout.trim(), '[]');
      const text = await project.loom(['jobs']);
      assert.match(text.stdout, /^ID\s+JOB\s+QUEUE\s+STATE/);
      assert.match(text.stdout, /Flaky\s+flaky\s+dead\s+3\/3/);

      const retried = await project.loom(['jobs', '--retry-dead-letter', dead[0].id]);
      assert.equal(retried.status, 0, retried.stderr);
      assert.match(retried.stdout, /is queued again/);
      const queued = JSON.parse((await project.loom(['jobs', '--status', 'queued', '--json'])).stdout) as { id: string; attempts: number }[];
      assert.deepEqual(queued.map((job) => [job.id, job.attempts]), [[dead[0].id, 0]]);
      const again = await project.loom(['jobs', 'retry', dead[0].id]);
      assert.equal(again.status, 1);
      assert.match(again.stderr, /is queued; only a dead or failed job can be retried/);
      const missing = await project.loom(['jobs', 'retry', 'no-such-job']);
      assert.equal(missing.status, 1);
      assert.match(missing.stderr, /no job no-such-job/);
    } finally {
      await project.cleanUp();
    }
  });

  test(`${backend}: a job over its timeout is stopped with EB02: its work is aborted, not left running`, { skip }, async () => {
    const project = new JobProject(backend);
    try {
      const marker = project.path('after-sleep.txt');
      project.write('slow.nx', [
        'job Slow on "slow" (retry: 0, timeout: 1) {',
        `    perform() { sleep_ms(1500)\n std.fs.file_append(${JSON.stringify(marker)}, "still ran") }`,
        '}',
        // main outlives the job's sleep: work that was not stopped would write the marker.
        'flow main { spawn Slow()\n sleep_ms(2500) }',
      ].join('\n'));
      const run = await project.loom(['run', 'slow.nx']);
      assert.equal(run.status, 1, run.stderr);
      assert.match(run.stderr, /JobError: job Slow \(\S+\) timed out after 1 s on attempt 1 of 1; its work was stopped\n {2}= code EB02/);
      assert.match(run.stderr, /was dead-lettered after 1 attempt; last: EB02/);
      assert.equal(existsSync(marker), false, 'the timed-out work went on after its timeout');
    } finally {
      await project.cleanUp();
    }
  });

  test(`${backend}: a worker killed with SIGKILL mid-job loses nothing: another worker runs the job again`, { skip }, async () => {
    // On Redis the lease (BullMQ's lock) is made short so the stalled check finds the job soon.
    const project = new JobProject(backend, backend === 'redis' ? { LOOM_JOBS_LEASE_SECONDS: '1' } : {});
    const store = await project.queue();
    try {
      const log = project.path('steps.log');
      project.write('steps.nx', [
        'job Step on "steps" (timeout: 30) {',
        `    perform(n) {\n std.fs.file_append(${JSON.stringify(log)}, "start #{n}\\n")\n sleep_ms(1200)\n std.fs.file_append(${JSON.stringify(log)}, "done #{n}\\n") }`,
        '}',
      ].join('\n'));
      const ids: string[] = [];
      for (let n = 1; n <= 6; n += 1) ids.push(await project.enqueue(store, 'Step', 'steps', ['n'], { n }));
      const first = await project.startWorker('steps.nx', 3);
      // Killed once it has started three jobs (its concurrency), before any can finish.
      await eventually('the first worker to start jobs', async () => (existsSync(log) && count(readFileSync(log, 'utf8'), /^start/m) === 3 ? true : undefined));
      first.child.kill('SIGKILL');
      await first.exited;
      const running = [...(await statesOf(store)).values()].filter((job) => job.state === 'running');
      assert.ok(running.length > 0, 'the killed worker held jobs');
      const second = await project.startWorker('steps.nx', 6);
      await eventually('every job to complete', async () => {
        const states = await statesOf(store);
        return ids.every((id) => states.get(id)?.state === 'completed') ? true : undefined;
      }, 30_000);
      assert.match(second.stderr, /recovered \d+ jobs? of a worker that stopped/);
      const lines = readFileSync(log, 'utf8').split('\n');
      for (let n = 1; n <= 6; n += 1) assert.ok(lines.includes(`done ${n}`), `job ${n} never finished:\n${lines.join('\n')}`);
      // The jobs the killed worker had started ran again from the start.
      assert.equal(running.length, 3);
      for (const job of running) assert.equal(count(lines.join('\n'), new RegExp(`^start ${String(job.args['n'])}$`, 'm')), 2, lines.join('\n'));
    } finally {
      await store.close();
      await project.cleanUp();
    }
  });

  test(`${backend}: two workers share one queue and never run the same job`, { skip }, async () => {
    const project = new JobProject(backend);
    const store = await project.queue();
    try {
      const log = project.path('ran.log');
      project.write('count.nx', [
        'job Count on "counting" {',
        `    perform(n) {\n std.fs.file_append(${JSON.stringify(log)}, "#{n}\\n")\n sleep_ms(5) }`,
        '}',
      ].join('\n'));
      // Both wait on the empty queue first, so that neither has it to itself.
      const workers = await Promise.all([project.startWorker('count.nx', 4), project.startWorker('count.nx', 4)]);
      const total = 120;
      const ids: string[] = [];
      for (let n = 0; n < total; n += 1) ids.push(await project.enqueue(store, 'Count', 'counting', ['n'], { n }));
      await eventually('every job to complete', async () => {
        const states = await statesOf(store);
        return ids.every((id) => states.get(id)?.state === 'completed') ? true : undefined;
      }, 30_000);
      const ran = readFileSync(log, 'utf8').trim().split('\n').map(Number).sort((a, b) => a - b);
      assert.deepEqual(ran, Array.from({ length: total }, (_unused, n) => n), 'each job ran exactly once');
      // Progress lines are written a tenth of a second at a time.
      const perWorker = await eventually('every completion reported', async () => {
        const counts = workers.map((worker) => count(worker.stderr, /completed Count/));
        return counts[0] + counts[1] === total ? counts : undefined;
      });
      assert.ok(perWorker.every((done) => done > 0), `both workers took jobs: ${perWorker.join(', ')}`);
      for (const worker of workers) worker.child.kill('SIGTERM');
      assert.deepEqual(await Promise.all(workers.map((worker) => worker.exited)), [0, 0]);
    } finally {
      await store.close();
      await project.cleanUp();
    }
  });
}

test('the part5 job example runs with its flows declared: handler and on_failure flows, spawn with named arguments, on_failure reading job_info', async () => {
  const project = new JobProject('sqlite');
  try {
    const log = project.path('failed_emails.log');
    // part5_enterprise "Complete Example: Async Email System", with its undeclared EmailAgent
    // replaced by a print (and a failure for one address) and without the server part.
    project.write('email.nx', [
      'job SendEmail {',
      '    handler: send_email_flow',
      '    retry: 1',
      '    timeout: 60',
      '    on_failure: log_failure',
      '}',
      'flow send_email_flow(to: string, subject: string, body: string) {',
      '    if to == "bad@example.com" { raise Error("mailbox unavailable") }',
      '    print("Send email to #{to} with subject #{subject}")',
      '}',
      'flow log_failure(job_info) {',
      `    std.fs.file_append(${JSON.stringify(log)}, "Failed: #{job_info.id} (#{job_info.error}, attempt #{job_info.attempt}) at #{std.time.time_now()}\\n")`,
      '}',
      'flow main {',
      '    ok_id = spawn SendEmail(to: "a@example.com", subject: "hi", body: "hello")',
      '    bad_id = spawn SendEmail(to: "bad@example.com", subject: "hi", body: "hello")',
      '    print({"status": "queued", "job_id": bad_id})',
      '}',
    ].join('\n'));
    const run = await project.loom(['run', 'email.nx']);
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stdout, /Send email to a@example\.com with subject hi/);
    const badId = /"job_id": "([^"]+)"/.exec(run.stdout)?.[1];
    assert.ok(badId !== undefined, run.stdout);
    assert.match(readFileSync(log, 'utf8'), new RegExp(`^Failed: ${badId} \\(mailbox unavailable, attempt 2\\) at \\S`));
    assert.match(run.stderr, new RegExp(`job SendEmail \\(${badId}\\) was dead-lettered after 2 attempts`));
  } finally {
    await project.cleanUp();
  }
});
