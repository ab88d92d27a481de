/** One line of `extensions doctor --json`. */
export interface DoctorProblem {
  /** The extension concerned, or null for a problem found outside any extension. */
  extension: string | null;
  path: string;
  rule: string;
  message: string;
  fix: string;
}
