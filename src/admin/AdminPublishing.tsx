/**
 * The organisation's keys to the publishing API (issue 14): how its notification service puts
 * notifications, weather alerts, FAQ and overview on the portal (README "Publishing API"). A key is
 * made with a name, shown once with an example call, then listed by name, when it was made and last
 * used (never the key), and revoked after a confirmation.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { createPublishingKey, listPublishingKeys, revokePublishingKey, type PublishingKeyInfo, type PublishingKeyMade } from '../api/admin.ts';
import { Dialog } from '../ui/Dialog.tsx';

export function AdminPublishing({ orgId }: { orgId: string }) {
  const { t, i18n } = useTranslation();
  const [made, setMade] = useState<PublishingKeyMade | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; key: string } | null>(null);
  const [confirming, setConfirming] = useState<PublishingKeyInfo | null>(null);
  const list = useSWR(['adminPublishingKeys', orgId], async () => listPublishingKeys(orgId), { revalidateOnFocus: false });
  const keys = list.data && !list.data.hasError ? list.data.data?.data ?? [] : [];
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language.replace('_', '-'), { dateStyle: 'medium', timeStyle: 'short' });

  async function make(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get('name') ?? '').trim();
    const result = await createPublishingKey(orgId, { name });
    if (result.hasError || !result.data?.key) {
      setMade(null);
      setOutcome({ ok: false, key: result.data?.errorCode ?? 'admin.members.failed' });
      return;
    }
    setOutcome(null);
    setMade(result.data);
    form.reset();
    await list.mutate();
  }

  async function revoke(key: PublishingKeyInfo) {
    setConfirming(null);
    const result = await revokePublishingKey(orgId, key.keyId);
    setOutcome(result.hasError ? { ok: false, key: result.data?.errorCode ?? 'admin.members.failed' } : { ok: true, key: 'admin.publishing.revoked' });
    if (made?.keyId === key.keyId) setMade(null);
    await list.mutate();
  }

  const example = made
    ? `curl -X POST ${window.location.origin}/api/v1/${orgId}/notifications \\\n  -H 'Authorization: Bearer ${made.key}' \\\n  -H 'Content-Type: application/json' \\\n  -d '{"title":"Test","textMessage":"Hello"}'`
    : '';

  return (
    <section className="card" aria-labelledby="publishing-title">
      <h2 id="publishing-title">{t('admin.publishing.title')}</h2>
      <p className="hint">{t('admin.publishing.hint')}</p>
      <form className="admin-member-form" onSubmit={(event) => void make(event)} aria-labelledby="publishing-make">
        <h3 id="publishing-make">{t('admin.publishing.make')}</h3>
        <label>{t('admin.publishing.name')}<input name="name" required maxLength={80} /></label>
        <button type="submit" className="button">{t('admin.publishing.submit')}</button>
      </form>
      {outcome ? (
        <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'notice-ok' : 'form-error'}>{t(outcome.key, { defaultValue: t('admin.members.failed') })}</p>
      ) : null}
      {made ? (
        <div role="status" className="notice-ok admin-key-made">
          <p>{t('admin.publishing.made', { name: made.name })}</p>
          <p><code className="admin-key-secret">{made.key}</code></p>
          <p>{t('admin.publishing.example')}</p>
          <pre className="admin-key-example">{example}</pre>
        </div>
      ) : null}
      {list.data?.hasError ? <p role="alert" className="form-error">{t('admin.publishing.loadFailed')}</p> : null}
      {list.data && !list.data.hasError && keys.length === 0 ? <p>{t('admin.publishing.empty')}</p> : null}
      {keys.length > 0 ? (
        <ul className="admin-key-list" aria-labelledby="publishing-title">
          {keys.map((key) => (
            <li key={key.keyId}>
              <span className="admin-key-holder">{key.name}</span>
              <span className="hint">
                {t('admin.publishing.dates', { created: when(key.createdAt), used: key.lastUsedAt ? when(key.lastUsedAt) : t('admin.publishing.neverUsed') })}
              </span>
              <button type="button" className="button button-small button-danger" aria-label={t('admin.publishing.revokeLabel', { name: key.name })} onClick={() => setConfirming(key)}>
                {t('admin.publishing.revoke')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {confirming ? (
        <Dialog title={t('form.dialog.confirm.title')} onClose={() => setConfirming(null)}>
          <p>{t('admin.publishing.confirm', { name: confirming.name })}</p>
          <div className="dialog-actions">
            <button type="button" className="button button-danger" onClick={() => void revoke(confirming)}>{t('admin.publishing.revoke')}</button>
            <button type="button" className="button" onClick={() => setConfirming(null)} data-autofocus>{t('form.dialog.cancel')}</button>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}
