import { useEffect, useState } from 'react';
import type { SignUpFormData } from '../../../schemas/signUp/formData.ts';
import type { ApiResult } from '../../api/client.ts';

/** What a sign-up page starts from: nothing yet, the data that fills the form, or why the link does not work. */
export type Prefill =
  | { status: 'loading' }
  | { status: 'ready'; data: SignUpFormData }
  /** `reasonKey`: the server's errorCode when the catalogue has a message for it. */
  | { status: 'failed'; reasonKey: string | null };

const EMPTY: Prefill = { status: 'ready', data: {} };

/** A fetch's answer as a Prefill: a 2xx object fills the form through `toData`; anything else fails, with the errorCode as reason when known. */
export function prefillOf<T>(result: ApiResult<T>, toData: (body: T) => SignUpFormData, isKnown: (key: string) => boolean): Prefill {
  const body = result.data as unknown;
  if (!result.hasError && body !== null && typeof body === 'object') return { status: 'ready', data: toData(result.data) };
  const code = body && typeof body === 'object' ? (body as { errorCode?: unknown }).errorCode : undefined;
  return { status: 'failed', reasonKey: typeof code === 'string' && isKnown(code) ? code : null };
}

/**
 * Runs `load` once per change of it (the invitation's userInfo, the public profile) and keeps what it
 * gave; without `load` the form starts empty. A load still running when the page goes is aborted.
 */
export function usePrefill(load: ((signal: AbortSignal) => Promise<Prefill>) | null): Prefill {
  const [state, setState] = useState<Prefill>(load ? { status: 'loading' } : EMPTY);
  useEffect(() => {
    if (!load) return undefined;
    const controller = new AbortController();
    void load(controller.signal).then((next) => {
      if (!controller.signal.aborted) setState(next);
    });
    return () => controller.abort();
  }, [load]);
  return state;
}
