/** What may leave the process for logs, metrics and telemetry (DESIGN §9). */
export { TelemetryPolicy } from './telemetry-policy.js';
export type { TelemetryPolicyOptions } from './telemetry-policy.js';
export { outboundEvent } from './outbound-event.js';
export type { OutboundEvent } from './outbound-event.js';
