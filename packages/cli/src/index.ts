/** @outboard/cli */
export {};
