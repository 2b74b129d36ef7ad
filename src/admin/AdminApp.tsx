/**
 * The admin live preview (issue 3): an administrator signs in, picks an organisation, edits its
 * settings with the same renderer over org-settings.schema.json, and sees beside them the member
 * forms rendered live from the edited settings, the generated schema and its diff against the saved
 * settings. Save writes through the admin API; refused settings show their errors and nothing is saved.
 * Loaded lazily from the boot: rjsf stays out of every member page that draws no form.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { FEATURE_FLAGS_OFF } from '../../schemas/featureFlags.ts';
import { FORM_BUILDERS } from '../../schemas/forms/formBuilders.ts';
import { previewFlags } from '../../schemas/forms/previewFlags.ts';
import type { FieldError, FormMode } from '../../schemas/forms/types.ts';
import { resolveOrgSettings, type OrgSettingsInput } from '../../schemas/orgSettings.ts';
import {
  adminLogin, adminLogout, adminOrganizations, adminSession, adminSettings, previewValidator, revertAdminSettings, saveAdminSettings, settingVersions, validateForm,
  type AdminSession, type SettingVersionListing, type StoredSettings,
} from '../api/admin.ts';
import { setCsrfToken } from '../api/client.ts';
import { formModules } from '../api/forms.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { LoadingBar } from '../ui/LoadingBar.tsx';
import { PlainChrome } from '../components/PlainChrome.tsx';
import { screenById } from '../app/resolveScreen.ts';
import { useScreenRegistry } from '../app/ScreenRegistryContext.ts';
import { usePageTitle } from '../app/usePageTitle.ts';
import { loadFormValidator, SchemaForm } from '../forms/index.ts';
import { AdminMembers } from './AdminMembers.tsx';
import { AdminPublishing } from './AdminPublishing.tsx';
import { AdminSso } from './AdminSso.tsx';
import { lineDiff } from './lineDiff.ts';
import { PagePreview, previewAddress, viewerOf, type PreviewViewer } from './PagePreview.tsx';
import { PREVIEW_FORMS, previewFormOfScreen, previewScreenId, type PreviewForm } from './previewScreens.ts';
import { configureMapTiles, needsMapToken } from '../ui/mapTiles.ts';
import { getMapToken } from '../api/places.ts';
import { labelledErrors, settingsForm, withPublicFollowingStatus } from './settingsForm.ts';
import { PageHeading } from '../components/PageHeading.tsx';
import '../styles/admin.css';

type SaveSettingsResult = Awaited<ReturnType<typeof saveAdminSettings>>;

export default function AdminApp() {
  const { t } = useTranslation();
  usePageTitle(null, 'admin.title');
  // Signed out is an answer (200 with no username), not a refusal: a signed-out visit logs no failed request.
  const session = useSWR('adminSession', async () => {
    const result = await adminSession();
    if (result.hasError || !result.data || result.data.username === null) return null;
    setCsrfToken(result.data.csrfToken);
    return result.data;
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
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    const result = await adminLogin(String(form.get('username') ?? ''), String(form.get('password') ?? ''));
    setBusy(false);
    if (result.hasError) {
      setFailed(result.status === 429 ? 'login.throttled' : result.status === 401 ? 'admin.login.invalid' : 'error.general.message');
      return;
    }
    setCsrfToken(result.data.csrfToken);
    onSignedIn(result.data);
  }
  // Drawn with the form renderer's classes (src/styles/forms.css), like the members' sign-in page.
  return (
    <form className="card admin-login" onSubmit={submit} aria-labelledby="admin-login-title">
      <h2 id="admin-login-title">{t('admin.login.title')}</h2>
      <p className="field-help">{t('admin.login.hint')}</p>
      {failed ? <p role="alert" className="form-error field-error">{t(failed)}</p> : null}
      <div className="form-fields">
        <div className="field field-label">
          <label htmlFor="admin-username" className="field-label">{t('admin.login.username')}</label>
          <input id="admin-username" className="input" name="username" autoComplete="username" required />
        </div>
        <div className="field field-label">
          <label htmlFor="admin-password" className="field-label">{t('admin.login.password')}</label>
          <input id="admin-password" className="input" name="password" type="password" autoComplete="current-password" required />
        </div>
      </div>
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy}>{t('admin.login.submit')}</button>
      </div>
    </form>
  );
}

/** A question asked before something that cannot be taken back (a dialog; the harmless answer has the focus). */
interface Confirmation {
  message: string;
  confirmLabel: string;
  run: () => void;
}

