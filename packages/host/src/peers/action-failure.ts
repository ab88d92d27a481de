import { ResponseError } from '@outboard/protocol';
import { PeerActionError } from './peer-actions.js';
import type { DeclaredAction } from './peer-actions.js';
import type { PeerSupervisor } from './peer-supervisor.js';

/**
 * The one error of a failed action, `<extension>: action <id> failed: <message>`: the peer's message, and
 * how the peer ended when it did and that is not already said (said once), and where its log is.
 */
export async function actionFailure(action: DeclaredAction, supervisor: PeerSupervisor | undefined, error: unknown): Promise<PeerActionError> {
  const reason = error instanceof ResponseError ? error.reason : 'internal';
  let message = error instanceof Error ? error.message : String(error);
  const details: string[] = [];
  if (supervisor && reason === 'unavailable') {
    // A peer that just dropped the connection is still exiting: wait (briefly) to say how it ended.
    await supervisor.settle(2000);
    const { lastError } = supervisor.status();
    if (lastError && lastError.startsWith(message)) message = lastError;
    else if (lastError && !message.includes(lastError)) details.push(`peer: ${lastError}`);
  }
  if (supervisor && reason !== 'cancelled') details.push(`log: ${supervisor.log.path}`);
  return new PeerActionError(action.extension, action.id, reason, message, { details, cause: error });
}
