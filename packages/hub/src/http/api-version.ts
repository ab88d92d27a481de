import { EXTENSION_API_VERSION } from '@outboard/host/run';

/** The hub API's version, carried by every answer: a twin of the extension API version (a field is removed or retyped only with a bump). */
export const HUB_API_VERSION: number = EXTENSION_API_VERSION;
