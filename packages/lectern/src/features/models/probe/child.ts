/**
 * The load probe's child process: loads one installed model the way Lectern will run it and
 * proves it answers. A crash of a native runtime on a bad file kills this process, never the
 * server. Reads its job from argv[2] (JSON), prints one JSON line: {ok, reply} or {ok, message}.
 */
import { join } from 'node:path';
import { audio, models as limits } from '../../../config.js';
import { openSenseVoice } from '../../../platform/sensevoice.js';
import { LoadedLlm } from '../llm-engine.js';
import type { ProbeJob, ProbeOutcome } from './job.js';

async function probe(job: ProbeJob): Promise<ProbeOutcome> {
  // A second of silence: proof that the files are a model sherpa-onnx runs, opened as the audio feature opens it.
  if (job.kind === 'asr') return { ok: true, reply: await (await openSenseVoice(job.dir, 'auto')).decode(new Float32Array(audio.recogniserSampleRate)) };
  const gguf = job.files.find((name) => name.endsWith('.gguf'));
  if (gguf === undefined) return { ok: false, message: 'The model has no .gguf file' };
  const llm = await LoadedLlm.load(join(job.dir, gguf));
  try {
    let reply = '';
    const messages = [
      { role: 'system' as const, content: 'You are a load test. Answer with one word.' },
      { role: 'user' as const, content: 'Say ready.' },
    ];
    try {
      for await (const chunk of llm.chat(messages, limits.probeMaxTokens, new AbortController().signal)) reply += chunk;
    } catch (error) {
      // A reply cut by the probe's small token limit is still a reply.
      if (reply.trim() === '') throw error;
    }
    if (reply.trim() === '') return { ok: false, message: 'The model loaded but gave an empty reply to the probe prompt' };
    return { ok: true, reply };
  } finally {
    await llm.dispose();
  }
}

const job = JSON.parse(process.argv[2] ?? '{}') as ProbeJob;
let outcome: ProbeOutcome;
try {
  outcome = await probe(job);
} catch (error) {
  outcome = { ok: false, message: (error as Error).message.split('\n')[0]?.slice(0, 300) ?? 'unknown failure' };
}
process.stdout.write(JSON.stringify(outcome) + '\n', () => process.exit(0));
