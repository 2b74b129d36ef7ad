/**
 * The administrator's member links (issue 4): invite a contact to a private organisation's sign-up
 * (the link is also e-mailed to them), hand a public-portal profile its new-profile link, and issue
 * a member an access key. Each answer is a link to copy; nothing here is shown to members. Below
 * them, the organisation's live access keys, each revoked after a confirmation (issue 9 row 16).
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import {
  createAccessKey, createInvitation, createPublicProfile, listAccessKeys, revokeAccessKey, type AccessKeyListing, type MemberLinkReply,
} from '../api/admin.ts';
import type { ApiResult } from '../api/client.ts';
import { Dialog } from '../ui/Dialog.tsx';

type LinkKind = 'invitation' | 'publicProfile' | 'accessKey';

interface LinkForm {
  kind: LinkKind;
  /** The typed call that makes the link (src/api/admin.ts). */
  create: (orgId: string, value: (field: string) => string) => Promise<ApiResult<MemberLinkReply | null>>;
  fields: readonly string[];
}

const FORMS: readonly LinkForm[] = [
  { kind: 'invitation', create: (orgId, v) => createInvitation(orgId, { firstName: v('firstName'), lastName: v('lastName'), email: v('email') }), fields: ['firstName', 'lastName', 'email'] },
  { kind: 'publicProfile', create: (orgId, v) => createPublicProfile(orgId, { firstName: v('firstName'), lastName: v('lastName'), email: v('email') }), fields: ['firstName', 'lastName', 'email'] },
  { kind: 'accessKey', create: (orgId, v) => createAccessKey(orgId, { username: v('username') }), fields: ['username'] },
];

export function AdminMembers({ orgId }: { orgId: string }) {
  const { t } = useTranslation();
  // Bumped when a key is issued, so the list below shows it.
  const [issued, setIssued] = useState(0);
  return (
    <section className="card" aria-labelledby="members-title">
      <h2 id="members-title">{t('admin.members.title')}</h2>
      {FORMS.map((form) => (
        <MemberLinkForm key={form.kind} orgId={orgId} form={form} onCreated={form.kind === 'accessKey' ? () => setIssued((n) => n + 1) : undefined} />
      ))}
      <AccessKeys orgId={orgId} issued={issued} />
    </section>
  );
}

function MemberLinkForm({ orgId, form, onCreated }: { orgId: string; form: LinkForm; onCreated?: () => void }) {
  const { t } = useTranslation();
  const [link, setLink] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const result = await form.create(orgId, (name) => String(data.get(name) ?? '').trim());
    if (result.hasError || !result.data?.url) {
      // An invitation whose mail did not go (429 invitation.mail.limited, 503 invitation.mail.failed)
      // still exists: its link is shown under the message, to hand over another way.
      setLink(result.data?.url ? new URL(result.data.url, window.location.origin).href : null);
      setError(result.data?.errorCode ?? 'admin.members.failed');
      return;
    }
    setError(null);
    setLink(new URL(result.data.url, window.location.origin).href);
    onCreated?.();
  }

  return (
    <form className="admin-member-form" onSubmit={(event) => void submit(event)} aria-labelledby={`member-${form.kind}`}>
      <h3 id={`member-${form.kind}`}>{t(`admin.members.${form.kind}.title`)}</h3>
      <p className="hint">{t(`admin.members.${form.kind}.hint`)}</p>
      {form.fields.map((name) => (
        <label key={name}>{t(`admin.members.field.${name}`)}<input name={name} required type={name === 'email' ? 'email' : 'text'} /></label>
      ))}
      <button type="submit" className="button">{t(`admin.members.${form.kind}.submit`)}</button>
      {error ? <p role="alert" className="form-error">{t(error, { defaultValue: t('admin.members.failed') })}</p> : null}
      {link ? <p role="status" className="notice-ok">{t('admin.members.link')} <a href={link}>{link}</a></p> : null}
    </form>
  );
}

