/**
 * `img("path")` as the Nexa docs' vision example uses it: an image read from the project, passed
 * to an agent beside a question (`A.run("Describe this image", picture)`), reaches the model as
 * an image part of the user message; a missing file or a file that is not an image stops at the
 * `img` call.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { harnessFixture, messagesOf } from '../harness/project.js';

const { server, project } = await harnessFixture(({ server }) => server.respondWith(() => ({ text: 'a small square' })));

/** The smallest PNG: a 1×1 transparent pixel. */
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const VISION = `agent Inspector {
    model: "openai/test-model",
    prompt: "Describe images in one line"
}
`;

test('an img() value passed to an agent is sent as an image beside the text of the other arguments', async () => {
  mkdirSync(join(project.root, 'photos'), { recursive: true });
  writeFileSync(join(project.root, 'photos', 'pixel.png'), PIXEL_PNG);
  const run = await project.run(`${VISION}
flow main {
    picture = img("photos/pixel.png")
    print(picture)
    print(Inspector.run("Describe this image", picture))
}
`);
  assert.equal(run.stderr, '');
  assert.equal(run.stdout, '[image photos/pixel.png]\na small square\n');
  const question = messagesOf(server.requests[0]!).at(-1) as unknown as { role: string; content: unknown };
  assert.deepEqual(question, {
    role: 'user',
    content: [
      { type: 'text', text: 'Describe this image' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${PIXEL_PNG.toString('base64')}` } },
    ],
  });
  assert.equal(run.status, 0);
});

test('a missing file, or one that is not an image, stops at the img call and the model is not asked', async () => {
  writeFileSync(join(project.root, 'notes.txt'), 'not a picture');
  for (const [path, reason] of [['photos/missing.jpg', 'cannot read the file: ENOENT'], ['notes.txt', 'not a JPEG, PNG, GIF or WebP image']]) {
    const run = await project.run(`${VISION}
flow main {
    print(Inspector.run("Describe this image", img("${path}")))
}
`);
    assert.match(run.stderr, new RegExp(`img\\("${path.replace('.', '\\.')}"\\): ${reason}`));
    assert.match(run.stderr, /E105/);
    assert.equal(run.status, 1);
  }
  assert.equal(server.requests.length, 0);
});
