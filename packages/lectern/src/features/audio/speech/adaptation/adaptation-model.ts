import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { replaceFolder } from '../../../../platform/atomic-folder.js';
import { mixtureWeightsFromSendump } from './mixture-weights.js';

const run = promisify(execFile);

/** The stock model's files SphinxTrain's `bw` and `mllr_solve` read as they are. */
const LINKED_FILES = ['means', 'variances', 'transition_matrices', 'noisedict', 'feat.params'];
/** Bumped when what this writes changes, so an older copy in a data dir is rebuilt. */
const FORMAT = 'lectern-adaptation-model 1';

/**
 * The Debian acoustic model in the form SphinxTrain's adaptation tools read: links to its means,
 * variances and transition matrices, plus the two files the package ships only in decoder form —
 * float mixture weights rebuilt from `sendump`, and the model definition as text
 * (`pocketsphinx_mdef_convert -text`). Built once per data dir (~8 MB), atomically.
 */
export async function prepareAdaptationModel(stockModelDir: string, targetDir: string, mdefConverter: string): Promise<string> {
  const marker = join(targetDir, 'FORMAT');
  if (existsSync(marker) && (await readFile(marker, 'utf8')) === FORMAT) return targetDir;
  await replaceFolder(targetDir, async (staging) => {
    for (const name of LINKED_FILES) await symlink(join(stockModelDir, name), join(staging, name));
    await writeFile(join(staging, 'mixture_weights'), mixtureWeightsFromSendump(await readFile(join(stockModelDir, 'sendump'))));
    await run(mdefConverter, ['-text', join(stockModelDir, 'mdef'), join(staging, 'mdef.txt')], { timeout: 60_000 });
    await writeFile(join(staging, 'FORMAT'), FORMAT);
  });
  return targetDir;
}
