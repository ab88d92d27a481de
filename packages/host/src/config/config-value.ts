/**
 * Turns a value typed on a command line into a config value: the parsed JSON when the text is valid JSON
 * (`3`, `true`, `null`, `"x"`, `[1]`, `{"a":1}`), otherwise the text itself as a string (`main`).
 */
export function parseConfigValue(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}
