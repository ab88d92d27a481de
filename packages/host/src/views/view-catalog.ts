import type { ExtensionManifest, ViewPlace } from '@outboard/manifest';

/** Where a view shows when its manifest names no place. */
export const DEFAULT_VIEW_PLACES: readonly ViewPlace[] = Object.freeze(['extension'] as const);

/**
 * A view as its extension's manifest declares it (what `views.list` answers): a `peer` view is rendered by the
 * peer (`views/render`); a `sidecar` view is the sidecar page at `path` (`{projectId}` still in it).
 */
export interface DeclaredView {
  id: string;
  extension: string;
  title: string;
  where: ViewPlace[];
  kind: 'peer' | 'sidecar';
  /** The path inside the sidecar, as declared (sidecar views only). */
  path?: string;
}

/** What {@link declaredViews} keeps. */
export interface ViewFilter {
  /** Only views shown in this place. */
  where?: ViewPlace;
  /** Only views of this extension. */
  extension?: string;
}

/** The part of an extension record the catalog reads. */
export interface ViewExtension {
  name: string;
  manifest: ExtensionManifest;
}

/** The views `extensions` declare (the enabled ones, as the caller chose them), filtered, sorted by id. */
export function declaredViews(extensions: readonly ViewExtension[], filter: ViewFilter = {}): DeclaredView[] {
  return extensions
    .filter((e) => filter.extension === undefined || e.name === filter.extension)
    .flatMap((e) =>
      (e.manifest.contributes?.views ?? []).map((v): DeclaredView => ({
        id: v.id,
        extension: e.name,
        title: v.title,
        where: [...(v.where ?? DEFAULT_VIEW_PLACES)],
        kind: v.path === undefined ? 'peer' : 'sidecar',
        ...(v.path !== undefined ? { path: v.path } : {}),
      })),
    )
    .filter((v) => filter.where === undefined || v.where.includes(filter.where))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * A sidecar view's path with `{projectId}` filled in (URI-encoded), under the extension's mount
 * (`/x/<name>/...`); undefined when the path needs a project and none is given.
 */
export function sidecarViewUrl(view: Pick<DeclaredView, 'extension' | 'path'>, projectId?: string): string | undefined {
  if (view.path === undefined) return undefined;
  if (view.path.includes('{projectId}') && projectId === undefined) return undefined;
  const filled = view.path.replaceAll('{projectId}', encodeURIComponent(projectId ?? ''));
  return `/x/${view.extension}${filled}`;
}
