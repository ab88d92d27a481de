/** The MCP SDK's Protocol with every capability check switched off, so both bench sides can use it raw. */
import { Protocol } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { Notification, Request, Result } from '@modelcontextprotocol/sdk/types.js';

/** A raw MCP protocol endpoint (no client/server roles, no initialize). */
export class RawMcpProtocol extends Protocol<Request, Notification, Result> {
  protected assertCapabilityForMethod(): void {}
  protected assertNotificationCapability(): void {}
  protected assertRequestHandlerCapability(): void {}
  protected assertTaskCapability(): void {}
  protected assertTaskHandlerCapability(): void {}
}
