import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ConformanceVector } from './conformance-vector.js';

/** The folder of the vectors shipped with this package (`<package>/conformance`). */
export function defaultVectorsDirectory(): string {
  // dist/src/conformance/this.js -> <package>/conformance
  return fileURLToPath(new URL('../../../conformance/', import.meta.url));
}

/**
 * Reads every `*.json` vector in `directory` (default: the shipped ones), sorted by file name.
 * @throws Error naming the file when one is not valid JSON or lacks name/description/steps.
 */
export function loadConformanceVectors(directory: string = defaultVectorsDirectory()): ConformanceVector[] {
  return readdirSync(directory)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const path = join(directory, file);
      let vector: Partial<ConformanceVector>;
      try {
        vector = JSON.parse(readFileSync(path, 'utf8')) as Partial<ConformanceVector>;
      } catch (error) {
        throw new Error(`conformance vector ${path} is not valid JSON (${String(error)}); fix the file`);
      }
      if (typeof vector.name !== 'string' || typeof vector.description !== 'string' || !Array.isArray(vector.steps)) {
        throw new Error(`conformance vector ${path} needs "name", "description" and "steps"; add them`);
      }
      if (vector.requires !== undefined && (!Array.isArray(vector.requires) || vector.requires.some((m) => typeof m !== 'string'))) {
        throw new Error(`conformance vector ${path}: "requires" must be an array of method names; fix it`);
      }
      return vector as ConformanceVector;
    });
}
