/**
 * src/forms/useAsyncCheck.ts — §5 "Async uniqueness check: boolean true valid, string empty valid,
 * else valid; skips empty, cancels previous pending", debounced, last result cached. And the same
 * check wired into a form field (`ui:options.asyncCheck`): a refusal is a message at the field and
 * blocks the submit.
 */
import { act, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BuiltForm } from '../../../schemas/forms/types.ts';
import { asyncCheckVerdict, useAsyncCheck, type AsyncCheck } from '../../../src/forms/useAsyncCheck.ts';
import { formI18n } from './formI18n.ts';
import { renderForm } from './renderForm.tsx';

afterEach(() => {
  vi.useRealTimers();
});

/** A server check whose answers the test gives, one pending call at a time. */
function fakeServer() {
  const calls: { value: string; signal: AbortSignal; answer: (result: boolean | string) => void; fail: () => void }[] = [];
  const check: AsyncCheck = (value, signal) => new Promise((resolve, reject) => {
    calls.push({ value, signal, answer: resolve, fail: () => reject(new Error('500')) });
  });
  return { calls, check };
}

describe('asyncCheckVerdict (§5)', () => {
  it.each([
    [true, 'valid'],
    ['', 'valid'],
    [false, 'invalid'],
    ['ssp.login.username.exist', 'invalid'],
    [null, 'valid'],
    [{ available: false }, 'valid'],
  ])('answer %j is %s', (answer, status) => {
    expect(asyncCheckVerdict('demo', answer).status).toBe(status);
  });

  it('keeps a non-empty string answer as the message', () => {
    expect(asyncCheckVerdict('demo', 'ssp.login.username.exist')).toEqual({ status: 'invalid', value: 'demo', message: 'ssp.login.username.exist' });
  });
});

describe('useAsyncCheck', () => {
  it('waits for the debounce before asking, and asks once for the last value typed', async () => {
    vi.useFakeTimers();
    const server = fakeServer();
    const { result } = renderHook(() => useAsyncCheck(server.check, { delay: 300 }));
    act(() => result.current.check('d'));
    act(() => vi.advanceTimersByTime(100));
    act(() => result.current.check('de'));
    act(() => vi.advanceTimersByTime(299));
    expect(server.calls).toHaveLength(0);
    expect(result.current.state).toEqual({ status: 'pending', value: 'de' });
    act(() => vi.advanceTimersByTime(1));
    expect(server.calls.map((c) => c.value)).toEqual(['de']);
    await act(async () => server.calls[0]!.answer(false));
    expect(result.current.state).toEqual({ status: 'invalid', value: 'de' });
  });

  it('cancels the previous pending call: its signal aborts and its late answer is ignored', async () => {
    vi.useFakeTimers();
    const server = fakeServer();
    const { result } = renderHook(() => useAsyncCheck(server.check, { delay: 300 }));
    act(() => result.current.check('taken'));
    act(() => vi.advanceTimersByTime(300));
    act(() => result.current.check('free'));
    expect(server.calls[0]!.signal.aborted).toBe(true);
    act(() => vi.advanceTimersByTime(300));
    await act(async () => server.calls[0]!.answer(false));
    expect(result.current.state).toEqual({ status: 'pending', value: 'free' });
    await act(async () => server.calls[1]!.answer(true));
    expect(result.current.state).toEqual({ status: 'valid', value: 'free' });
  });

  it('skips empty values: no call, idle, and a pending check is cancelled', () => {
    vi.useFakeTimers();
    const server = fakeServer();
    const { result } = renderHook(() => useAsyncCheck(server.check));
    act(() => result.current.check('abc'));
    act(() => result.current.check('   '));
    act(() => vi.advanceTimersByTime(1000));
    expect(server.calls).toHaveLength(0);
    expect(result.current.state).toEqual({ status: 'idle' });
  });

  it('caches the last answer: the same value again is answered at once, without a call', async () => {
    vi.useFakeTimers();
    const server = fakeServer();
    const { result } = renderHook(() => useAsyncCheck(server.check));
    act(() => result.current.check('demo.member'));
    act(() => vi.advanceTimersByTime(300));
    await act(async () => server.calls[0]!.answer('ssp.login.username.exist'));
    act(() => result.current.check('other'));
    act(() => result.current.check('demo.member'));
    expect(result.current.state).toEqual({ status: 'invalid', value: 'demo.member', message: 'ssp.login.username.exist' });
    act(() => vi.advanceTimersByTime(1000));
    expect(server.calls).toHaveLength(1);
  });

  it('reports a failed call as an error, not cached', async () => {
    vi.useFakeTimers();
    const server = fakeServer();
    const { result } = renderHook(() => useAsyncCheck(server.check));
    act(() => result.current.check('demo'));
    act(() => vi.advanceTimersByTime(300));
    await act(async () => server.calls[0]!.fail());
    expect(result.current.state).toEqual({ status: 'error', value: 'demo' });
    act(() => result.current.check('demo'));
    act(() => vi.advanceTimersByTime(300));
    expect(server.calls).toHaveLength(2);
  });

  it('aborts what is pending when the component goes away', () => {
    vi.useFakeTimers();
    const server = fakeServer();
    const { result, unmount } = renderHook(() => useAsyncCheck(server.check));
    act(() => result.current.check('demo'));
    act(() => vi.advanceTimersByTime(300));
    unmount();
    expect(server.calls[0]!.signal.aborted).toBe(true);
  });
});

describe('an async check in a form (ui:options.asyncCheck)', () => {
  let i18n: I18n;
  beforeAll(async () => {
    i18n = await formI18n();
  });

  const form: BuiltForm = {
    schema: { type: 'object', required: ['username'], properties: { username: { type: 'string', title: 'login.username.label', minLength: 4 } } },
    uiSchema: { username: { 'ui:widget': 'text', 'ui:options': { asyncCheck: 'username', asyncCheckMessage: 'test.username.taken' } } },
  };

  it('asks only for a value that meets the field\'s own rules, shows a refusal at the field and blocks the submit', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    const check: AsyncCheck = async (value) => {
      asked.push(value);
      return value !== 'demo.member';
    };
    const rendered = renderForm(i18n, form, { asyncChecks: { username: check } });
    const input = screen.getByRole('textbox', { name: 'Username' });
    await user.type(input, 'dem');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(asked).toEqual([]);
    await user.type(input, 'o.member');
    expect(await screen.findByText('This username is taken.')).toBeInstanceOf(HTMLElement);
    expect(asked).toEqual(['demo.member']);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(rendered.submitted).toEqual([]);
    await user.type(input, '2');
    await screen.findByText('Save');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByText('This username is taken.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(rendered.submitted).toEqual([{ username: 'demo.member2' }]);
  });
});
