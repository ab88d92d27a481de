/** Terminal output: colour only on a TTY, never when NO_COLOR is set (https://no-color.org), forced by FORCE_COLOR. */
export interface Style {
  readonly color: boolean;
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
}

/** Builds the style for one output stream. */
export function createStyle(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): Style {
  const forced = env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  const color = (forced || stream.isTTY === true) && !(env.NO_COLOR !== undefined && env.NO_COLOR !== '') && env.TERM !== 'dumb';
  const wrap = (open: number, close: number) => (text: string) => (color ? `\u001b[${open}m${text}\u001b[${close}m` : text);
  return { color, bold: wrap(1, 22), dim: wrap(2, 22), red: wrap(31, 39), green: wrap(32, 39), yellow: wrap(33, 39), cyan: wrap(36, 39) };
}
