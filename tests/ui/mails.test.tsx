/**
 * The demo mailbox `/mails` in happy-dom against the real API (tests/ui/globalSetup.ts): a mail the
 * app's mailer sent (no SMTP, so it stays in the outbox) is listed with its text, the addresses in the
 * text are links, and nothing of the text is read as HTML; below them, the delivery outbox.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { registry } from '../../screens.config.ts';
import { Boot } from '../../src/app/Boot.tsx';
import { visit } from './visit.ts';

function boot(path: string) {
  visit(path);
  return render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <Boot location={window.location} registry={registry} />
    </SWRConfig>,
  );
}

async function sendMail(orgId: string, mail: { to: string; subject: string; text: string }) {
  const response = await fetch(`/test/mail?orgId=${orgId}`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(mail),
  });
  expect(response.status).toBe(200);
}

const RESET_URL = 'http://127.0.0.1:8080/acme/reset-password?token=abc123';

describe('the demo mailbox', () => {
  it('lists a mail of the chosen organisation with its text, the address in it a link, no HTML interpreted', async () => {
    visit('/mails?orgId=acme');
    await sendMail('acme', {
      to: 'dana.member@example.org',
      subject: 'Reset your Acme password',
      text: `Hello Dana,\nchoose a new password here: ${RESET_URL}.\nThis is <b>not bold</b>.`,
    });
    boot('/mails?orgId=acme');

    expect(await screen.findByRole('heading', { name: 'Demo mailbox', level: 1 })).toBeInstanceOf(HTMLElement);
    await waitFor(() => expect(document.title).toBe('Demo mailbox'));
    const mail = await screen.findByRole('article', { name: 'Reset your Acme password' });
    expect((screen.getByRole('combobox', { name: 'Organization' }) as HTMLSelectElement).value).toBe('acme');
    expect(within(mail).getByText(/^To dana\.member@example\.org · /)).toBeInstanceOf(HTMLElement);

    // The address is a link; the full stop after it is not part of it.
    const link = within(mail).getByRole('link', { name: RESET_URL });
    expect(link.getAttribute('href')).toBe(RESET_URL);
    expect(within(mail).getAllByRole('link')).toHaveLength(1);
    const body = link.parentElement!;
    expect(body.textContent).toBe(`Hello Dana,\nchoose a new password here: ${RESET_URL}.\nThis is <b>not bold</b>.`);
    expect(mail.querySelector('b')).toBeNull();
  });

  it('switches organisation with the select, keeps the choice in the address, and says when there are no mails', async () => {
    boot('/mails?orgId=acme');
    const select = (await screen.findByRole('combobox', { name: 'Organization' })) as HTMLSelectElement;
    const names = [...select.options].map((o) => o.textContent);
    expect(names).toContain('City of Springfield');
    expect(names).toContain('State University');

    await userEvent.selectOptions(select, 'campus');
    expect(await screen.findByText('No mails yet.')).toBeInstanceOf(HTMLElement);
    expect(screen.queryAllByRole('article')).toEqual([]);
    expect(window.location.pathname + window.location.search).toBe('/mails?orgId=campus');
  });

  it('starts with the first organisation when the address names none (or an unknown one)', async () => {
    boot('/mails?orgId=nowhere');
    const select = (await screen.findByRole('combobox', { name: 'Organization' })) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe(select.options[0]!.value));
    expect(select.value).not.toBe('');
  });

  // Issue 12: what no provider took stays in the delivery outbox, listed below the mails with its text.
  it('lists the delivery outbox below the mails: an SMS with its number and text', async () => {
    const response = await fetch('/test/delivery?orgId=fedagency', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pathType: 'SMS', address: '+12175550134', kind: 'confirmation', text: 'Your confirmation code is 482913' }),
    });
    expect(await response.json()).toMatchObject({ outcome: 'queued', adapter: 'outbox' });
    boot('/mails?orgId=fedagency');

    const section = await screen.findByRole('region', { name: 'Other contact paths' });
    const entry = await within(section).findByRole('article', { name: 'SMS to +12175550134' });
    expect(within(entry).getByText(/^Kept in the outbox · /)).toBeInstanceOf(HTMLElement);
    expect(within(entry).getByText('Your confirmation code is 482913')).toBeInstanceOf(HTMLElement);
  });

  it('is linked from the root page', async () => {
    boot('/');
    const link = await screen.findByRole('link', { name: 'Demo mailbox' });
    expect(link.getAttribute('href')).toBe('/mails');
  });
});
