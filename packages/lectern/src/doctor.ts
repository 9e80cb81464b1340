import { systemRecogniserPaths, systemRecogniserPresence } from './features/models/system-recogniser.js';
import { executableOnPath } from './platform/executables.js';
import { pocketsphinxStatus, senseVoiceStatus, type RecogniserStatus } from './features/audio/speech/availability.js';
import { sherpaOnnxLoadError } from './platform/sensevoice.js';
import { findAdaptationTools } from './features/audio/speech/adaptation/speaker-model.js';
import { LANGUAGE_MODEL_CONVERTER } from './features/audio/speech/vocabulary/course-vocabulary.js';
import { audio } from './config.js';

/** One optional part of the machine and whether Lectern (or its tests) can use it. */
export interface DoctorCheck {
  id: string;
  kind: 'recogniser' | 'adaptation' | 'capture' | 'test-tool';
  usable: boolean;
  detail: string;
}

function tool(id: string, kind: DoctorCheck['kind'], searchPath: string, why: string, install: string): DoctorCheck {
  const path = executableOnPath(id, searchPath);
  return { id, kind, usable: path !== null, detail: path !== null ? `${path} (${why})` : `missing (${why}); install: ${install}` };
}

/**
 * What `lectern doctor` reports: which speech recognisers are usable and why not, the capture
 * tools a microphone class needs, and the optional tools the tests use. Reads the machine and
 * the data dir's model folder only; it never opens the database (a running Lectern holds it).
 */
export async function runDoctor(dataDir: string, environment: NodeJS.ProcessEnv = process.env): Promise<DoctorCheck[]> {
  const searchPath = environment.PATH ?? '';
  const addonError = await sherpaOnnxLoadError();
  const pocketsphinx = pocketsphinxStatus(systemRecogniserPresence(systemRecogniserPaths(environment)));
  // Without the database the model manager's record is unknown: the files being in place stands for "installed".
  const recognisers: RecogniserStatus[] = [senseVoiceStatus(dataDir, true, addonError), pocketsphinx];
  const checks: DoctorCheck[] = recognisers.map((status) => ({
    id: status.id,
    kind: 'recogniser',
    usable: status.usable,
    detail: status.usable ? 'usable' : status.reason!,
  }));
  const adapts = findAdaptationTools(searchPath) !== null;
  checks.push({
    id: 'speaker-adaptation',
    kind: 'adaptation',
    usable: adapts,
    detail: adapts
      ? `pocketsphinx adapts to each class's speaker after its first ${audio.adaptation.firstAfterSeconds} s of speech (SphinxTrain bw, mllr_solve, mllr_transform; sphinx_fe)`
      : `missing (adapting pocketsphinx to each class's speaker; without it the stock model serves); install: apt-get install ${audio.adaptation.packages.join(' ')}`,
  });
  checks.push(
    tool(
      LANGUAGE_MODEL_CONVERTER,
      'adaptation',
      searchPath,
      'course language models kept in binary form: a decoder starts in ~0.06 s instead of ~0.3 s, in about half the memory',
      'apt-get install sphinxbase-utils',
    ),
  );
  const capture = [
    tool('parec', 'capture', searchPath, 'microphone capture through PulseAudio', 'apt-get install pulseaudio-utils'),
    tool('pactl', 'capture', searchPath, 'listing PulseAudio input devices', 'apt-get install pulseaudio-utils'),
    tool('arecord', 'capture', searchPath, 'microphone capture through ALSA when PulseAudio is absent', 'apt-get install alsa-utils'),
  ];
  checks.push(...capture);
  checks.push(
    tool('espeak-ng', 'test-tool', searchPath, 'pronunciations of course words the dictionary lacks; speech for the audio tests', 'apt-get install espeak-ng'),
    tool('sox', 'test-tool', searchPath, 'resampling test speech', 'apt-get install sox'),
    tool('pulseaudio', 'test-tool', searchPath, 'the null-sink microphone test', 'apt-get install pulseaudio'),
    tool('chromium', 'test-tool', searchPath, 'browser tests', 'apt-get install chromium'),
  );
  return checks;
}

export function formatDoctor(checks: readonly DoctorCheck[]): string {
  const lines = ['Speech recognisers:'];
  for (const kind of ['recogniser', 'adaptation', 'capture', 'test-tool'] as const) {
    if (kind === 'adaptation') lines.push('', 'Speech options:');
    if (kind === 'capture') lines.push('', 'Microphone capture:');
    if (kind === 'test-tool') lines.push('', 'Optional tools (tests and benchmarks):');
    for (const check of checks.filter((c) => c.kind === kind)) lines.push(`  ${check.usable ? 'ok     ' : 'missing'}  ${check.id}: ${check.detail}`);
  }
  const usable = checks.filter((c) => c.kind === 'recogniser' && c.usable).map((c) => c.id);
  lines.push('', usable.length > 0 ? `Speech to text works (asr.model_id "auto" uses ${usable[0]}).` : 'No speech recogniser is usable: audio clips and microphone classes answer 503 model_unavailable.');
  return lines.join('\n') + '\n';
}
