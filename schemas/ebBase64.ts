/**
 * §7 "requests flagged base64 send the JSON body encoded with Encode-Type eb-base64 and content
 * type application/javascript": the body is the base64 of the UTF-8 JSON text. One definition for
 * the browser client and the server's body parser.
 */
export const EB_BASE64 = { header: 'Encode-Type', value: 'eb-base64', contentType: 'application/javascript' } as const;

export function encodeEbBase64(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Throws on text that is not base64 of UTF-8 JSON. */
export function decodeEbBase64(text: string): unknown {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(trimmed) || trimmed.length % 4 !== 0) throw new Error('not base64');
  const binary = atob(trimmed);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
}
