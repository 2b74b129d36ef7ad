/**
 * The admin live preview (issue 3): an administrator signs in, picks an organisation, edits its
 * settings with the same renderer over org-settings.schema.json, and sees beside them the member
 * forms rendered live from the edited settings, the generated schema and its diff against the saved
 * settings. Save writes through the admin API; refused settings show their errors and nothing is saved.
 * Loaded lazily from the boot: rjsf stays out of every member page that draws no form.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { FORM_BUILDERS, type FormName } from '../../schemas/forms/formBuilders.ts';
import { previewFlags } from '../../schemas/forms/previewFlags.ts';
import type { FieldError, FormMode } from '../../schemas/forms/types.ts';
import { resolveOrgSettings, type OrgSettingsInput } from '../../schemas/orgSettings.ts';
import { adminLogin, adminLogout, adminOrganizations, adminSession, adminSettings, saveAdminSettings, previewValidator, validateForm, type AdminSession, type StoredSettings } from '../api/admin.ts';
import { setCsrfToken } from '../api/client.ts';
import { formModules } from '../api/forms.ts';
import { LoadingBar } from '../ui/LoadingBar.tsx';
import { PlainChrome } from '../components/PlainChrome.tsx';
import { usePageTitle } from '../app/usePageTitle.ts';
import { loadFormValidator, SchemaForm } from '../forms/index.ts';
import { AdminMembers } from './AdminMembers.tsx';
import { lineDiff } from './lineDiff.ts';
import { settingsForm } from './settingsForm.ts';
import { PageHeading } from '../components/PageHeading.tsx';
import '../styles/admin.css';

/** The forms the preview shows (issue 3: sign-up, profile, contact paths, location, additional information). */
const PREVIEW_FORMS: FormName[] = ['signUp', 'profile', 'contactPaths', 'location', 'customFields'];

export default function AdminApp() {
  const { t } = useTranslation();
  usePageTitle(null, 'admin.title');
  const session = useSWR('adminSession', async () => {
    const result = await adminSession();
    if (!result.hasError) setCsrfToken(result.data.csrfToken);
    return result.hasError ? null : result.data;
  }, { revalidateOnFocus: false });

  if (session.isLoading) return <LoadingBar />;
  return (
    <PlainChrome wide>
      <PageHeading>{t('admin.title')}</PageHeading>
      {session.data ? <AdminWorkspace session={session.data} onSignedOut={() => session.mutate(null)} /> : <AdminLogin onSignedIn={(s) => session.mutate(s)} />}
    </PlainChrome>
  );
}

function AdminLogin({ onSignedIn }: { onSignedIn: (session: AdminSession) => void }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState<string | null>(null);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const result = await adminLogin(String(form.get('username') ?? ''), String(form.get('password') ?? ''));
    if (result.hasError) {
      setFailed(result.status === 429 ? 'login.throttled' : result.status === 401 ? 'admin.login.invalid' : 'error.general.message');
      return;
    }
    setCsrfToken(result.data.csrfToken);
    onSignedIn(result.data);
  }
  return (
    <form className="card admin-login" onSubmit={submit} aria-labelledby="admin-login-title">
      <h2 id="admin-login-title">{t('admin.login.title')}</h2>
      {failed ? <p role="alert" className="form-error">{t(failed)}</p> : null}
      <label>{t('admin.login.username')}<input name="username" autoComplete="username" required /></label>
      <label>{t('admin.login.password')}<input name="password" type="password" autoComplete="current-password" required /></label>
      <button type="submit" className="button-primary">{t('admin.login.submit')}</button>
    </form>
  );
}

function AdminWorkspace({ session, onSignedOut }: { session: AdminSession; onSignedOut: () => void }) {
  const { t } = useTranslation();
  const orgs = useSWR('adminOrgs', async () => (await adminOrganizations()).data);
  const [orgId, setOrgId] = useState<string>('');
  return (
    <>
      <div className="admin-bar">
        <label>
          {t('admin.organization')}{' '}
          <select value={orgId} onChange={(e) => setOrgId(e.target.value)}>
            <option value="">{t('form.select.placeholder')}</option>
            {(orgs.data?.organizations ?? []).map((org) => <option key={org.orgId} value={org.orgId}>{org.orgName} ({org.orgId})</option>)}
          </select>
        </label>
        <span>{t('admin.signedInAs', { username: session.username })}</span>
        <button type="button" onClick={async () => { await adminLogout(); setCsrfToken(null); onSignedOut(); }}>{t('admin.logout')}</button>
      </div>
      {orgId ? <OrgEditor key={orgId} orgId={orgId} /> : <p>{t('admin.pickOrganization')}</p>}
    </>
  );
}