function ConfirmDialog({ confirmation, onClose }: { confirmation: Confirmation; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('form.dialog.confirm.title')} onClose={onClose}>
      <p>{confirmation.message}</p>
      <div className="dialog-actions">
        <button type="button" className="button button-danger" onClick={() => { onClose(); confirmation.run(); }}>{confirmation.confirmLabel}</button>
        <button type="button" className="button" onClick={onClose} data-autofocus>{t('admin.guard.stay')}</button>
      </div>
    </Dialog>
  );
}

function AdminWorkspace({ session, onSignedOut }: { session: AdminSession; onSignedOut: () => void }) {
  const { t } = useTranslation();
  const orgs = useSWR('adminOrgs', async () => (await adminOrganizations()).data);
  // The preview's maps draw the tiles the members' maps draw (MAP_TILE_URL), with their key when they need one.
  const tiles = orgs.data?.mapTiles ?? null;
  const anyOrgId = orgs.data?.organizations[0]?.orgId;
  useEffect(() => {
    configureMapTiles(tiles);
    if (needsMapToken(tiles) && anyOrgId) void getMapToken(anyOrgId).then((token) => configureMapTiles(tiles, token));
  }, [tiles, anyOrgId]);
  const [orgId, setOrgId] = useState<string>('');
  const [dirty, setDirty] = useState(false);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);

  // Leaving the page (reload, closing the tab, another address) with unsaved changes: the browser asks.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  function pick(next: string) {
    if (next === orgId) return;
    const go = () => { setDirty(false); setOrgId(next); };
    if (!dirty) return go();
    setConfirmation({ message: t('admin.guard.switch', { orgId, next: next || t('form.select.placeholder') }), confirmLabel: t('admin.guard.switchConfirm'), run: go });
  }

  async function signOut() {
    await adminLogout();
    setCsrfToken(null);
    onSignedOut();
  }

  return (
    <>
      <div className="admin-bar">
        <label>
          {t('admin.organization')}{' '}
          <select className="input" value={orgId} onChange={(e) => pick(e.target.value)}>
            <option value="">{t('form.select.placeholder')}</option>
            {(orgs.data?.organizations ?? []).map((org) => <option key={org.orgId} value={org.orgId}>{org.orgName} ({org.orgId})</option>)}
          </select>
        </label>
        <span>{t('admin.signedInAs', { username: session.username })}</span>
        <button
          type="button"
          className="button"
          onClick={() => (dirty ? setConfirmation({ message: t('admin.guard.signOut'), confirmLabel: t('admin.guard.signOutConfirm'), run: () => void signOut() }) : void signOut())}
        >
          {t('admin.logout')}
        </button>
      </div>
      {orgId ? <OrgEditor key={orgId} orgId={orgId} onDirtyChange={setDirty} /> : <p>{t('admin.pickOrganization')}</p>}
      {confirmation ? <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} /> : null}
    </>
  );
}

/** Whether saving `next` over `before` takes the live portal down (§2: disabled → not found everywhere; enableSSP false → the deactivated page). */
function takeDownKey(next: OrgSettingsInput, before: OrgSettingsInput): string | null {
  if (next.disabled === true && before.disabled !== true) return 'admin.takeDown.disabled';
  if (next.enableSSP === false && before.enableSSP !== false) return 'admin.takeDown.enableSSP';
  return null;
}

interface Notice {
  key: string;
  params?: Record<string, unknown>;
  ok?: boolean;
}

