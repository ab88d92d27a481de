/** What `extensions create` writes: a package with a command (default), a peer and/or a sidecar. */
export interface ScaffoldOptions {
  /** The extension slug; also the command name and the prefix of every contribution id. */
  name: string;
  /** Host id (`outboard`): the manifest block is `<hostId>.extension`, the range `engines.<hostId>`. */
  hostId: string;
  /** Running host version: `engines.<hostId>` accepts it and later versions of the same major. */
  hostVersion: string;
  /** Prefix of the environment variables the host sets (`OUTBOARD`). */
  envPrefix: string;
  /** Add a long-lived peer with one action. */
  peer: boolean;
  /** Write the peer in Python (standard library only) instead of Node; implies `peer`. */
  python: boolean;
  /** Add a hub sidecar (a web page served on `PORT`). */
  sidecar: boolean;
}

/** One file of the scaffold: a path relative to the package folder, its text and whether it runs directly. */
export interface ScaffoldFile {
  path: string;
  content: string;
  executable?: boolean;
}
