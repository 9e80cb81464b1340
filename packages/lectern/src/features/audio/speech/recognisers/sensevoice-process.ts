// The SenseVoice engine's own process (forked by sensevoice-recogniser.ts). sherpa-onnx ends the
// whole process (exit) on a damaged model file, so the model is never loaded inside Lectern.
// Messages in: {type:'load', modelDir, language}, {type:'decode', id, samples: Int16Array}.
// Messages out: {type:'ready'}, {type:'result', id, text}, {type:'error', id, message}.
import { openSenseVoice, type SenseVoiceDecoder } from '../../../../platform/sensevoice.js';

type Incoming = { type: 'load'; modelDir: string; language: string } | { type: 'decode'; id: number; samples: Int16Array };

let decoder: SenseVoiceDecoder | undefined;
const send = (message: object) => process.send?.(message);

process.on('message', (message: Incoming) => {
  void (async () => {
    if (message.type === 'load') {
      decoder = await openSenseVoice(message.modelDir, message.language);
      send({ type: 'ready' });
      return;
    }
    try {
      if (!decoder) throw new Error('the model is not loaded');
      send({ type: 'result', id: message.id, text: await decoder.decode(message.samples) });
    } catch (error) {
      send({ type: 'error', id: message.id, message: error instanceof Error ? error.message : String(error) });
    }
  })().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
});
process.on('disconnect', () => process.exit(0));
