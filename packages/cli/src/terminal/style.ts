import { Styled, safeText } from './text.js';
import type { Text } from './text.js';

/** Terminal styling: colour only on a TTY, never when NO_COLOR is set (https://no-color.org), forced by FORCE_COLOR. */
export interface Style {
  readonly color: boolean;
  bold(text: Text): Styled;
  dim(text: Text): Styled;
  red(text: Text): Styled;
  green(text: Text): Styled;
  yellow(text: Text): Styled;
  cyan(text: Text): Styled;
}

/** Whether output to `stream` is coloured under `env`. */
export function wantsColor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  const forced = env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  return (forced || stream.isTTY === true) && !(env.NO_COLOR !== undefined && env.NO_COLOR !== '') && env.TERM !== 'dumb';
}

/** Builds the style for one output stream. Plain strings given to a style are escaped first, then wrapped in SGR. */
export function createStyle(color: boolean): Style {
  const wrap = (open: number, close: number) => (text: Text) => Styled.trust(color ? `\u001b[${open}m${safeText(text)}\u001b[${close}m` : safeText(text));
  return { color, bold: wrap(1, 22), dim: wrap(2, 22), red: wrap(31, 39), green: wrap(32, 39), yellow: wrap(33, 39), cyan: wrap(36, 39) };
}
