/**
 * src/forms/messagePolicy.ts: when a form's messages show, move and go. Each row is a sequence of
 * events and what the member then sees (`pointer key`, in the order shown), with the rule it proves.
 * tests/ui/forms/SchemaForm.test.tsx proves the same rules through the drawn form.
 */
import { describe, expect, it } from 'vitest';
import type { FieldError } from '../../schemas/forms/types.ts';
import {
  blockingErrors, initialMessageState, messagePolicy, summaryVisible, visibleErrors, type MessageEvent, type MessageState,
} from '../../src/forms/messagePolicy.ts';

const error = (pointer: string, key: string): FieldError => ({ pointer, key, params: {} });
const nameTooLong = error('/firstName', 'maxLength');
const nameMissing = error('/firstName', 'required');
const emailMissing = error('/email', 'required');
const phoneInvalid = error('/phone/value', 'phone.invalid');
const usernameTaken = error('/username', 'ssp.login.username.exist');
const passwordRefused = error('/password', 'password.policy');

const change = (pointer: string | null, ...errors: FieldError[]): MessageEvent => ({ type: 'change', pointer, errors });
const blur = (pointer: string, ...errors: FieldError[]): MessageEvent => ({ type: 'blur', pointer, errors });
const submit = (...errors: FieldError[]): MessageEvent => ({ type: 'submit', errors });
const answer = (...errors: FieldError[]): MessageEvent => ({ type: 'serverErrors', errors });
const checked = (pointer: string, refusal: FieldError | null): MessageEvent => ({ type: 'asyncResult', pointer, error: refusal });

const run = (events: readonly MessageEvent[], start: readonly FieldError[] = []): MessageState =>
  events.reduce(messagePolicy, initialMessageState(start));
const seen = (state: MessageState) => visibleErrors(state).map((e) => `${e.pointer} ${e.key}`);

describe('messagePolicy: which messages a member sees', () => {
  it.each<[string, MessageEvent[], string[], FieldError[]?]>([
    ['§5 "checked on blur": nothing shows while a field is typed in', [change('/firstName', nameTooLong)], []],
    ['§5 a field left shows its messages, and only its own', [change('/firstName', nameTooLong), blur('/firstName', nameTooLong, emailMissing)], ['/firstName maxLength']],
    ['§5 a field left valid shows nothing', [blur('/firstName')], []],
    ['a message put right goes while typing, before the blur (a click on submit must not move the button)', [blur('/firstName', nameTooLong), change('/firstName')], []],
    ['a new mistake in a field left waits for the next blur', [blur('/firstName'), change('/firstName', nameTooLong)], []],
    ['…and shows on it', [blur('/firstName'), change('/firstName', nameTooLong), blur('/firstName', nameTooLong)], ['/firstName maxLength']],
    ['a message replaced by another goes while typing; the other waits', [blur('/firstName', nameMissing), change('/firstName', nameTooLong)], []],
    ['an object widget left shows the messages of its parts (§5 phone)', [blur('/phone', phoneInvalid)], ['/phone/value phone.invalid']],
    ['§5 "checked … on submit": a refused submit shows every message', [submit(nameMissing, emailMissing)], ['/firstName required', '/email required']],
    ['after a submit, a message put right goes while typing', [submit(nameMissing, emailMissing), change('/firstName', emailMissing)], ['/email required']],
    ['after a submit, a new mistake still waits for a blur, then shows wherever it is', [submit(), change('/email', emailMissing), blur('/firstName', emailMissing)], ['/email required']],
    ['§8 the server\'s 400 errors show at their fields', [answer(usernameTaken)], ['/username ssp.login.username.exist']],
    ['§8 the server\'s errors a form starts with show too', [], ['/username ssp.login.username.exist'], [usernameTaken]],
    ['§8 a server error goes once its field is edited (it answered other data)', [answer(usernameTaken), change('/username')], []],
    ['§8 editing another field keeps it', [answer(usernameTaken), change('/password')], ['/username ssp.login.username.exist']],
    ['§8 editing the object around a field takes its server error away', [answer(phoneInvalid), change('/phone')], []],
    ['§8 the parent passing an equal answer again does not bring an edited error back', [answer(usernameTaken), change('/username'), answer(usernameTaken)], []],
    ['§8 the same answer to a new submit does', [answer(usernameTaken), change('/username'), submit(), answer(usernameTaken)], ['/username ssp.login.username.exist']],
    ['§8 a different answer replaces the last', [answer(usernameTaken), answer(passwordRefused)], ['/password password.policy']],
    ['§8 an empty answer to a submit clears the server\'s errors', [answer(usernameTaken), submit(), answer()], []],
    ['§5 async check: a refusal shows at once (the widget checked a value the member left)', [checked('/username', usernameTaken)], ['/username ssp.login.username.exist']],
    ['§5 async check: an acceptance takes the refusal away', [checked('/username', usernameTaken), checked('/username', null)], []],
    ['in order: the validator\'s, the async checks\', the server\'s', [answer(passwordRefused), checked('/username', usernameTaken), submit(emailMissing)], ['/email required', '/username ssp.login.username.exist', '/password password.policy']],
  ])('%s', (_rule, events, expected, start = []) => {
    expect(seen(run(events, start))).toEqual(expected);
  });
});

