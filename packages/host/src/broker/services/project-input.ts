import type { CapabilityGrants } from '../../approvals/approval-record.js';
import { ServiceError } from '../../errors/service-error.js';

/** The part of the project store a project check needs. */
export interface ProjectLookup {
  get(id: string): unknown;
}

/**
 * Refuses a `projectId` a peer sent that the host must not act on: outside the extension's project grants
 * (`invalid_scope`, checked first so a scoped extension learns nothing of other projects) or not registered
 * (`not_found`). `doing` completes "Extension x may <doing> only for the projects ...".
 */
export function checkProjectInput(extension: string, projectId: string, grants: CapabilityGrants, projects: ProjectLookup, doing: string): void {
  const granted = grants.projects;
  if (granted !== undefined && !granted.includes(projectId)) {
    throw new ServiceError(
      'invalid_scope',
      `Extension "${extension}" may ${doing} only for the projects ${granted.map((p) => `"${p}"`).join(', ') || '(none)'}, not for "${projectId}". Use one of those, or no projectId.`,
      { projectId },
    );
  }
  if (projects.get(projectId) === undefined) {
    throw new ServiceError('not_found', `No project "${projectId}" is registered. Use a registered project (see projects.list), or no projectId.`, { projectId });
  }
}
