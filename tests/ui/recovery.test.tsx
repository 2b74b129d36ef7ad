/**
 * Forgot password, reset password (both modes) and the login screen's part in them, in happy-dom
 * against the real API (tests/ui/globalSetup.ts): §4 "Forgot password: form until submitted, then a
 * generic success notice whatever the outcome", "Reset after forgot: success hides form", "Expired
 * password: p_expired = Y is change-password mode; success sets N and goes to login", §9 "forgot-password
 * throttle 500 ms". The members are the tests' own (springfield), so demo.member keeps its password.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../public/i18n/en_US.json' with { type: 'json' };
import { SECURITY_QUESTIONS } from '../../schemas/forms/commonFields.ts';
import type { DemoMail } from '../../schemas/demo.ts';
import { navigation } from '../../src/api/client.ts';
import { bootPage } from './bootPage.tsx';
import { settled, visit } from './visit.ts';

async function createMember(member: { username: string; password: string; email: string; securityQuestion?: string; securityAnswer?: string; passwordExpired?: boolean }) {
  const response = await fetch('/test/createMember?orgId=springfield', {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(member),
  });
  expect(response.status, await response.text()).toBe(200);
}

async function mailsTo(recipient: string): Promise<DemoMail[]> {
  const answer = (await (await fetch('/rest/demo/mails?orgId=springfield')).json()) as { mails: DemoMail[] };
  return answer.mails.filter((mail) => mail.recipient === recipient);
}

const field = (name: string) => screen.getByLabelText(new RegExp(`^${name}`)) as HTMLInputElement;

/** The login screen's submit: it leaves through navigation.assign, which is recorded here. */
async function logIn(username: string, password: string) {
  bootPage('/springfield/login');
  await screen.findByRole('heading', { name: 'Sign in' });
  await settled();
  await userEvent.type(field(en['login.username.label']), username);
  await userEvent.type(field(en['login.password.label']), password);
  await userEvent.click(screen.getByRole('button', { name: en['login.submit'] }));
}

// Each flow types several passwords and waits for argon2 on the server a few times.
vi.setConfig({ testTimeout: 30_000 });

let assigned: string[];
const realAssign = navigation.assign;

beforeEach(async () => {
  // Each test starts as a visitor: a login of an earlier test is ended.
  visit('/springfield/login');
  await fetch('/logout/springfield', { redirect: 'manual' });
  assigned = [];
  navigation.assign = (url: string) => {
    assigned.push(url);
  };
  document.cookie = 'p_expired=; path=/springfield; max-age=0';
  sessionStorage.clear();
});

afterEach(() => {
  navigation.assign = realAssign;
});