describe('messagePolicy: submit, focus and summary', () => {
  it.each<[string, MessageEvent[], { blocking: number; focus: string | null; awaiting: boolean }]>([
    ['a form just drawn focuses nothing', [], { blocking: 0, focus: null, awaiting: false }],
    ['§4/§9 a refused submit focuses the first invalid field', [submit(emailMissing, nameMissing)], { blocking: 2, focus: '/email', awaiting: false }],
    ['an async refusal blocks the submit and takes the focus', [checked('/username', usernameTaken), submit()], { blocking: 1, focus: '/username', awaiting: false }],
    ['a valid submit goes to the parent, which is to answer', [submit()], { blocking: 0, focus: null, awaiting: true }],
    ['§8 the server\'s answer focuses the first field it refused', [submit(), answer(passwordRefused, usernameTaken)], { blocking: 0, focus: '/password', awaiting: false }],
    ['an empty answer moves no focus', [submit(), answer()], { blocking: 0, focus: null, awaiting: false }],
    ['a blur moves no focus', [blur('/firstName', nameMissing)], { blocking: 1, focus: null, awaiting: false }],
  ])('%s', (_rule, events, expected) => {
    const state = run(events);
    expect({ blocking: blockingErrors(state).length, focus: state.focus?.pointer ?? null, awaiting: state.awaitingAnswer }).toEqual(expected);
  });

  it('asks for the focus again at each refused submit, even on the same field', () => {
    const first = run([submit(nameMissing)]);
    const second = messagePolicy(first, submit(nameMissing));
    expect(second.focus).toEqual({ pointer: '/firstName' });
    expect(second.focus).not.toBe(first.focus);
  });

  it('focuses the first of the server\'s errors a form starts with', () => {
    expect(initialMessageState([usernameTaken]).focus).toEqual({ pointer: '/username' });
  });

  it.each<[string, MessageEvent[], boolean]>([
    ['§2 the grouped error summary is an alert: not on a blur', [blur('/firstName', nameMissing)], false],
    ['§2 it appears after a submit', [submit(nameMissing)], true],
    ['§2 and with the server\'s answer', [answer(usernameTaken)], true],
  ])('%s', (_rule, events, expected) => {
    expect(summaryVisible(run(events))).toBe(expected);
  });

  it('leaves the state as it is when an event changes nothing (rjsf redraws only on news)', () => {
    const state = run([answer(usernameTaken), blur('/firstName', nameMissing)]);
    expect(messagePolicy(state, change('/firstName', nameMissing))).toBe(state);
    expect(messagePolicy(state, answer(usernameTaken))).toBe(state);
    expect(messagePolicy(state, checked('/username', null))).toBe(state);
  });
});
