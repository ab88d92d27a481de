/**
 * The platform package a scaffold's code imports. Templates name it through this constant: the host writes
 * that import as text into the new package and never imports the SDK itself.
 */
export const SDK_PACKAGE = '@outboard/sdk';

/**
 * The range of the platform packages (`@outboard/sdk`, `@outboard/manifest`) a scaffold depends on; they are
 * released together (a test checks the workspace's versions are in it).
 */
export const SDK_RANGE = '^0.1.0';