/** Who holds a key, as the list names them: "Dana Member (demo.member)", or the name alone for a public-portal account. */
const holderOf = (key: AccessKeyListing) => (key.username ? `${key.name} (${key.username})` : key.name);

/**
 * The organisation's live access keys, newest first, a page at a time: who holds each, when it was
 * issued and when it expires (never the key itself), and a Revoke button that asks first. After a
 * revocation, or a refusal, the list is read again; what happened is said in a status or an alert.
 */
function AccessKeys({ orgId, issued }: { orgId: string; issued: number }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState<AccessKeyListing | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; key: string } | null>(null);
  const list = useSWR(['adminAccessKeys', orgId, page, issued], async () => listAccessKeys(orgId, { page }), { revalidateOnFocus: false });
  const answer = list.data && !list.data.hasError ? list.data.data : null;
  const keys = answer?.accessKeys ?? [];
  const pages = answer?.total && answer.pageSize ? Math.ceil(answer.total / answer.pageSize) : 1;
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language.replace('_', '-'), { dateStyle: 'medium', timeStyle: 'short' });

  async function revoke(key: AccessKeyListing) {
    setConfirming(null);
    const result = await revokeAccessKey(orgId, key.id);
    setOutcome(result.hasError
      ? { ok: false, key: result.data?.errorCode ?? 'admin.members.failed' }
      : { ok: true, key: 'admin.members.accessKeys.revoked' });
    // The last key of a later page gone: show the page before.
    if (!result.hasError && keys.length === 1 && page > 1) setPage(page - 1);
    else await list.mutate();
  }

  return (
    <section className="admin-member-form" aria-labelledby="member-accessKeys">
      <h3 id="member-accessKeys">{t('admin.members.accessKeys.title')}</h3>
      <p className="hint">{t('admin.members.accessKeys.hint')}</p>
      {outcome ? (
        <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'notice-ok' : 'form-error'}>
          {t(outcome.key, { defaultValue: t('admin.members.failed') })}
        </p>
      ) : null}
      {list.data?.hasError ? <p role="alert" className="form-error">{t('admin.members.accessKeys.loadFailed')}</p> : null}
      {answer && keys.length === 0 ? <p>{t('admin.members.accessKeys.empty')}</p> : null}
      {keys.length > 0 ? (
        <ul className="admin-key-list" aria-labelledby="member-accessKeys">
          {keys.map((key) => (
            <li key={key.id}>
              <span className="admin-key-holder">{holderOf(key)}</span>
              <span className="hint">{t('admin.members.accessKeys.dates', { created: when(key.createdAt), expires: when(key.expiresAt) })}</span>
              <button
                type="button"
                className="button button-small button-danger"
                aria-label={t('admin.members.accessKeys.revokeLabel', { holder: holderOf(key), created: when(key.createdAt) })}
                onClick={() => setConfirming(key)}
              >
                {t('admin.members.accessKeys.revoke')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {pages > 1 ? (
        <nav className="admin-key-pages" aria-label={t('admin.members.accessKeys.pages')}>
          <button type="button" className="button button-small" disabled={page <= 1} onClick={() => setPage(page - 1)}>{t('admin.members.accessKeys.previous')}</button>
          <span>{t('admin.members.accessKeys.page', { page, pages })}</span>
          <button type="button" className="button button-small" disabled={page >= pages} onClick={() => setPage(page + 1)}>{t('admin.members.accessKeys.next')}</button>
        </nav>
      ) : null}
      {confirming ? (
        // The question names whose key goes; the focus starts on the harmless answer.
        <Dialog title={t('form.dialog.confirm.title')} onClose={() => setConfirming(null)}>
          <p>{t('admin.members.accessKeys.confirm', { holder: holderOf(confirming), created: when(confirming.createdAt) })}</p>
          <div className="dialog-actions">
            <button type="button" className="button button-danger" onClick={() => void revoke(confirming)}>{t('admin.members.accessKeys.revoke')}</button>
            <button type="button" className="button" onClick={() => setConfirming(null)} data-autofocus>{t('form.dialog.cancel')}</button>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}
