import { audio as limits } from '../../config.js';
import { invalidRequest, type ApiError } from '../../platform/errors.js';

/** A validated clip: 16-bit PCM, interleaved when stereo, exactly as the file carried it. */
export interface DecodedWav {
  sampleRate: number;
  channels: 1 | 2;
  /** Interleaved samples (a view of the upload, copied so the upload buffer can go). */
  samples: Int16Array;
  /** The raw bytes of the data chunk: what the receipt's sha256 is computed over. */
  pcmBytes: Buffer;
  durationSeconds: number;
}

const PCM_FORMAT = 1;
const EXTENSIBLE_FORMAT = 0xfffe;
/** The first two bytes of KSDATAFORMAT_SUBTYPE_PCM; the remaining 14 are the fixed GUID tail. */
const PCM_SUBFORMAT_GUID_TAIL = Buffer.from('000000001000800000aa00389b71', 'hex');

const bad = (msg: string, type = 'invalid_wav'): ApiError => invalidRequest([{ loc: ['body', 'file'], msg, type }]);

/**
 * Parses and validates a WAV upload from its header *and* its data, trusting neither alone: the
 * chunk walk is bounded by the bytes actually present, the format fields must agree with each
 * other, and the duration is computed from the data that is really there. Anything outside the
 * accepted set (PCM 16-bit, mono or stereo, 8–48 kHz, ≤ 30 s, non-empty) is a 422.
 */
export function decodeWav(file: Buffer): DecodedWav {
  if (file.length < 12 || file.toString('latin1', 0, 4) !== 'RIFF' || file.toString('latin1', 8, 12) !== 'WAVE') {
    throw bad('not a RIFF/WAVE file');
  }
  const declaredRiffEnd = 8 + file.readUInt32LE(4);
  // A RIFF size larger than the file means a truncated upload; smaller means trailing junk we ignore.
  if (declaredRiffEnd > file.length) throw bad('the file is shorter than its RIFF header says (truncated)');

  let format: { tag: number; channels: number; rate: number; byteRate: number; blockAlign: number; bits: number } | undefined;
  let data: Buffer | undefined;
  let offset = 12;
  let chunks = 0;
  while (offset + 8 <= declaredRiffEnd) {
    if (++chunks > limits.wavChunksMax) throw bad('too many chunks in the WAV file');
    const id = file.toString('latin1', offset, offset + 4);
    const size = file.readUInt32LE(offset + 4);
    const bodyStart = offset + 8;
    const bodyEnd = bodyStart + size;
    if (bodyEnd > declaredRiffEnd) throw bad('a chunk runs past the end of the file (truncated or streamed WAV)');
    if (id === 'fmt ') {
      if (format) throw bad('more than one fmt chunk');
      if (size < 16) throw bad('the fmt chunk is too short');
      format = {
        tag: file.readUInt16LE(bodyStart),
        channels: file.readUInt16LE(bodyStart + 2),
        rate: file.readUInt32LE(bodyStart + 4),
        byteRate: file.readUInt32LE(bodyStart + 8),
        blockAlign: file.readUInt16LE(bodyStart + 12),
        bits: file.readUInt16LE(bodyStart + 14),
      };
      if (format.tag === EXTENSIBLE_FORMAT) {
        // WAVE_FORMAT_EXTENSIBLE: cbSize ≥ 22, then valid bits, channel mask and the sub-format GUID.
        if (size < 40 || file.readUInt16LE(bodyStart + 16) < 22) throw bad('the extensible fmt chunk is too short');
        const subFormat = file.readUInt16LE(bodyStart + 24);
        const guidTail = file.subarray(bodyStart + 26, bodyStart + 40);
        const validBits = file.readUInt16LE(bodyStart + 18);
        if (subFormat !== PCM_FORMAT || !guidTail.equals(PCM_SUBFORMAT_GUID_TAIL) || validBits !== 16) throw bad('only integer PCM is accepted', 'unsupported_format');
        format.tag = PCM_FORMAT;
      }
    } else if (id === 'data') {
      if (data) throw bad('more than one data chunk');
      if (!format) throw bad('the data chunk comes before the fmt chunk');
      data = file.subarray(bodyStart, bodyEnd);
    }
    // Chunks are padded to an even length.
    offset = bodyEnd + (size % 2);
  }
  if (!format) throw bad('no fmt chunk');
  if (!data) throw bad('no data chunk');
  if (format.tag !== PCM_FORMAT) throw bad('only uncompressed PCM is accepted', 'unsupported_format');
  if (format.bits !== 16) throw bad('only 16-bit samples are accepted', 'unsupported_format');
  if (format.channels !== 1 && format.channels !== 2) throw bad('only mono or stereo is accepted', 'unsupported_format');
  if (format.rate < limits.sampleRateMin || format.rate > limits.sampleRateMax) {
    throw bad(`the sample rate must be ${limits.sampleRateMin}–${limits.sampleRateMax} Hz`, 'unsupported_format');
  }
  if (format.blockAlign !== format.channels * 2 || format.byteRate !== format.rate * format.blockAlign) {
    throw bad('the fmt chunk contradicts itself (block align or byte rate)');
  }
  if (data.length === 0) throw bad('the clip has no audio data', 'empty');
  if (data.length % format.blockAlign !== 0) throw bad('the data chunk ends in the middle of a sample frame');
  const frames = data.length / format.blockAlign;
  const durationSeconds = frames / format.rate;
  if (durationSeconds > limits.clipSecondsMax) throw bad(`the clip is longer than ${limits.clipSecondsMax} s`, 'too_long');

  // Copy into an aligned buffer: the upload's offset may be odd, and the copy lets it be freed.
  const pcmBytes = Buffer.from(data);
  const samples = new Int16Array(pcmBytes.buffer, pcmBytes.byteOffset, pcmBytes.length / 2);
  return { sampleRate: format.rate, channels: format.channels as 1 | 2, samples: littleEndianSamples(samples), pcmBytes, durationSeconds };
}

/** WAV is little-endian; on a big-endian host the samples are swapped into a fresh array. */
function littleEndianSamples(samples: Int16Array): Int16Array {
  if (new Uint8Array(new Uint16Array([1]).buffer)[0] === 1) return samples;
  const swapped = new Int16Array(samples.length);
  const view = new DataView(samples.buffer, samples.byteOffset, samples.byteLength);
  for (let i = 0; i < samples.length; i++) swapped[i] = view.getInt16(i * 2, true);
  return swapped;
}

/** The largest upload a valid clip can be: 30 s of 48 kHz stereo plus generous room for metadata chunks. */
export const wavUploadMaxBytes = limits.clipSecondsMax * limits.sampleRateMax * 2 * 2 + limits.wavMetadataMaxBytes;

/** Encodes 16-bit PCM as a canonical WAV (tests, benchmarks, and the microphone's segments). */
export function encodeWav(samples: Int16Array, sampleRate: number, channels: 1 | 2 = 1): Buffer {
  const dataBytes = samples.length * 2;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(PCM_FORMAT, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * 2, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(dataBytes, 40);
  return Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, dataBytes)]);
}
