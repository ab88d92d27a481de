/** @outboard/host */
export {};
