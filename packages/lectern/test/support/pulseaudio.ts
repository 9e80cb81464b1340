import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PrivatePulseAudio {
  /** What a client (pactl, parec, paplay, Lectern) needs to reach this server. */
  environment: NodeJS.ProcessEnv;
  sink: string;
  /** The null sink's monitor: the "microphone" a test records from. */
  monitor: string;
  /** Plays a WAV into the sink; resolves when it has been played. */
  play(wavPath: string): Promise<void>;
  /** Kills the server (a capture failure) without cleaning up. */
  kill(): void;
  stop(): void;
}

/**
 * A PulseAudio server of the test's own, in a private runtime dir (works as root without
 * `--system`): no modules but the native protocol and one null sink. What is played into the
 * sink comes out of its monitor source, which a microphone class records like any input.
 */
export function startPrivatePulseAudio(sink = 'lectern_test_sink'): PrivatePulseAudio {
  const runtime = mkdtempSync(join(tmpdir(), 'lectern-pulse-'));
  const environment: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: runtime,
    XDG_RUNTIME_DIR: runtime,
    PULSE_RUNTIME_PATH: join(runtime, 'pulse'),
  };
  execFileSync(
    'pulseaudio',
    ['-D', '--exit-idle-time=-1', '-n', '--load=module-native-protocol-unix', `--load=module-null-sink sink_name=${sink}`, '--log-target=stderr', '--log-level=error'],
    { env: environment, stdio: 'ignore', timeout: 15_000 },
  );
  execFileSync('pactl', ['info'], { env: environment, stdio: 'ignore', timeout: 5000 });
  const pid = Number(readFileSync(join(runtime, 'pulse', 'pid'), 'utf8').trim());
  const kill = () => {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  return {
    environment,
    sink,
    monitor: `${sink}.monitor`,
    play: (wavPath) =>
      new Promise((resolve, reject) => {
        const player = spawn('paplay', [`--device=${sink}`, wavPath], { env: environment, stdio: 'ignore' });
        player.on('error', reject);
        player.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`paplay exited ${code}`))));
      }),
    kill,
    stop() {
      kill();
      rmSync(runtime, { recursive: true, force: true });
    },
  };
}
