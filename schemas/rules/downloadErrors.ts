/**
 * §8 "Files: 'files.library.error.link.missing'; 'files.library.error.download.generic'; message
 * containing 'no longer available' gives 'files.library.error.file.unavailable'; containing 'not
 * found' gives 'files.library.error.file.not.found'; cross-origin redirect refused with generic; JSON
 * error body text used": the key of a failed download, from what the server answered.
 */
export type DownloadErrorKey =
  | 'files.library.error.link.missing' | 'files.library.error.download.generic'
  | 'files.library.error.file.unavailable' | 'files.library.error.file.not.found';

/** `body`: the answer's text (a JSON error body's message or errorCode is read from it); `status` 0 for no answer, 3xx for a redirect. */
export function downloadErrorKey(status: number, body: string): DownloadErrorKey {
  if (status >= 300 && status < 400) return 'files.library.error.download.generic';
  let text = body;
  try {
    const parsed = JSON.parse(body) as { message?: unknown; errorCode?: unknown };
    text = [parsed.message, parsed.errorCode].filter((part) => typeof part === 'string').join(' ');
  } catch {
    // Not JSON: the text as it is.
  }
  const lower = text.toLowerCase();
  if (lower.includes('no longer available')) return 'files.library.error.file.unavailable';
  if (lower.includes('not found') || lower.includes('notfound') || status === 404) return 'files.library.error.file.not.found';
  return 'files.library.error.download.generic';
}
