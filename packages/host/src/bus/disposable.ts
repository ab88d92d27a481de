/** A handle to something that was started or registered; `dispose()` stops it. Disposing twice is harmless. */
export interface Disposable {
  dispose(): void;
}

/** Wraps `stop` as a {@link Disposable} that runs it at most once, however often it is disposed. */
export function toDisposable(stop: () => void): Disposable {
  let done = false;
  return {
    dispose(): void {
      if (done) return;
      done = true;
      stop();
    },
  };
}
