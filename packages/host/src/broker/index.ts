/** The capability broker: the catalog, the gate every host service call passes, and the host's own services. */
export { CapabilityBroker } from './capability-broker.js';
export type { CapabilityBrokerOptions } from './capability-broker.js';
export { CapabilityCatalog, CAPABILITY_NAME_PATTERN } from './capability-catalog.js';
export { missingRequired } from './missing-required.js';
export { ServiceError, SERVICE_ERROR_CODES, isServiceError } from '../errors/service-error.js';
export type { ServiceErrorCode } from '../errors/service-error.js';
export type {
  FixedGateService,
  SelectedGateService,
  ServiceCall,
  ServiceDefinition,
  ServiceGate,
  ServiceHandler,
  ServiceInvocation,
  ServiceListing,
  ServiceScope,
} from './service-definition.js';
export { registerHostServices, HOST_SERVICE_METHODS } from './services/host-services.js';
export type { HostServicesOptions } from './services/host-services.js';