function OrgEditor({ orgId }: { orgId: string }) {
  const { t } = useTranslation();
  const stored = useSWR(['adminSettings', orgId], async () => (await adminSettings(orgId)).data, { revalidateOnFocus: false });
  const [edited, setEdited] = useState<OrgSettingsInput | null>(null);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useMemo(() => settingsForm(), []);

  if (!stored.data) return <LoadingBar />;
  const saved = stored.data;
  const current = edited ?? saved.settings;

  async function save(settings: OrgSettingsInput) {
    setNotice(null);
    const result = await saveAdminSettings(orgId, settings, saved.settingsVersion);
    if (result.status === 400 && result.data.errors) {
      setServerErrors(result.data.errors);
      setNotice('admin.save.refused');
      return;
    }
    if (result.hasError) {
      setNotice(result.status === 409 ? 'admin.save.conflict' : 'admin.save.failed');
      return;
    }
    setServerErrors([]);
    setEdited(null);
    setNotice('admin.save.done');
    await stored.mutate();
  }

  return (
    <div className="admin-grid">
      <section className="card" aria-labelledby="settings-title">
        <h2 id="settings-title">{t('admin.settings.title', { orgId })}</h2>
        {notice ? <p role="status" className={notice === 'admin.save.done' ? 'notice-ok' : 'notice'}>{t(notice)}</p> : null}
        <SchemaForm
          idPrefix="settings"
          form={form}
          validator={formModules.adminSettings}
          formData={current}
          onChange={(data) => setEdited(data as OrgSettingsInput)}
          onSubmit={(data) => void save(data as OrgSettingsInput)}
          serverErrors={serverErrors}
          submitLabelKey="admin.save"
        />
      </section>
      <Preview orgId={orgId} saved={saved} current={current} />
      <AdminMembers orgId={orgId} />
    </div>
  );
}

/** How long the preview waits after the last change of its form before asking the server to compile it. */
const PREVIEW_COMPILE_DELAY_MS = 300;

function Preview({ orgId, saved, current }: { orgId: string; saved: StoredSettings; current: OrgSettingsInput }) {
  const { t } = useTranslation();
  const [name, setName] = useState<FormName>('signUp');
  const modes = FORM_BUILDERS[name].modes as readonly FormMode[];
  const [modeChoice, setMode] = useState<FormMode>('signup');
  const mode = modes.includes(modeChoice) ? modeChoice : modes[0]!;
  // undefined, not {}: rjsf then fills each form's defaults (the contact-path list is an array).
  const [data, setData] = useState<unknown>(undefined);
  const [result, setResult] = useState<{ ok: boolean; errors: FieldError[] } | null>(null);

  const built = useMemo(() => {
    try {
      const build = (input: OrgSettingsInput) => {
        const settings = resolveOrgSettings(input);
        return FORM_BUILDERS[name].build(settings, previewFlags(settings, saved.featureFlags), mode);
      };
      return { now: build(current), before: build(saved.settings) };
    } catch {
      return null;
    }
  }, [name, mode, current, saved]);

  // The preview's form is built from settings not saved yet: the server compiles it first. Once per
  // change of the schema, and only after the typing has paused, not per keystroke.
  const schema = built?.now.schema;
  const validator = useMemo(() => async () => {
    await new Promise((resolve) => setTimeout(resolve, PREVIEW_COMPILE_DELAY_MS));
    const compiled = await previewValidator(orgId, name, { settings: current, mode });
    if (compiled.hasError || !compiled.data) throw new Error(`preview validator: ${compiled.status}`);
    return loadFormValidator(compiled.data.url, schema!);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `current` is read when the schema it builds changes
  }, [orgId, name, mode, schema]);

  async function check(formData: unknown) {
    const response = await validateForm(orgId, name, { settings: current, mode, data: formData });
    setResult({ ok: !response.hasError, errors: response.data?.errors ?? [] });
  }

  // The diff is costly (a few hundred lines each side): once per schema change, not per keystroke.
  const diff = useMemo(() => (built ? lineDiff(JSON.stringify(built.before, null, 2), JSON.stringify(built.now, null, 2)) : []), [built]);
  const changed = diff.filter((line) => line.kind !== 'same').length;
  return (
    <section className="card" aria-labelledby="preview-title">
      <h2 id="preview-title">{t('admin.preview.title')}</h2>
      <div className="admin-bar" role="group" aria-label={t('admin.preview.form')}>
        {PREVIEW_FORMS.map((form) => (
          <button key={form} type="button" aria-pressed={form === name} onClick={() => { setName(form); setData(undefined); setResult(null); }}>
            {t(`admin.form.${form}`)}
          </button>
        ))}
        <label>
          {t('admin.preview.mode')}{' '}
          <select value={mode} onChange={(e) => setMode(e.target.value as FormMode)}>
            {modes.map((m) => <option key={m} value={m}>{t(`admin.mode.${m}`)}</option>)}
          </select>
        </label>
      </div>
      {!built ? <p className="notice">{t('admin.preview.unbuildable')}</p> : (
        <>
          {result ? <p role="status" className={result.ok ? 'notice-ok' : 'notice'}>{t(result.ok ? 'admin.preview.serverOk' : 'admin.preview.serverRefused')}</p> : null}
          <div className="admin-preview-form">
            <SchemaForm
              key={`${name}:${mode}`}
              idPrefix="preview"
              form={built.now}
              validator={validator}
              formData={data as Record<string, unknown> | undefined}
              onChange={setData}
              onSubmit={(formData) => void check(formData)}
              serverErrors={result?.errors ?? []}
              review={mode === 'review'}
              submitLabelKey="admin.preview.check"
            />
          </div>
          <details>
            <summary>{t('admin.preview.schema', { count: changed })}</summary>
            <pre className="admin-diff" aria-label={t('admin.preview.diff')}>
              {diff.map((line, index) => (
                <span key={index} className={`diff-${line.kind}`}>{line.kind === 'added' ? '+ ' : line.kind === 'removed' ? '- ' : '  '}{line.text}{'\n'}</span>
              ))}
            </pre>
          </details>
        </>
      )}
    </section>
  );
}
