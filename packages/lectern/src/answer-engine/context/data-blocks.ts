// Quoting untrusted classroom text (speech, files, earlier answers) inside a prompt so that it
// reads as data. Each block is fenced by <<<NAME>>> … <<<END NAME>>>, and the data itself is
// stripped of anything that could forge a fence, so nothing inside can close the block early.

const FENCE_OPEN = '<<<';
const FENCE_CLOSE = '>>>';

function openFence(name: string): string {
  return `${FENCE_OPEN}${name}${FENCE_CLOSE}`;
}

function closeFence(name: string): string {
  return `${FENCE_OPEN}END ${name}${FENCE_CLOSE}`;
}

/**
 * One line of data: whitespace (newlines included) collapsed so a quote cannot fake the
 * structure of the block, and fence characters replaced by look-alikes.
 */
export function quoteData(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/<{3,}/g, (run) => '‹'.repeat(run.length))
    .replace(/>{3,}/g, (run) => '›'.repeat(run.length))
    .trim();
}

/** A fenced block: the rendered lines between the two fences. */
export function fencedBlock(name: string, lines: readonly string[]): string {
  return [openFence(name), ...lines, closeFence(name)].join('\n');
}

/** Characters a block adds around its lines: both fences and the newlines joining them. */
export function fenceOverheadChars(name: string): number {
  return openFence(name).length + closeFence(name).length + 1;
}
