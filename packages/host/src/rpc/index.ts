/** The host's one RPC registry: built-ins, plugins' methods and peers' declared methods. */
export { RpcRegistry, RPC_METHOD_PATTERN } from '../calls/rpc-registry.js';
export type { PeerRpcRoute, RpcCallContext, RpcHandler, RpcMethodInfo } from '../calls/rpc-registry.js';
export { registerHostMethods, HOST_OWNER } from './host-methods.js';
export type { HostMethodDeps } from './host-methods.js';
export { WIRE_VERSION, SUPPORTED_WIRE_VERSIONS, negotiateWireVersion } from './wire-version.js';
