// The SenseVoice engine's own process (forked by sensevoice-recogniser.ts). sherpa-onnx ends the
// whole process (exit) on a damaged model file, so the model is never loaded inside Lectern.
// Messages in: {type:'load', modelDir, language}, {type:'decode', id, samples: Int16Array}.
// Messages out: {type:'ready'}, {type:'result', id, text}, {type:'error', id, message}.
import { join } from 'node:path';
import { audio as limits, senseVoiceFiles } from '../../../../config.js';
import { loadSherpaOnnx, type OfflineRecognizer } from './sensevoice-addon.js';

type Incoming = { type: 'load'; modelDir: string; language: string } | { type: 'decode'; id: number; samples: Int16Array };

let recognizer: OfflineRecognizer | undefined;
const send = (message: object) => process.send?.(message);

process.on('message', (message: Incoming) => {
  void (async () => {
    if (message.type === 'load') {
      const sherpa = await loadSherpaOnnx();
      recognizer = await sherpa.OfflineRecognizer.createAsync({
        featConfig: { sampleRate: limits.recogniserSampleRate, featureDim: 80 },
        modelConfig: {
          senseVoice: { model: join(message.modelDir, senseVoiceFiles.model), language: message.language, useInverseTextNormalization: 1 },
          tokens: join(message.modelDir, senseVoiceFiles.tokens),
          numThreads: 1,
          provider: 'cpu',
          debug: 0,
        },
      });
      send({ type: 'ready' });
      return;
    }
    try {
      if (!recognizer) throw new Error('the model is not loaded');
      const stream = recognizer.createStream();
      const floats = new Float32Array(message.samples.length);
      for (let i = 0; i < floats.length; i++) floats[i] = message.samples[i]! / 32768;
      stream.acceptWaveform({ samples: floats, sampleRate: limits.recogniserSampleRate });
      await recognizer.decodeAsync(stream);
      send({ type: 'result', id: message.id, text: recognizer.getResult(stream).text.trim() });
    } catch (error) {
      send({ type: 'error', id: message.id, message: error instanceof Error ? error.message : String(error) });
    }
  })().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
});
process.on('disconnect', () => process.exit(0));
