/** @outboard/protocol */
export {};
