/** @outboard/manifest */
export {};
