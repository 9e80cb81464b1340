/** ANSI styling for terminal reports; a disabled palette returns text unchanged. */
export interface Palette {
  readonly error: (text: string) => string;
  readonly warning: (text: string) => string;
  readonly emphasis: (text: string) => string;
  readonly gutter: (text: string) => string;
  readonly help: (text: string) => string;
}

const SGR_RESET = '\u001b[0m';
const SGR_BOLD_RED = '\u001b[1;31m';
const SGR_BOLD_YELLOW = '\u001b[1;33m';
const SGR_BOLD = '\u001b[1m';
const SGR_BOLD_BLUE = '\u001b[1;34m';
const SGR_BOLD_CYAN = '\u001b[1;36m';

function styled(sgr: string): (text: string) => string {
  return (text) => (text === '' ? text : `${sgr}${text}${SGR_RESET}`);
}

const plain = (text: string): string => text;

export const PLAIN_PALETTE: Palette = {
  error: plain,
  warning: plain,
  emphasis: plain,
  gutter: plain,
  help: plain,
};

export const ANSI_PALETTE: Palette = {
  error: styled(SGR_BOLD_RED),
  warning: styled(SGR_BOLD_YELLOW),
  emphasis: styled(SGR_BOLD),
  gutter: styled(SGR_BOLD_BLUE),
  help: styled(SGR_BOLD_CYAN),
};

export function paletteFor(colour: boolean): Palette {
  return colour ? ANSI_PALETTE : PLAIN_PALETTE;
}

/**
 * Colour only a terminal, and never when NO_COLOR is set to a non-empty value
 * (https://no-color.org): piped output and log files stay free of escape codes.
 */
export function shouldUseColour(stream: { readonly isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  const noColour = env['NO_COLOR'];
  if (noColour !== undefined && noColour !== '') return false;
  return stream.isTTY === true;
}
