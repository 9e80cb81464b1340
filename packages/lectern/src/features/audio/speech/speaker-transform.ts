import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { audio as limits } from '../../../config.js';
import { executableOnPath } from '../../../platform/executables.js';

/** The programs a speaker transform is estimated with (Debian `sphinxbase-utils` and `sphinxtrain`). */
export interface AdaptationTools {
  /** `sphinx_fe`: clips → MFCC feature files. */
  featureExtractor: string;
  /** SphinxTrain's `bw`: aligns the features with the hypotheses and accumulates statistics. */
  baumWelch: string;
  /** SphinxTrain's `mllr_solve`: the statistics → one global MLLR transform of the means. */
  mllrSolver: string;
  /** `pocketsphinx_mdef_convert` (package `pocketsphinx`): the model definition as text, for `bw`. */
  mdefConverter: string;
}

/** The tools, or null when one is missing (speaker adaptation is then off; nothing else changes). */
export function findAdaptationTools(searchPath: string): AdaptationTools | null {
  const featureExtractor = executableOnPath('sphinx_fe', searchPath);
  const mdefConverter = executableOnPath('pocketsphinx_mdef_convert', searchPath);
  const baumWelch = join(limits.adaptation.sphinxtrainDir, 'bw');
  const mllrSolver = join(limits.adaptation.sphinxtrainDir, 'mllr_solve');
  if (!featureExtractor || !mdefConverter || !existsSync(baumWelch) || !existsSync(mllrSolver)) return null;
  return { featureExtractor, baumWelch, mllrSolver, mdefConverter };
}

export class AdaptationToolError extends Error {
  override name = 'AdaptationToolError';
}

/** Runs one tool to the end; they log a lot, so only the tail of stderr is kept for the error. */
function runTool(executable: string, args: readonly string[], signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    // The signal kills the tool: `bw` waits and retries for a feature file that went away.
    const child = spawn(executable, args, { stdio: ['ignore', 'ignore', 'pipe'], signal });
    let tail = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (tail = (tail + chunk).slice(-2000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), limits.adaptation.toolTimeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(signal.aborted ? signal.reason : new AdaptationToolError(`${executable} could not be started: ${error.message}`));
    });
    child.on('close', (code, killedBy) => {
      clearTimeout(timer);
      if (signal.aborted) return reject(signal.reason);
      if (code === 0) return resolve();
      const reason = tail.split('\n').filter((line) => /ERROR|FATAL/.test(line)).at(-1) ?? `exit ${killedBy ?? code}`;
      reject(new AdaptationToolError(`${executable.split('/').at(-1)} failed: ${reason.slice(0, 300)}`));
    });
  });
}

/** One recognised clip: its 16 kHz mono samples and the words the decoder heard. */
export interface AdaptationUtterance {
  samples: Int16Array;
  words: readonly string[];
}

export interface TransformEstimate {
  tools: AdaptationTools;
  /** The folder `prepareAdaptationModel` made. */
  modelDir: string;
  /** A pronunciation dictionary holding every word of the utterances. */
  dictionaryPath: string;
  utterances: readonly AdaptationUtterance[];
  /** An empty folder of this estimate's own; the transform is written into it. */
  workDir: string;
  /** Stops the running tool (the class's recogniser is closing). */
  signal: AbortSignal;
}

/** The model's feature options `bw` must compute the same way, from its feat.params, with live CMN as the decoder runs it. */
async function featureArguments(modelDir: string): Promise<string[]> {
  const args: string[] = [];
  for (const line of (await readFile(join(modelDir, 'feat.params'), 'utf8')).split('\n')) {
    const [name, value] = line.trim().split(/\s+/);
    if (name && value && ['-feat', '-svspec', '-agc', '-varnorm'].includes(name)) args.push(name, value);
  }
  return [...args, '-cmn', 'live'];
}

/**
 * Unsupervised MLLR: the decoder's own hypotheses stand in for transcripts, `bw` aligns them
 * with the audio through the stock model and `mllr_solve` fits one global affine transform of
 * the Gaussian means, which pocketsphinx applies with `-mllr`. One transform has few
 * parameters (39×40), so a minute of speech with imperfect hypotheses estimates it well.
 * Returns the transform's path.
 */
export async function estimateSpeakerTransform(estimate: TransformEstimate): Promise<string> {
  const { tools, modelDir, workDir, utterances, signal } = estimate;
  const accumulatorDir = join(workDir, 'statistics');
  await mkdir(accumulatorDir, { recursive: true });
  const ids = utterances.map((_, index) => `u${index}`);
  await Promise.all(utterances.map((utterance, index) => writeFile(join(workDir, `${ids[index]}.raw`), Buffer.from(utterance.samples.buffer, utterance.samples.byteOffset, utterance.samples.byteLength))));
  const controlPath = join(workDir, 'utterances.ctl');
  await writeFile(controlPath, ids.join('\n') + '\n');
  const transcriptPath = join(workDir, 'utterances.transcription');
  await writeFile(transcriptPath, utterances.map((utterance, index) => `<s> ${utterance.words.join(' ')} </s> (${ids[index]})`).join('\n') + '\n');

  await runTool(tools.featureExtractor, [
    '-argfile', join(modelDir, 'feat.params'), '-samprate', String(limits.recogniserSampleRate),
    '-c', controlPath, '-di', workDir, '-do', workDir, '-ei', 'raw', '-eo', 'mfc', '-raw', 'yes', '-dither', 'yes',
  ], signal);
  await runTool(tools.baumWelch, [
    '-hmmdir', modelDir, '-moddeffn', join(modelDir, 'mdef.txt'), '-ts2cbfn', '.ptm.', ...(await featureArguments(modelDir)),
    '-dictfn', estimate.dictionaryPath, '-fdictfn', join(modelDir, 'noisedict'),
    '-ctlfn', controlPath, '-lsnfn', transcriptPath, '-cepdir', workDir, '-accumdir', accumulatorDir,
  ], signal);
  const transformPath = join(workDir, 'mllr_matrix');
  await runTool(tools.mllrSolver, ['-meanfn', join(modelDir, 'means'), '-varfn', join(modelDir, 'variances'), '-outmllrfn', transformPath, '-accumdir', accumulatorDir], signal);
  return transformPath;
}
