// The contract page for extension authors must name every variable and every error code the code uses.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import { RUNNABLE_ERROR_CODES, SIDECAR_CONFIG_FILE_NAME, LOGS_DIR_NAME } from '../../src/run/index.js';
import { extensionEnvVariableNames } from '../../src/run/extension-env.js';
import { repoFile } from './run-fixtures.js';

describe('docs/environment.md', () => {
  const doc = fs.readFileSync(repoFile('docs/environment.md'), 'utf8');

  it('documents every contract variable', () => {
    for (const name of [...extensionEnvVariableNames('OUTBOARD'), 'OUTBOARD_SIDECAR_SECRET', 'PORT']) {
      assert.ok(doc.includes(`\`${name}\``), `${name} is missing from docs/environment.md`);
    }
  });

  it('documents every runnable error code', () => {
    for (const code of RUNNABLE_ERROR_CODES) assert.ok(doc.includes(`\`${code}\``), `${code} is missing from docs/environment.md`);
  });

  it('documents the reserved state-dir names', () => {
    for (const name of ['outboard-config-<pid>-*.json', SIDECAR_CONFIG_FILE_NAME, '*.json.<pid>-<hex>.tmp', `${LOGS_DIR_NAME}/`]) {
      assert.ok(doc.includes(name), `${name} is missing from docs/environment.md`);
    }
  });
});