describe('forgot password (§4, §5)', () => {
  it('shows the account\'s question on leaving the username, a stable made-up one for a stranger', async () => {
    await createMember({ username: 'ui.question', password: 'Any!Passw0rd', email: 'ui.question@example.org', securityQuestion: 'question_three', securityAnswer: 'Shelbyville' });
    bootPage('/springfield/forgot-password');
    expect(await screen.findByRole('heading', { name: 'Forgot password' })).toBeInstanceOf(HTMLElement);
    await settled();
    expect(screen.getByRole('link', { name: en['forgotPassword.backToLogin'] }).getAttribute('href')).toBe('/springfield/login');
    const answer = () => field(en['forgotPassword.securityAnswer.label']);
    expect(answer().getAttribute('aria-describedby') ?? '').not.toMatch(/description/);

    await userEvent.type(field(en['login.username.label']), 'ui.question');
    await userEvent.tab();
    expect(await screen.findByText(en['securityQuestion.question_three'])).toBeInstanceOf(HTMLElement);
    // The question describes the answer field.
    const describedBy = answer().getAttribute('aria-describedby')!.split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(en['securityQuestion.question_three']);

    const questionTexts = SECURITY_QUESTIONS.map((key) => en[`securityQuestion.${key}`]);
    const shownQuestions = () => questionTexts.filter((text) => screen.queryByText(text) !== null);
    async function strangersQuestion() {
      bootPage('/springfield/forgot-password');
      await screen.findByRole('heading', { name: 'Forgot password' });
      await settled();
      await userEvent.type(field(en['login.username.label']), 'nobody.at.all');
      await userEvent.tab();
      await waitFor(() => expect(shownQuestions()).toHaveLength(1));
      return shownQuestions()[0];
    }
    // One of the 11, and the same on the next visit: the server's stable pick, not a random one.
    const first = await strangersQuestion();
    expect(await strangersQuestion()).toBe(first);
  });

  it('answers the same generic notice for a wrong answer and for a match; only the match mails a link that resets the password', async () => {
    const email = 'ui.recovery@example.org';
    await createMember({ username: 'ui.recovery', password: 'Old!Passw0rd', email, securityQuestion: 'question_one', securityAnswer: 'Rex' });

    async function request(answer: string) {
      bootPage('/springfield/forgot-password');
      await screen.findByRole('heading', { name: 'Forgot password' });
      await settled();
      await userEvent.type(field(en['login.username.label']), 'ui.recovery');
      await userEvent.type(field(en['forgotPassword.email.label']), email);
      await userEvent.type(field(en['forgotPassword.securityAnswer.label']), answer);
      await userEvent.click(screen.getByRole('button', { name: en['forgotPassword.submit'] }));
      const notice = await screen.findByRole('status');
      expect(notice.textContent).toBe(en['ssp.forgotPassword.send.success']);
      // The form is gone; the way back to login stays.
      expect(screen.queryByRole('button', { name: en['forgotPassword.submit'] })).toBeNull();
      expect(screen.getByRole('link', { name: en['forgotPassword.backToLogin'] })).toBeInstanceOf(HTMLElement);
    }

    await request('Fido');
    expect(await mailsTo(email)).toEqual([]);
    // The answer is compared trimmed and without regard to case.
    await request('  rEX ');
    await waitFor(async () => expect(await mailsTo(email)).toHaveLength(1));
    const [mail] = await mailsTo(email);
    const link = /(https?:\/\/\S+\/springfield\/reset-password\?token=[\w-]+)/.exec(mail!.text)![1]!;

    // The mailed link: the reset form, success hides it and points to login.
    bootPage(new URL(link).pathname + new URL(link).search);
    expect(await screen.findByText(en['resetPassword.intro'])).toBeInstanceOf(HTMLElement);
    await settled();
    expect(screen.queryByLabelText(new RegExp(`^${en['changePassword.currentPassword.label']}`))).toBeNull();
    // The page names the account whose password the link resets (issue 11).
    expect(screen.getByText(en['resetPassword.forAccount'].replace('{{username}}', 'ui.recovery'))).toBeInstanceOf(HTMLElement);
    await userEvent.type(field(en['changePassword.newPassword.label']), 'New!Passw0rd');
    await userEvent.type(field(en['changePassword.confirmPassword.label']), 'New!Passw0rd');
    await userEvent.click(screen.getByRole('button', { name: en['resetPassword.submit'] }));
    const success = await screen.findByRole('status');
    expect(success.textContent).toContain(en['ssp.resetPassword.success']);
    expect(within(success).getByRole('link', { name: en['resetPassword.login.link'] }).getAttribute('href')).toBe('/springfield/login');
    expect(screen.queryByRole('button', { name: en['resetPassword.submit'] })).toBeNull();

    // Single use: the same link again says so as the page opens, before anything is typed, and offers a new one.
    bootPage(new URL(link).pathname + new URL(link).search);
    const invalid = await screen.findByRole('alert');
    expect(screen.queryByRole('button', { name: en['resetPassword.submit'] })).toBeNull();
    expect(invalid.textContent).toContain(en['ssp.resetPassword.link.invalid']);
    expect(within(invalid).getByRole('link', { name: en['resetPassword.forgotPassword.link'] }).getAttribute('href')).toBe('/springfield/forgot-password');

    // The new password is the one that logs in.
    await logIn('ui.recovery', 'New!Passw0rd');
    await waitFor(() => expect(assigned).toEqual(['/springfield/home']));
  });

  it('ignores a second submit within 500 ms (§9 forgot-password throttle)', async () => {
    const email = 'ui.throttle@example.org';
    await createMember({ username: 'ui.throttle', password: 'Old!Passw0rd', email, securityQuestion: 'question_two', securityAnswer: 'Smith' });
    bootPage('/springfield/forgot-password');
    await screen.findByRole('heading', { name: 'Forgot password' });
    await settled();
    await userEvent.type(field(en['login.username.label']), 'ui.throttle');
    await userEvent.type(field(en['forgotPassword.email.label']), email);
    await userEvent.type(field(en['forgotPassword.securityAnswer.label']), 'Smith');
    const form = screen.getByRole('button', { name: en['forgotPassword.submit'] }).closest('form')!;
    // Two submits before the page can redraw (a double press of Enter).
    act(() => {
      fireEvent.submit(form);
      fireEvent.submit(form);
    });
    expect(await screen.findByRole('status')).toBeInstanceOf(HTMLElement);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsTo(email)).toHaveLength(1);
  });
});

