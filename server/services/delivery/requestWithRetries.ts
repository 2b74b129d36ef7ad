/**
 * One provider call, bounded (issue 12: no delivery holds a request up for long): every request has
 * a timeout, redirects are not followed (a provider answers, it does not send us elsewhere), the
 * answer's body is read up to 64 kB, and a call is tried again at most `retryDelaysMs.length` times,
 * after those pauses, only when the provider cannot have acted on it or asks for it to be repeated:
 * the connection failed before an answer, or the answer was 429, 500, 502, 503 or 504 (Retry-After
 * is honoured up to 5 s). A timeout is not tried again: the provider may have taken the message, and
 * a second one would reach the member twice.
 */

/** The pauses before the second and third tries. */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [500, 1500];
/** How long one request may take, answer body included. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;

const RETRIED_STATUSES = new Set([429, 500, 502, 503, 504]);
const MAX_BODY_BYTES = 64 * 1024;
const MAX_RETRY_AFTER_MS = 5_000;

export interface RequestBounds {
  timeoutMs: number;
  retryDelaysMs: readonly number[];
}

export type ProviderAnswer =
  | { kind: 'answer'; status: number; body: string; requests: number }
  | { kind: 'timeout'; requests: number }
  | { kind: 'unreachable'; reason: string; requests: number };

export async function requestWithRetries(
  url: string, init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string }, bounds: RequestBounds,
): Promise<ProviderAnswer> {
  let requests = 0;
  for (let attempt = 0; ; attempt++) {
    requests++;
    const last = attempt >= bounds.retryDelaysMs.length;
    let answer: ProviderAnswer;
    let retryAfterMs = 0;
    try {
      const response = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(bounds.timeoutMs) });
      const body = await readBounded(response);
      answer = { kind: 'answer', status: response.status, body, requests };
      if (!RETRIED_STATUSES.has(response.status) || last) return answer;
      retryAfterMs = Math.min(Number(response.headers.get('retry-after')) * 1000 || 0, MAX_RETRY_AFTER_MS);
    } catch (err) {
      if (isTimeout(err)) return { kind: 'timeout', requests };
      answer = { kind: 'unreachable', reason: reasonOf(err), requests };
      if (last) return answer;
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(bounds.retryDelaysMs[attempt]!, retryAfterMs)));
  }
}

async function readBounded(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size >= MAX_BODY_BYTES) {
      await reader.cancel();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, MAX_BODY_BYTES).toString('utf8');
}

function isTimeout(err: unknown): boolean {
  return err instanceof Error && (err.name === 'TimeoutError' || (err.cause instanceof Error && err.cause.name === 'TimeoutError'));
}

/** fetch's "fetch failed" says nothing; its cause names the network error (ECONNREFUSED, …). */
function reasonOf(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause as { code?: unknown; message?: unknown } | undefined;
  if (cause && typeof cause.code === 'string') return cause.code;
  return err.message;
}
