/**
 * §9 "Download filename characters outside word, space, dot, dash become underscore": the name a
 * download is saved under, whatever the organisation called the file (no path, no quote, no control
 * character reaches a header or the member's disk). At most 120 characters, never empty.
 */
export function safeFileName(name: string): string {
  const safe = name.replace(/[^\w .-]/g, '_').replace(/^[.\s]+/, '').slice(0, 120).trim();
  return safe || 'download';
}
