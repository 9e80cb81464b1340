import { execFile } from 'node:child_process';
import { audio as limits } from '../../../config.js';
import { ApiError } from '../../../platform/errors.js';
import { executableOnPath } from '../../../platform/executables.js';

export interface AudioDevice {
  id: string;
  name: string;
  default: boolean;
}

/** Which sound system capture goes through. */
export type SoundSystem = 'pulseaudio' | 'alsa';

function run(command: string, args: readonly string[], environment: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { env: environment, timeout: limits.deviceQueryTimeoutMs, maxBuffer: 4 * 1024 * 1024 }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    );
  });
}

/** PulseAudio when a server answers `pactl info`, else ALSA when `arecord` exists, else null. */
export async function soundSystem(environment: NodeJS.ProcessEnv): Promise<SoundSystem | null> {
  const searchPath = environment.PATH ?? '';
  if (executableOnPath('pactl', searchPath) && executableOnPath('parec', searchPath)) {
    const reachable = await run('pactl', ['info'], environment).then(() => true, () => false);
    if (reachable) return 'pulseaudio';
  }
  return executableOnPath('arecord', searchPath) ? 'alsa' : null;
}

interface PulseSource {
  name: string;
  description?: string;
}

async function pulseDevices(environment: NodeJS.ProcessEnv): Promise<AudioDevice[]> {
  const [listing, defaultSource] = await Promise.all([
    run('pactl', ['--format=json', 'list', 'sources'], environment),
    run('pactl', ['get-default-source'], environment).then((out) => out.trim(), () => ''),
  ]);
  const sources = JSON.parse(listing) as PulseSource[];
  return sources.map((source) => ({ id: source.name, name: source.description || source.name, default: source.name === defaultSource }));
}

/** `arecord -L`: a device name at the start of a line, its description indented below. */
async function alsaDevices(environment: NodeJS.ProcessEnv): Promise<AudioDevice[]> {
  const listing = await run('arecord', ['-L'], environment);
  const devices: AudioDevice[] = [];
  for (const line of listing.split('\n')) {
    if (line.trim() === '') continue;
    if (!/^\s/.test(line)) devices.push({ id: line.trim(), name: line.trim(), default: line.trim() === 'default' });
    else {
      const last = devices.at(-1);
      if (last && last.name === last.id) last.name = line.trim();
    }
  }
  // `null` is ALSA's discard device, not an input.
  return devices.filter((device) => device.id !== 'null');
}

/** The input devices (PulseAudio sources, else ALSA PCMs); 503 device_unavailable when the query fails. */
export async function listAudioDevices(environment: NodeJS.ProcessEnv): Promise<AudioDevice[]> {
  const system = await soundSystem(environment);
  if (system === null) throw new ApiError('device_unavailable', 'No sound system to query: install pulseaudio-utils (PulseAudio) or alsa-utils (ALSA)');
  try {
    return system === 'pulseaudio' ? await pulseDevices(environment) : await alsaDevices(environment);
  } catch {
    throw new ApiError('device_unavailable', `Listing the ${system === 'pulseaudio' ? 'PulseAudio' : 'ALSA'} input devices failed`);
  }
}
