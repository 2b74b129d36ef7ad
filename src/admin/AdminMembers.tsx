/**
 * The administrator's member links (issue 4): invite a contact to a private organisation's sign-up
 * (the link is also e-mailed to them), hand a public-portal profile its new-profile link, and issue
 * a member an access key. Each answer is a link to copy; nothing here is shown to members.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { createAccessKey, createInvitation, createPublicProfile, type MemberLinkReply } from '../api/admin.ts';
import type { ApiResult } from '../api/client.ts';

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
  return (
    <section className="card" aria-labelledby="members-title">
      <h3 id="members-title">{t('admin.members.title')}</h3>
      {FORMS.map((form) => <MemberLinkForm key={form.kind} orgId={orgId} form={form} />)}
    </section>
  );
}

function MemberLinkForm({ orgId, form }: { orgId: string; form: LinkForm }) {
  const { t } = useTranslation();
  const [link, setLink] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const result = await form.create(orgId, (name) => String(data.get(name) ?? '').trim());
    if (result.hasError || !result.data?.url) {
      setLink(null);
      setError(result.data?.errorCode ?? 'admin.members.failed');
      return;
    }
    setError(null);
    setLink(new URL(result.data.url, window.location.origin).href);
  }

  return (
    <form className="admin-member-form" onSubmit={(event) => void submit(event)} aria-labelledby={`member-${form.kind}`}>
      <h4 id={`member-${form.kind}`}>{t(`admin.members.${form.kind}.title`)}</h4>
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
