import { useCallback, useEffect, useRef, useState } from 'react';

/** A server check of one value (username availability, external id uniqueness …). */
export type AsyncCheck = (value: string, signal: AbortSignal) => Promise<boolean | string>;

export type AsyncCheckState =
  | { status: 'idle' }
  | { status: 'pending'; value: string }
  | { status: 'valid'; value: string }
  /** `message` is the server's own text when it answered with a non-empty string. */
  | { status: 'invalid'; value: string; message?: string }
  /** The call failed (network, 5xx): neither valid nor invalid, and not cached. */
  | { status: 'error'; value: string };

export interface AsyncCheckOptions {
  /** Debounce before the call, in ms (§9 "forgot-username email debounce 300 ms"). */
  delay?: number;
}

export interface AsyncCheckHandle {
  state: AsyncCheckState;
  /** Checks `value` after the debounce; an empty value cancels and goes idle. */
  check: (value: string) => void;
  /** Cancels anything pending and forgets the state (the cached result is kept). */
  cancel: () => void;
}

/**
 * §5 "Async uniqueness check: boolean true valid, string empty valid, else valid": `true` and `''`
 * are valid; `false` and a non-empty string (the server's message) are invalid; any other answer
 * is taken as valid.
 */
export function asyncCheckVerdict(value: string, answer: unknown): AsyncCheckState {
  if (answer === false) return { status: 'invalid', value };
  if (typeof answer === 'string' && answer !== '') return { status: 'invalid', value, message: answer };
  return { status: 'valid', value };
}

/**
 * §5 async uniqueness check as a hook over `check(value, signal)`: skips empty values, debounces,
 * cancels the previous pending call (its AbortSignal fires and its answer is ignored), and caches
 * the last answer, so asking again about the same value answers at once without a call
 * (§5 username "last result cached").
 */
export function useAsyncCheck(check: AsyncCheck, { delay = 300 }: AsyncCheckOptions = {}): AsyncCheckHandle {
  const [state, setState] = useState<AsyncCheckState>({ status: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const controller = useRef<AbortController | null>(null);
  const cache = useRef<AsyncCheckState | null>(null);
  const latestCheck = useRef(check);

  useEffect(() => {
    latestCheck.current = check;
  }, [check]);

  const stop = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    controller.current?.abort();
    controller.current = null;
  }, []);

  useEffect(() => stop, [stop]);

  const run = useCallback((raw: string) => {
    stop();
    const value = raw.trim();
    if (value === '') {
      setState({ status: 'idle' });
      return;
    }
    if (cache.current && 'value' in cache.current && cache.current.value === value) {
      setState(cache.current);
      return;
    }
    setState({ status: 'pending', value });
    timer.current = setTimeout(() => {
      timer.current = null;
      const ours = new AbortController();
      controller.current = ours;
      latestCheck.current(value, ours.signal).then(
        (answer) => {
          if (ours.signal.aborted) return;
          controller.current = null;
          const verdict = asyncCheckVerdict(value, answer);
          cache.current = verdict;
          setState(verdict);
        },
        () => {
          if (ours.signal.aborted) return;
          controller.current = null;
          setState({ status: 'error', value });
        },
      );
    }, delay);
  }, [delay, stop]);

  const cancel = useCallback(() => {
    stop();
    setState({ status: 'idle' });
  }, [stop]);

  return { state, check: run, cancel };
}
