/** Removes terminal escape sequences and control characters (newlines kept when `multiline`), then truncates. */
export function sanitizeText(value: unknown, maxChars: number, multiline = false): string {
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007]*(\u0007|\u001b\\)|\u001b./g, '').replace(multiline ? /[\u0000-\u0009\u000b-\u001f\u007f]/g : /[\u0000-\u001f\u007f]/g, ' ');
  return clean.length > maxChars ? `${clean.slice(0, Math.max(0, maxChars - 1))}…` : clean;
}
