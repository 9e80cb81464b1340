import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { link, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { audio as limits } from '../../../../config.js';
import { executableOnPath } from '../../../../platform/executables.js';
import { StderrTail } from '../../../../platform/stderr-tail.js';

/** The programs a speaker transform is estimated with (Debian `sphinxbase-utils` and `sphinxtrain`). */
export interface AdaptationTools {
  /** `sphinx_fe`: clips → MFCC feature files. */
  featureExtractor: string;
  /** SphinxTrain's `bw`: aligns the features with the hypotheses and accumulates statistics. */
  baumWelch: string;
  /** SphinxTrain's `mllr_solve`: the statistics → one global MLLR transform of the means. */
  mllrSolver: string;
  /** SphinxTrain's `mllr_transform`: applies a transform to the means, giving a model file. */
  mllrApplier: string;
  /** `pocketsphinx_mdef_convert` (package `pocketsphinx`): the model definition as text, for `bw`. */
  mdefConverter: string;
}

/** The tools, or null when one is missing (speaker adaptation is then off; nothing else changes). */
export function findAdaptationTools(searchPath: string): AdaptationTools | null {
  const featureExtractor = executableOnPath('sphinx_fe', searchPath);
  const mdefConverter = executableOnPath('pocketsphinx_mdef_convert', searchPath);
  const baumWelch = join(limits.adaptation.sphinxtrainDir, 'bw');
  const mllrSolver = join(limits.adaptation.sphinxtrainDir, 'mllr_solve');
  const mllrApplier = join(limits.adaptation.sphinxtrainDir, 'mllr_transform');
  if (!featureExtractor || !mdefConverter || ![baumWelch, mllrSolver, mllrApplier].every((tool) => existsSync(tool))) return null;
  return { featureExtractor, baumWelch, mllrSolver, mllrApplier, mdefConverter };
}

export class AdaptationToolError extends Error {
  override name = 'AdaptationToolError';
}

/** Runs one tool to the end; they log a lot, so only the tail of stderr is kept for the error. */
function runTool(executable: string, args: readonly string[], signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    // The signal kills the tool: `bw` waits and retries for a feature file that went away.
    const child = spawn(executable, args, { stdio: ['ignore', 'ignore', 'pipe'], signal, timeout: limits.adaptation.toolTimeoutMs, killSignal: 'SIGKILL' });
    const stderr = new StderrTail();
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => stderr.append(chunk));
    child.on('error', (error) => {
      reject(signal.aborted ? signal.reason : new AdaptationToolError(`${executable} could not be started: ${error.message}`));
    });
    child.on('close', (code, killedBy) => {
      if (signal.aborted) return reject(signal.reason);
      if (code === 0) return resolve();
      const reason = stderr.lastErrorLine() ?? `exit ${killedBy ?? code}`;
      reject(new AdaptationToolError(`${executable.split('/').at(-1)} failed: ${reason}`));
    });
  });
}

/** One recognised clip: where its speech is and the words the decoder heard. */
export interface AdaptationUtterance {
  /** The speech: 16 kHz mono s16 raw. */
  speechPath: string;
  words: readonly string[];
}

export interface SpeakerModelEstimate {
  tools: AdaptationTools;
  /** The folder `prepareAdaptationModel` made (float weights, text model definition). */
  trainingModelDir: string;
  /** The folder the decoder loads (the stock model with live CMN): its feat.params and mdef are reused. */
  decoderModelDir: string;
  /** A pronunciation dictionary holding every word of the utterances. */
  dictionaryPath: string;
  utterances: readonly AdaptationUtterance[];
  /** An empty scratch folder of this estimate's own (clips, features, statistics). */
  workDir: string;
  /** Where the adapted model is written (created; must not exist yet). */
  modelDir: string;
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
 * Unsupervised MLLR speaker adaptation: the decoder's own hypotheses stand in for transcripts,
 * `bw` aligns them with the speech through the stock model, `mllr_solve` fits one global affine
 * transform of the Gaussian means, and `mllr_transform` applies it, giving the adapted model
 * (`modelDir`) the decoder loads with `-hmm`: transformed means, everything else linked from the
 * decoder's model. One transform has few parameters (39×40), so 20 s of speech with imperfect
 * hypotheses estimates it well. MAP on top (SphinxTrain's second step) was measured and left
 * out: with this little, unsupervised speech it learns the decoder's errors (docs/benchmarks.md).
 */
export async function estimateSpeakerModel(estimate: SpeakerModelEstimate): Promise<void> {
  const { tools, trainingModelDir: training, decoderModelDir: decoder, workDir, modelDir, signal } = estimate;
  // Hard links: the class may drop a clip from its speech while this estimate still reads it;
  // one dropped before it was linked is left out.
  const linked = await Promise.all(
    estimate.utterances.map((utterance, index) =>
      link(utterance.speechPath, join(workDir, `u${index}.raw`)).then(
        () => ({ utterance, id: `u${index}` }),
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return null;
          throw error;
        },
      ),
    ),
  );
  const kept = linked.filter((entry) => entry !== null);
  if (kept.length === 0) throw new Error('none of the speech to adapt to is left');
  const ids = kept.map((entry) => entry.id);
  const utterances = kept.map((entry) => entry.utterance);
  const controlPath = join(workDir, 'utterances.ctl');
  await writeFile(controlPath, ids.join('\n') + '\n');
  const transcriptPath = join(workDir, 'utterances.transcription');
  await writeFile(transcriptPath, utterances.map((utterance, index) => `<s> ${utterance.words.join(' ')} </s> (${ids[index]})`).join('\n') + '\n');

  await runTool(tools.featureExtractor, [
    '-argfile', join(training, 'feat.params'), '-samprate', String(limits.recogniserSampleRate),
    '-c', controlPath, '-di', workDir, '-do', workDir, '-ei', 'raw', '-eo', 'mfc', '-raw', 'yes', '-dither', 'yes',
  ], signal);
  const statisticsDir = join(workDir, 'statistics');
  await mkdir(statisticsDir);
  await runTool(tools.baumWelch, [
    '-hmmdir', training, '-moddeffn', join(training, 'mdef.txt'), '-ts2cbfn', '.ptm.', ...(await featureArguments(training)),
    '-dictfn', estimate.dictionaryPath, '-fdictfn', join(training, 'noisedict'),
    '-ctlfn', controlPath, '-lsnfn', transcriptPath, '-cepdir', workDir, '-accumdir', statisticsDir,
  ], signal);
  const transformPath = join(workDir, 'mllr_matrix');
  await runTool(tools.mllrSolver, ['-meanfn', join(training, 'means'), '-varfn', join(training, 'variances'), '-outmllrfn', transformPath, '-accumdir', statisticsDir], signal);
  await mkdir(modelDir);
  await runTool(tools.mllrApplier, ['-inmeanfn', join(training, 'means'), '-outmeanfn', join(modelDir, 'means'), '-mllrmat', transformPath], signal);
  for (const name of ['mdef', 'feat.params', 'noisedict', 'variances', 'transition_matrices', 'sendump']) await symlink(join(decoder, name), join(modelDir, name));
}
