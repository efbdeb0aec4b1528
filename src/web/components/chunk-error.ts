/** What failed to load, when a route's code or stylesheet chunk did not arrive. */
export interface ChunkFailure {
  type: 'script' | 'stylesheet';
  url: string;
}

export function describeChunkFailure(error: unknown): ChunkFailure | null {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (!message) return null;
  const url = /(https?:\/\/[^\s'"]+|\/[^\s'"]+\.(?:js|css|mjs)\b[^\s'"]*)/.exec(message)?.[1] ?? '';
  if (/Unable to preload CSS|css chunk|stylesheet/i.test(message)) return { type: 'stylesheet', url };
  if (/dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk|ChunkLoadError/i.test(message)) {
    return { type: 'script', url };
  }
  return null;
}