function OrgEditor({ orgId, onDirtyChange }: { orgId: string; onDirtyChange: (dirty: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const stored = useSWR(['adminSettings', orgId], async () => (await adminSettings(orgId)).data, { revalidateOnFocus: false });
  const versions = useSWR(['adminSettingVersions', orgId], async () => {
    const result = await settingVersions(orgId);
    if (result.hasError || !result.data?.versions) throw new Error(`versions: ${result.status}`);
    return result.data.versions;
  }, { revalidateOnFocus: false });
  const [edited, setEdited] = useState<OrgSettingsInput | null>(null);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const form = useMemo(() => settingsForm(), []);
  // The server's module, its errors named by the settings' labels (the summary lists each field by name).
  const validator = useMemo(() => async () => {
    const loaded = await loadFormValidator(formModules.adminSettings, form.schema);
    return { validator: loaded.validator, validate: (data: unknown) => labelledErrors(loaded.validate(data)) };
  }, [form]);
  const dirty = edited !== null;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  if (!stored.data) return <LoadingBar />;
  const saved = stored.data;
  const current = edited ?? saved.settings;
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language.replace('_', '-'), { dateStyle: 'medium', timeStyle: 'short' });

  async function afterWrite(result: SaveSettingsResult, done: Notice) {
    if (result.status === 400 && result.data.errors) {
      setServerErrors(labelledErrors(result.data.errors));
      setNotice({ key: 'admin.save.refused' });
      return;
    }
    if (result.hasError) {
      setNotice({ key: result.status === 409 ? 'admin.save.conflict' : 'admin.save.failed' });
      return;
    }
    setServerErrors([]);
    setEdited(null);
    setNotice({ ...done, params: { ...done.params, newVersion: result.data.settingsVersion, version: done.params?.version ?? result.data.settingsVersion }, ok: true });
    await Promise.all([stored.mutate(), versions.mutate()]);
  }

  async function save(settings: OrgSettingsInput) {
    setNotice(null);
    await afterWrite(await saveAdminSettings(orgId, settings, saved.settingsVersion), { key: 'admin.save.savedAs', params: { time: new Date().toLocaleTimeString(i18n.language.replace('_', '-'), { timeStyle: 'short' }) } });
  }

  function confirmSave(settings: OrgSettingsInput) {
    const takeDown = takeDownKey(settings, saved.settings);
    if (!takeDown) return void save(settings);
    setConfirmation({ message: t(takeDown, { orgName: settings.orgName }), confirmLabel: t('admin.takeDown.confirm'), run: () => void save(settings) });
  }

  function restore(kept: SettingVersionListing) {
    const run = async () => {
      setNotice(null);
      await afterWrite(await revertAdminSettings(orgId, kept.version, saved.settingsVersion), { key: 'admin.versions.restored', params: { version: kept.version } });
    };
    const takeDown = takeDownKey(kept.settings, saved.settings);
    const ask = takeDown ? () => setConfirmation({ message: t(takeDown, { orgName: kept.settings.orgName }), confirmLabel: t('admin.takeDown.confirm'), run: () => void run() }) : () => void run();
    if (dirty) setConfirmation({ message: t('admin.versions.discardConfirm', { version: kept.version }), confirmLabel: t('admin.versions.restore'), run: ask });
    else ask();
  }

  return (
    <div className="admin-grid">
      <section className="card admin-settings" aria-labelledby="settings-title">
        <h2 id="settings-title">{t('admin.settings.title', { orgId })}</h2>
        <SchemaForm
          idPrefix="settings"
          form={form}
          validator={validator}
          formData={current}
          onChange={(data) => { setNotice(null); setEdited(withPublicFollowingStatus(data as OrgSettingsInput, current)); }}
          onSubmit={(data) => confirmSave(data as OrgSettingsInput)}
          serverErrors={serverErrors}
          submitLabelKey="admin.save"
        >
          <p role="status" className={`admin-save-state${notice?.ok ? ' notice-ok' : notice ? ' notice' : ''}`}>
            {notice ? t(notice.key, notice.params) : t(dirty ? 'admin.saveBar.unsaved' : 'admin.saveBar.clean')}
          </p>
          {dirty ? <button type="button" className="button" onClick={() => { setEdited(null); setServerErrors([]); setNotice(null); }}>{t('admin.saveBar.discard')}</button> : null}
        </SchemaForm>
      </section>
      <Preview orgId={orgId} saved={saved} current={current} />
      <section className="card admin-versions" aria-labelledby="versions-title">
        <h3 id="versions-title">{t('admin.versions.title')}</h3>
        <p className="hint">{t('admin.versions.hint')}</p>
        {versions.error ? <p className="notice">{t('admin.versions.loadFailed')}</p> : null}
        {versions.data && versions.data.length === 0 ? <p>{t('admin.versions.empty')}</p> : null}
        <ol className="admin-version-list">
          {(versions.data ?? []).map((kept) => (
            <li key={kept.version}>
              <span className="admin-version-name">{t('admin.versions.item', { version: kept.version })}</span>
              <span className="hint">
                {kept.savedBy === null ? t('admin.versions.before', { when: when(kept.savedAt) }) : t('admin.versions.savedBy', { username: kept.savedBy, when: when(kept.savedAt) })}
              </span>
              {kept.version === saved.settingsVersion ? (
                <span className="admin-version-current">{t('admin.versions.current')}</span>
              ) : (
                <button type="button" className="button button-small" aria-label={t('admin.versions.restoreLabel', { version: kept.version })} onClick={() => restore(kept)}>
                  {t('admin.versions.restore')}
                </button>
              )}
            </li>
          ))}
        </ol>
      </section>
      <AdminMembers orgId={orgId} />
      <AdminPublishing orgId={orgId} />
      <AdminSso orgId={orgId} settingsVersion={saved.settingsVersion} />
      {confirmation ? <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} /> : null}
    </div>
  );
}

