/** The host's event bus: bounded per-subscriber queues, type globs, resume history. */
export { EventBus } from './event-bus.js';
export type { EventBusOptions, EventBusStats, EventQuery, HandlerErrorInfo, ResumeResult, SubscribeOptions } from './event-bus.js';
export { EVENT_TYPE_PATTERN, publishInputProblem } from './bus-event.js';
export type { BusEvent, EventAttributeValue, EventScope, PublishInput } from './bus-event.js';
export { compileEventFilter, eventFilterProblem } from './event-filter.js';
export type { EventFilter } from './event-filter.js';
export { compileTypeGlob, typeGlobProblem, TYPE_GLOB_PATTERN } from './type-glob.js';
export type { EventDelivery, EventHandler, EventSubscription } from './event-subscription.js';
export { toDisposable } from '@outboard/protocol/disposable';
export type { Disposable } from '@outboard/protocol/disposable';
