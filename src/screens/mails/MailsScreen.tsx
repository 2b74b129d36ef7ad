import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DemoDelivery, DemoMail } from '../../../schemas/demo.ts';
import { useDemoDeliveries, useDemoMails, useDemoOrganizations } from '../../api/hooks.ts';
import { LoadingBar } from '../../ui/LoadingBar.tsx';
import { PlainChrome } from '../../components/PlainChrome.tsx';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { PageHeading } from '../../components/PageHeading.tsx';

/**
 * The demo mailbox `/mails`: with no SMTP server configured, the mails the portal sends stay in its
 * outbox, and here they can be read per organisation (ARCHITECTURE.md "a demo mail viewer"). Below
 * them, the delivery outbox: what was sent to the other contact paths (SMS, voice, Slack, pager …),
 * with the text of what no provider was configured for (a confirmation code, a test notification).
 */
export function MailsScreen({ orgId: requestedOrgId }: { orgId: string | null }) {
  const { t } = useTranslation();
  usePageTitle(null, 'mails.title');
  const organizations = useDemoOrganizations();
  const [chosen, setChosen] = useState(requestedOrgId);
  const orgs = organizations.data?.organizations ?? [];
  const orgId = orgs.some((org) => org.orgId === chosen) ? chosen : (orgs[0]?.orgId ?? null);
  const mails = useDemoMails(orgId);
  const deliveries = useDemoDeliveries(orgId);

  function choose(next: string) {
    setChosen(next);
    // A reload shows the same organisation.
    window.history.replaceState(null, '', `/mails?orgId=${encodeURIComponent(next)}`);
  }

  const unavailable = organizations.error || mails.error;
  return (
    <PlainChrome>
      <PageHeading>{t('mails.title')}</PageHeading>
      {organizations.isLoading || mails.isLoading ? <LoadingBar /> : null}
      {unavailable ? <p className="card">{t('mails.unavailable')}</p> : null}
      {organizations.data && !unavailable ? (
        <>
          <p>{t('mails.intro')}</p>
          <p>
            <label>
              {t('mails.organization')}{' '}
              <select value={orgId ?? ''} onChange={(event) => choose(event.target.value)}>
                {orgs.map((org) => <option key={org.orgId} value={org.orgId}>{org.orgName}</option>)}
              </select>
            </label>{' '}
            <button type="button" onClick={() => void Promise.all([mails.mutate(), deliveries.mutate()])}>{t('mails.refresh')}</button>
          </p>
          {mails.data?.length === 0 ? <p className="card">{t('mails.empty')}</p> : null}
          {mails.data?.map((mail) => <MailCard key={mail.mailId} mail={mail} />)}
        </>
      ) : null}
      {organizations.data && deliveries.data ? (
        <section aria-labelledby="deliveries-heading">
          <h2 id="deliveries-heading">{t('mails.deliveries.title')}</h2>
          <p>{t('mails.deliveries.intro')}</p>
          {deliveries.data.length === 0 ? <p className="card">{t('mails.deliveries.empty')}</p> : null}
          {deliveries.data.map((delivery) => <DeliveryCard key={delivery.deliveryId} delivery={delivery} />)}
        </section>
      ) : null}
      <p><a href="/">{t('mails.back')}</a></p>
    </PlainChrome>
  );
}

function MailCard({ mail }: { mail: DemoMail }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const format = (iso: string) => new Date(iso).toLocaleString(i18n.language.replace('_', '-'));
  return (
    <article className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{mail.subject}</h2>
      <p>{t('mails.meta', { recipient: mail.recipient, date: format(mail.createdAt) })}</p>
      {mail.sentAt ? <p>{t('mails.delivered', { date: format(mail.sentAt) })}</p> : null}
      <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}><LinkedText text={mail.text} /></div>
    </article>
  );
}

/** One delivery attempt: to which path and address, how it went, and the text when it stayed in the outbox. */
function DeliveryCard({ delivery }: { delivery: DemoDelivery }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const date = new Date(delivery.createdAt).toLocaleString(i18n.language.replace('_', '-'));
  const outcome = delivery.outcome === 'sent'
    ? t('mails.deliveries.sent', { date })
    : delivery.outcome === 'queued' ? t('mails.deliveries.queued', { date }) : t('mails.deliveries.failed', { date, errorCode: delivery.errorCode ?? '' });
  return (
    <article className="card" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('mails.deliveries.to', { pathType: delivery.pathType, recipient: delivery.recipient ?? delivery.recipientMasked })}</h3>
      <p>{outcome}</p>
      {delivery.subject ? <p><strong>{delivery.subject}</strong></p> : null}
      {delivery.text ? <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}><LinkedText text={delivery.text} /></div> : null}
    </article>
  );
}

/** http(s) addresses in a mail's text; punctuation right after one ends the sentence, not the address. */
const ADDRESS = /\bhttps?:\/\/[^\s<>"']+/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

/**
 * A mail's plain text with its addresses as links. The text stays text (React escapes it): no HTML
 * from a mail is ever interpreted, and only http(s) addresses become links.
 */
function LinkedText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let end = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const address = match[0].replace(TRAILING_PUNCTUATION, '');
    parts.push(text.slice(end, match.index), <a key={match.index} href={address}>{address}</a>);
    end = match.index + address.length;
  }
  parts.push(text.slice(end));
  return <>{parts}</>;
}
