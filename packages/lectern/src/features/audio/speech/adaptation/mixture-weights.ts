/**
 * The acoustic model's mixture weights as SphinxTrain reads them (`mixture_weights`, the s3
 * binary format), rebuilt from the `sendump` Debian ships in their place: pocketsphinx decodes
 * from that compact 8-bit form, but SphinxTrain's `bw` (which speaker adaptation runs) only reads
 * float weights. Each byte is a quantised negative log probability in pocketsphinx's log base
 * 1.0001 shifted by 10 bits (ptm_mgau.c), so p = 1.0001^(-1024·q); every distribution is
 * renormalised after the round trip.
 */

const LOG_BASE = 1.0001;
const SCORE_SHIFT_BITS = 10;
const BYTE_ORDER_MAGIC = 0x11223344;

export class SendumpFormatError extends Error {
  override name = 'SendumpFormatError';
}

interface SendumpLayout {
  features: number;
  densities: number;
  senones: number;
  /** Where the weights start: [feature][density][senone], one byte each. */
  offset: number;
}

function readLayout(sendump: Buffer): SendumpLayout {
  let offset = 0;
  const int32 = () => {
    if (offset + 4 > sendump.length) throw new SendumpFormatError('the sendump file ends inside its header');
    const value = sendump.readInt32LE(offset);
    offset += 4;
    return value;
  };
  const string = () => {
    const length = int32();
    if (length < 0 || length > 1000 || offset + length > sendump.length) throw new SendumpFormatError('the sendump header has a bad string');
    const text = sendump.toString('latin1', offset, offset + length).replace(/\0+$/, '');
    offset += length;
    return text;
  };
  string(); // title
  string(); // format description
  const attributes = new Map<string, string>();
  for (let length = int32(); length !== 0; length = int32()) {
    offset -= 4;
    const [key, ...value] = string().split(' ');
    attributes.set(key!, value.join(' '));
  }
  const features = Number(attributes.get('feature_count') ?? 1);
  if (Number(attributes.get('cluster_count') ?? 0) !== 0) throw new SendumpFormatError('clustered (4-bit) sendump files are not supported');
  // Unclustered files carry the table's shape here: rows are densities, columns senones.
  const densities = int32();
  const senones = int32();
  if (!(features > 0 && densities > 0 && senones > 0)) throw new SendumpFormatError('the sendump header has a bad shape');
  if (offset + features * densities * senones !== sendump.length) throw new SendumpFormatError('the sendump file is not as long as its header says');
  return { features, densities, senones, offset };
}

/** `mixture_weights` (s3 format, float32 [senone][feature][density], no checksum) from a `sendump`. */
export function mixtureWeightsFromSendump(sendump: Buffer): Buffer {
  const { features, densities, senones, offset } = readLayout(sendump);
  const probabilityOf = new Float64Array(256);
  for (let q = 0; q < 256; q++) probabilityOf[q] = LOG_BASE ** -(q << SCORE_SHIFT_BITS);
  const header = Buffer.from('s3\nversion 1.0\nendhdr\n', 'latin1');
  const shape = Buffer.alloc(4 * 5);
  shape.writeUInt32LE(BYTE_ORDER_MAGIC, 0);
  shape.writeUInt32LE(senones, 4);
  shape.writeUInt32LE(features, 8);
  shape.writeUInt32LE(densities, 12);
  shape.writeUInt32LE(senones * features * densities, 16);
  const weights = new Float32Array(senones * features * densities);
  const row = new Float64Array(densities);
  for (let senone = 0; senone < senones; senone++) {
    for (let feature = 0; feature < features; feature++) {
      let sum = 0;
      for (let density = 0; density < densities; density++) {
        const q = sendump[offset + (feature * densities + density) * senones + senone]!;
        sum += row[density] = probabilityOf[q]!;
      }
      const base = (senone * features + feature) * densities;
      for (let density = 0; density < densities; density++) weights[base + density] = row[density]! / sum;
    }
  }
  return Buffer.concat([header, shape, Buffer.from(weights.buffer)]);
}