describe('reset password without a link', () => {
  it('says how to get a link, for a visitor with neither a token nor an expired password', async () => {
    bootPage('/springfield/reset-password');
    expect(await screen.findByText(en['resetPassword.noToken'])).toBeInstanceOf(HTMLElement);
    expect(screen.getByRole('link', { name: en['resetPassword.forgotPassword.link'] }).getAttribute('href')).toBe('/springfield/forgot-password');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(document.querySelector('input')).toBeNull();
  });

  it('refuses an unknown token as the page opens, with the clear message and the link to forgot-password, and no form to fill in first', async () => {
    bootPage('/springfield/reset-password?token=not-a-real-token');
    const invalid = await screen.findByRole('alert');
    expect(invalid.textContent).toContain(en['ssp.resetPassword.link.invalid']);
    expect(within(invalid).getByRole('link', { name: en['resetPassword.forgotPassword.link'] }).getAttribute('href')).toBe('/springfield/forgot-password');
    expect(screen.queryByRole('button', { name: en['resetPassword.submit'] })).toBeNull();
    expect(screen.queryByText(en['resetPassword.intro'])).toBeNull();
  });
});

describe('an expired password (§4 change-password mode)', () => {
  it('login remembers the username and marks p_expired=Y; the form changes the password, sets N and goes to login with a notice', async () => {
    await createMember({ username: 'ui.expired', password: 'Old!Passw0rd', email: 'ui.expired@example.org', passwordExpired: true });
    await logIn('ui.expired', 'Old!Passw0rd');
    await waitFor(() => expect(assigned).toEqual(['/springfield/reset-password']));
    expect(document.cookie).toContain('p_expired=Y');
    expect(sessionStorage.getItem('ssp.expired.loginId')).toBe('ui.expired');
    // The proof of this login, which the change must carry (issue 9 row 2).
    expect(sessionStorage.getItem('ssp.expired.token')).toMatch(/^[\w-]{40,}$/);

    bootPage('/springfield/reset-password');
    const current = await screen.findByLabelText(new RegExp(`^${en['changePassword.currentPassword.label']}`));
    expect(screen.getByText(en['resetPassword.expired.intro'])).toBeInstanceOf(HTMLElement);
    // A wrong current password: the server's message at the field.
    await userEvent.type(current, 'Wrong!Passw0rd');
    await userEvent.type(field(en['changePassword.newPassword.label']), 'Fresh!Passw0rd');
    await userEvent.type(field(en['changePassword.confirmPassword.label']), 'Fresh!Passw0rd');
    await userEvent.click(screen.getByRole('button', { name: en['resetPassword.submit'] }));
    // At the field and in the error summary the focus moves to.
    expect(await screen.findAllByText(en['ssp.password.current.invalid'])).toHaveLength(2);
    expect(document.cookie).toContain('p_expired=Y');

    await userEvent.clear(current);
    await userEvent.type(current, 'Old!Passw0rd');
    await userEvent.click(screen.getByRole('button', { name: en['resetPassword.submit'] }));
    expect(await screen.findByText(en['login.passwordChanged'])).toBeInstanceOf(HTMLElement);
    expect(window.location.pathname).toBe('/springfield/login');
    expect(document.cookie).toContain('p_expired=N');
    expect(sessionStorage.getItem('ssp.expired.loginId')).toBeNull();
    expect(sessionStorage.getItem('ssp.expired.token')).toBeNull();
    expect(assigned).toEqual(['/springfield/reset-password']);

    // The new password logs in, and is no longer expired.
    await logIn('ui.expired', 'Fresh!Passw0rd');
    await waitFor(() => expect(assigned).toEqual(['/springfield/reset-password', '/springfield/home']));
  });

  it('goes to login when the server answers timeout (no expired password behind the form)', async () => {
    document.cookie = 'p_expired=Y; path=/springfield';
    sessionStorage.setItem('ssp.expired.loginId', 'demo.member');
    bootPage('/springfield/reset-password');
    const current = await screen.findByLabelText(new RegExp(`^${en['changePassword.currentPassword.label']}`));
    await userEvent.type(current, 'Demo!Member2026');
    await userEvent.type(field(en['changePassword.newPassword.label']), 'Fresh!Passw0rd');
    await userEvent.type(field(en['changePassword.confirmPassword.label']), 'Fresh!Passw0rd');
    await userEvent.click(screen.getByRole('button', { name: en['resetPassword.submit'] }));
    await waitFor(() => expect(assigned).toEqual(['/springfield/login']));
  });
});
