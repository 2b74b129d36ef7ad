/**
 * The test-notification panel (src/components/testNotification/), drawn on its own (home and profile
 * place it) in happy-dom against the real API (tests/ui/globalSetup.ts, whose ALTCHA work is small):
 * closed it loads nothing; opened it lists the member's paths, draws the real `altcha` widget, which
 * fetches its challenge from the server and solves it; Send delivers (the e-mail lands in the mail
 * outbox the demo mailbox lists) and shows the server's message; a send the server refuses (the
 * path had a test within 5 minutes) shows its message as a warning.
 *
 * happy-dom has no Web Worker: the widget's worker for SHA-256 is replaced by one running altcha-lib's
 * own solver in this thread (the same proof of work, the same messages the worker file answers).
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../public/i18n/en_US.json' with { type: 'json' };
import { setCsrfToken } from '../../src/api/client.ts';
import { TestNotificationPanel } from '../../src/components/testNotification/TestNotificationPanel.tsx';
import { createI18n } from '../../src/i18n/i18n.ts';
import { visit } from './visit.ts';

vi.setConfig({ testTimeout: 30_000 });

/** What the widget's worker file does, in this thread: `{type: 'work', challenge, counterStart, counterStep}` → the solution. */
class InThreadWorker extends EventTarget {
  private controller = new AbortController();
  postMessage(message: { type: string; challenge: Challenge; counterStart: number; counterStep: number; counterMode?: 'uint32' | 'string'; timeout?: number }) {
    if (message.type === 'abort') return this.controller.abort();
    void solveChallenge({
      challenge: message.challenge, controller: this.controller, counterStart: message.counterStart, counterStep: message.counterStep,
      counterMode: message.counterMode, deriveKey, timeout: message.timeout,
    }).then((solution) => this.dispatchEvent(Object.assign(new Event('message'), { data: solution })));
  }
  terminate() {
    this.controller.abort();
  }
}

let serial = 0;
async function signedInMember(orgId: string) {
  visit(`/${orgId}/home`);
  await fetch(`/logout/${orgId}`, { redirect: 'manual' });
  const { csrfToken } = (await (await fetch(`/rest/init/csrf?orgId=${orgId}`)).json()) as { csrfToken: string };
  const username = `test.notify.${process.pid}.${++serial}`;
  const response = await fetch(`/test/createMember?orgId=${orgId}`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'Not!Used2026x', email: `${username}@example.org`, signIn: true, emailPath: true }),
  });
  expect(response.status).toBe(200);
  setCsrfToken(csrfToken);
  return { contactId: ((await response.json()) as { contactId: number }).contactId, email: `${username}@example.org` };
}

async function drawPanel(orgId: string, contactId: number) {
  const i18n = await createI18n('en_US');
  return render(<I18nextProvider i18n={i18n}><TestNotificationPanel orgId={orgId} contactId={contactId} /></I18nextProvider>);
}

beforeAll(async () => {
  // The widget works only in a secure context (Web Crypto): browsers count http://127.0.0.1 as one, happy-dom does not.
  Object.defineProperty(globalThis, 'isSecureContext', { value: true, configurable: true });
  // The widget module registers the real worker file; the test's stand-in replaces it (happy-dom has no Worker).
  await import('../../src/components/testNotification/altchaWidget.ts');
  for (const algorithm of ['SHA-256', 'SHA-384', 'SHA-512']) globalThis.$altcha.algorithms.set(algorithm, () => new InThreadWorker() as unknown as Worker);
});

async function solveCaptcha() {
  const widget = await waitFor(() => {
    const found = document.querySelector('altcha-widget');
    expect(found?.querySelector('input[type="checkbox"]')).toBeInstanceOf(HTMLInputElement);
    return found!;
  });
  await userEvent.click(widget.querySelector('input[type="checkbox"]')!);
  await waitFor(() => expect(widget.getState()).toBe('verified'), { timeout: 20_000 });
}

describe('TestNotificationPanel', () => {
  it('closed, draws one button and no captcha; opened, lists the paths and draws the captcha', async () => {
    const { contactId } = await signedInMember('springfield');
    await drawPanel('springfield', contactId);
    // Closed: its heading and the button that opens it (aria-expanded false), nothing fetched or drawn.
    expect(screen.getByRole('heading', { name: en['testNotification.title'] }).tagName).toMatch(/^H[2-4]$/);
    expect(screen.getByRole('button', { name: en['testNotification.title'] }).getAttribute('aria-expanded')).toBe('false');
    expect(document.querySelector('altcha-widget')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: en['testNotification.title'] }));
    const select = await screen.findByLabelText(en['testNotification.path.label']) as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual([expect.stringMatching(/^Work Email \(t•+@example\.org\)$/)]);
    await waitFor(() => expect(document.querySelector('altcha-widget')?.getAttribute('challenge')).toBe(`/springfield/${contactId}/testNotification/challenge`));
  });

  it('asks for the captcha first, then sends after it is solved and shows the success; the path then waits its 5 minutes', async () => {
    const { contactId, email } = await signedInMember('springfield');
    await drawPanel('springfield', contactId);
    await userEvent.click(screen.getByRole('button', { name: en['testNotification.title'] }));
    const send = await screen.findByRole('button', { name: en['testNotification.send'] });

    await userEvent.click(send);
    expect((await screen.findByText(en['testNotification.captcha.required'])).getAttribute('role')).toBe('alert');

    await solveCaptcha();
    await userEvent.click(send);
    const success = await screen.findByText(en['testNotification.queued'].replace('{{pathName}}', 'Work Email'));
    expect(success.getAttribute('role')).toBe('status');
    expect(success.className).toBe('notice-ok');
    // It is in the mail outbox the demo mailbox lists (no SMTP in the UI tests' server).
    const mails = (await (await fetch('/rest/demo/mails?orgId=springfield')).json()) as { mails: { recipient: string; subject: string }[] };
    expect(mails.mails.find((mail) => mail.recipient === email)).toMatchObject({ subject: expect.stringContaining('Test notification from') });

    // The only path now waits its 5 minutes: the form gives way to the notice saying so.
    expect((await screen.findByText(en['testNotification.tooSoon'].replace('{{minutes}}', '5'))).className).toBe('notice');
    expect(screen.queryByRole('button', { name: en['testNotification.send'] })).toBeNull();
  });

  it("shows the server's refusal as a warning: a test went to the path meanwhile (429)", async () => {
    const { contactId } = await signedInMember('springfield');
    await drawPanel('springfield', contactId);
    await userEvent.click(screen.getByRole('button', { name: en['testNotification.title'] }));
    await solveCaptcha();
    // Meanwhile another tab sends one to the same path.
    const challenge = (await (await fetch(`/springfield/${contactId}/testNotification/challenge`)).json()) as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    const payload = btoa(JSON.stringify({ challenge, solution }));
    const { csrfToken } = (await (await fetch('/rest/init/csrf?orgId=springfield')).json()) as { csrfToken: string };
    const other = await fetch(`/springfield/${contactId}/testNotification?language=en_US`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-csrf-token': csrfToken },
      body: new URLSearchParams({ 'g-recaptcha-response': payload, pathId: '1' }).toString(),
    });
    expect(other.status).toBe(200);

    await userEvent.click(screen.getByRole('button', { name: en['testNotification.send'] }));
    const warning = await screen.findByText(en['testNotification.tooSoon'].replace('{{minutes}}', '5'), { selector: '[role="alert"]' });
    expect(warning.className).toBe('notice');
  });
});