/** How long the preview waits after the last change of its form before asking the server to compile it. */
const PREVIEW_COMPILE_DELAY_MS = 300;

/** The preview's two views (issue 11): the form alone, or the whole member page around it. */
type PreviewView = 'form' | 'page';

interface ChoicesProps<T extends string> {
  /** The id of the visible label; the group is named by it. */
  id: string;
  label: string;
  describedBy?: string;
  choices: readonly T[];
  value: T;
  onChange: (choice: T) => void;
  labelOf: (choice: T) => string;
}

/** One of a few choices as a row of buttons, the chosen one pressed (aria-pressed), under a visible label. */
function Choices<T extends string>({ id, label, describedBy, choices, value, onChange, labelOf }: ChoicesProps<T>) {
  return (
    <div className="admin-bar" role="group" aria-labelledby={id} aria-describedby={describedBy}>
      <span id={id}>{label}</span>
      {choices.map((choice) => (
        <button key={choice} type="button" className="button button-small" aria-pressed={value === choice} onClick={() => onChange(choice)}>
          {labelOf(choice)}
        </button>
      ))}
    </div>
  );
}

function Preview({ orgId, saved, current }: { orgId: string; saved: StoredSettings; current: OrgSettingsInput }) {
  const { t } = useTranslation();
  const { screens } = useScreenRegistry();
  const [name, setName] = useState<PreviewForm>('signUp');
  const modes = FORM_BUILDERS[name].modes as readonly FormMode[];
  const [modeChoice, setMode] = useState<FormMode>('signup');
  const mode = modes.includes(modeChoice) ? modeChoice : modes[0]!;
  const [view, setView] = useState<PreviewView>('form');
  const [viewer, setViewer] = useState<PreviewViewer>('visitor');
  // undefined, not {}: rjsf then fills each form's defaults (the contact-path list is an array).
  const [data, setData] = useState<unknown>(undefined);
  const [result, setResult] = useState<{ ok: boolean; errors: FieldError[]; browser?: boolean } | null>(null);

  // The edited settings as the portal reads them; null while they cannot be read (the form says so).
  const settings = useMemo(() => {
    try {
      return resolveOrgSettings(current);
    } catch {
      return null;
    }
  }, [current]);
  const featureFlags = useMemo(() => ({ ...FEATURE_FLAGS_OFF, ...saved.featureFlags }), [saved.featureFlags]);
  const screenId = previewScreenId(name, mode);
  const screen = screenId ? screenById(screens, screenId) : null;

  const built = useMemo(() => {
    try {
      const build = (input: OrgSettingsInput) => {
        const resolved = resolveOrgSettings(input);
        return FORM_BUILDERS[name].build(resolved, previewFlags(resolved, saved.featureFlags), mode);
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

  /** Shows another form; the whole page is then seen by whom that page is for (a visitor signs up, a member edits). */
  function pickForm(form: PreviewForm) {
    setName(form);
    setData(undefined);
    setResult(null);
    const formModes = FORM_BUILDERS[form].modes as readonly FormMode[];
    const id = previewScreenId(form, formModes.includes(modeChoice) ? modeChoice : formModes[0]!);
    if (id && settings) setViewer(viewerOf(screenById(screens, id), settings, orgId));
  }

  /** A navigation item inside the whole-page view: its screen's form, when the preview draws it. */
  function openScreen(id: string): boolean {
    const target = previewFormOfScreen(id);
    if (!target) return false;
    setName(target.form);
    setMode(target.mode);
    setData(undefined);
    setResult(null);
    return true;
  }

  // The diff is costly (a few hundred lines each side): once per schema change, not per keystroke.
  const diff = useMemo(() => (built ? lineDiff(JSON.stringify(built.before, null, 2), JSON.stringify(built.now, null, 2)) : []), [built]);
  const changed = diff.filter((line) => line.kind !== 'same').length;
  // The preview's own submit is never held back by the form's gate (the sign-up's terms box, `submitNeeds`).
  const ungated = useMemo(() => {
    if (!built) return null;
    const { submitNeeds: _gate, ...options } = (built.now.uiSchema['ui:options'] ?? {}) as Record<string, unknown>;
    return { ...built.now, uiSchema: { ...built.now.uiSchema, 'ui:options': options } };
  }, [built]);
  const form = ungated ? (
    <div className="admin-preview-form">
      <SchemaForm
        key={`${name}:${mode}`}
        idPrefix="preview"
        form={ungated}
        validator={validator}
        formData={data as Record<string, unknown> | undefined}
        onChange={setData}
        onSubmit={() => setResult({ ok: true, errors: [], browser: true })}
        serverErrors={result?.errors ?? []}
        review={mode === 'review'}
        submitLabelKey="admin.preview.checkBrowser"
      >
        {/* Always there and never disabled: the server checks whatever the form holds, even what the browser would refuse. */}
        <button type="button" className="button button-primary" onClick={() => void check(data ?? {})}>{t('admin.preview.check')}</button>
      </SchemaForm>
    </div>
  ) : null;
  return (
    <section className="card admin-preview" aria-labelledby="preview-title">
      <h2 id="preview-title">{t('admin.preview.title')}</h2>
      <Choices id="preview-view" label={t('admin.preview.view')} choices={['form', 'page'] as const} value={view} onChange={setView} labelOf={(choice) => t(`admin.preview.view.${choice}`)} />
      <div className="admin-bar" role="group" aria-label={t('admin.preview.form')}>
        {PREVIEW_FORMS.map((choice) => (
          <button key={choice} type="button" className="button button-small" aria-pressed={choice === name} onClick={() => pickForm(choice)}>
            {t(`admin.form.${choice}`)}
          </button>
        ))}
      </div>
      <div className="admin-mode">
        <label>
          {t('admin.preview.mode')}{' '}
          <select className="input" value={mode} onChange={(e) => { setMode(e.target.value as FormMode); setResult(null); }} aria-describedby={screen && settings ? 'preview-mode-help preview-mode-address' : 'preview-mode-help'}>
            {modes.map((m) => <option key={m} value={m}>{t(`admin.mode.${m}`)}</option>)}
          </select>
        </label>
        <p id="preview-mode-help" className="field-help">{t('admin.preview.modeHelp')}</p>
        {screen && settings ? (
          <p id="preview-mode-address" className="field-help">
            {t('admin.preview.modeAddress', { page: t(screen.titleKey), address: previewAddress(screen, settings, orgId) })}
          </p>
        ) : null}
      </div>
      {view === 'page' ? (
        <div className="admin-mode">
          <Choices
            id="preview-viewer" label={t('admin.preview.viewer')} describedBy="preview-viewer-help"
            choices={['visitor', 'member'] as const} value={viewer} onChange={setViewer} labelOf={(choice) => t(`admin.preview.viewer.${choice}`)}
          />
          <p id="preview-viewer-help" className="field-help">{t('admin.preview.viewerHelp')}</p>
        </div>
      ) : null}
      {!built || !form || !settings ? <p className="notice">{t('admin.preview.unbuildable')}</p> : (
        <>
          {result ? <p role="status" className={result.ok ? 'notice-ok' : 'notice'}>{t(result.browser ? 'admin.preview.browserOk' : result.ok ? 'admin.preview.serverOk' : 'admin.preview.serverRefused')}</p> : null}
          {view === 'page' && screen ? (
            <PagePreview orgId={orgId} settings={settings} featureFlags={featureFlags} viewer={viewer} screenId={screen.id} onOpenScreen={openScreen}>
              {form}
            </PagePreview>
          ) : form}
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
