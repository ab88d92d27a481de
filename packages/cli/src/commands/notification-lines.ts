import type { NotificationPayload } from '@outboard/host';
import type { Style } from '../terminal/style.js';
import { t } from '../terminal/text.js';
import type { Styled } from '../terminal/text.js';

/** A notification as the host keeps it (`notifications.list`, `host.notification.shown`): the payload and where it came from. */
export interface KeptNotification extends NotificationPayload {
  extension?: string;
  time?: string;
  expiresAt?: string;
}

/**
 * The lines of one notification: severity icon, (source,) message; its detail indented below; the actions it
 * offers and when it expires. Every value from the peer goes through the printer's escaping.
 */
export function notificationLines(style: Style, n: KeptNotification, withSource = false): Styled[] {
  const icon = { info: style.cyan('i'), ok: style.green('✔'), warning: style.yellow('!'), error: style.red('✖') } as const;
  const source = withSource && n.extension ? t`${style.dim(`${n.time ?? ''} `)}${n.extension}: ` : '';
  const lines = [t`${icon[n.severity] ?? '-'} ${source}${n.message}`];
  if (n.detail) lines.push(...n.detail.split('\n').map((l) => t`  ${l}`));
  if (n.actions?.length) lines.push(t`  ${style.dim('actions:')} ${n.actions.join(', ')}`);
  if (n.expiresAt) lines.push(t`  ${style.dim(`expires ${n.expiresAt}`)}`);
  return lines;
}
