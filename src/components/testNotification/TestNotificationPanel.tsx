import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { getTestNotificationPermission, sendTestNotification, type TestNotificationPermissionAnswer, type TestNotificationReply } from '../../api/testNotification.ts';

/**
 * "Send a test notification" (§2 home and profile: "'send test notification' with captcha when
 * permitted"; §4 "Test notification: captcha verified enables send; result success or warning with
 * message"; issue 12 "Test notification, for real"). A disclosure: closed, it is one button and loads
 * nothing; opened, it asks the server whether the member may send one and to which paths, and loads
 * the captcha (the self-hosted ALTCHA widget, altchaWidget.ts, as a script of its own; Google
 * reCAPTCHA's checkbox, recaptchaWidget.ts, where the organisation set a site key). The member
 * picks a path, solves the captcha and sends; the server's message shows as a success or a warning.
 *
 * Not mounted on a screen here: home and profile place it (`orgId`, `contactId` of the member).
 */
export interface TestNotificationPanelProps {
  orgId: string;
  contactId: number;
  /** Open from the start (the panel's own button opens it otherwise). */
  initiallyOpen?: boolean;
}

type Outcome = { ok: boolean; message: string } | null;
/** A captcha widget, loaded on demand: draws itself into a box (answering how to take it away) and starts afresh. */
interface CaptchaWidget {
  mount(box: HTMLElement): () => void;
  reset(box: HTMLElement): void;
}

/** The widget's language from the portal's (`de_DE` → `de`). */
const widgetLanguage = (lang: string) => lang.split('_')[0]!.toLowerCase();

export function TestNotificationPanel({ orgId, contactId, initiallyOpen = false }: TestNotificationPanelProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(initiallyOpen);
  const [permission, setPermission] = useState<TestNotificationPermissionAnswer | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [pathId, setPathId] = useState<number | null>(null);
  const [solution, setSolution] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [captchaMissing, setCaptchaMissing] = useState(false);
  const [captchaUnavailable, setCaptchaUnavailable] = useState(false);
  const captchaBox = useRef<HTMLDivElement>(null);
  const resetCaptcha = useRef<((box: HTMLElement) => void) | null>(null);

  // Opened: the permission and the paths.
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    void getTestNotificationPermission(orgId, contactId, controller.signal).then((result) => {
      if (result.isCanceled) return;
      if (result.hasError || !result.data) return setLoadFailed(true);
      setPermission(result.data);
      setPathId((current) => current ?? result.data.paths.find((path) => path.retryAfterSeconds === 0)?.pathId ?? result.data.paths[0]?.pathId ?? null);
    });
    return () => controller.abort();
  }, [open, orgId, contactId]);

  // The captcha, once the server named it: the ALTCHA widget (or reCAPTCHA's script) is fetched only now.
  const captcha = permission?.permission ? permission.captcha : null;
  const challengeUrl = captcha?.kind === 'altcha' ? captcha.challengeUrl : null;
  const siteKey = captcha?.kind === 'recaptcha' ? captcha.siteKey : null;
  const scriptUrl = captcha?.kind === 'recaptcha' ? captcha.scriptUrl : null;
  const language = widgetLanguage(i18n.language || 'en_US');
  useEffect(() => {
    if (!challengeUrl && !(siteKey && scriptUrl)) return;
    let unmount: (() => void) | null = null;
    let gone = false;
    const onChange = (solved: string | null) => {
      setSolution(solved);
      if (solved) setCaptchaMissing(false);
    };
    // Either widget as one shape: how to draw it into the box, and how to start it afresh after a send.
    const widget: Promise<CaptchaWidget> = challengeUrl
      ? import('./altchaWidget.ts').then((module) => ({ reset: module.resetAltcha, mount: (box) => module.mountAltcha(box, { challengeUrl, language, onChange }) }))
      : import('./recaptchaWidget.ts').then((module) => ({
        reset: module.resetRecaptcha,
        mount: (box) => module.mountRecaptcha(box, { siteKey: siteKey!, scriptUrl: scriptUrl!, language, onChange, onUnavailable: () => setCaptchaUnavailable(true) }),
      }));
    void widget.then(({ mount, reset }) => {
      if (gone || !captchaBox.current) return;
      resetCaptcha.current = reset;
      unmount = mount(captchaBox.current);
    });
    return () => {
      gone = true;
      unmount?.();
    };
  }, [challengeUrl, siteKey, scriptUrl, language]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending || pathId === null) return;
    if (!solution) return setCaptchaMissing(true);
    setSending(true);
    setOutcome(null);
    const result = await sendTestNotification(orgId, contactId, { 'g-recaptcha-response': solution, pathId: String(pathId) }, i18n.language || 'en_US');
    setSending(false);
    // A solution is used once, whatever the answer: the next send needs a new one.
    setSolution(null);
    if (captchaBox.current) resetCaptcha.current?.(captchaBox.current);
    setOutcome(outcomeOf(result.data, result.hasError, t));
    // The path's 5 minutes start now: ask again what may be sent.
    const fresh = await getTestNotificationPermission(orgId, contactId);
    if (!fresh.hasError && fresh.data) setPermission(fresh.data);
  }

  if (!open) {
    return (
      <section className="test-notification" aria-labelledby="test-notification-title">
        <h2 id="test-notification-title">{t('testNotification.title')}</h2>
        <button type="button" className="button" aria-expanded="false" onClick={() => setOpen(true)}>{t('testNotification.title')}</button>
      </section>
    );
  }

  const paths = permission?.paths ?? [];
  const chosen = paths.find((path) => path.pathId === pathId);
  return (
    <section className="test-notification" aria-labelledby="test-notification-title">
      <h2 id="test-notification-title">{t('testNotification.title')}</h2>
      <p>{t('testNotification.intro')}</p>
      {loadFailed ? <p role="alert" className="notice">{t('testNotification.loadFailed')}</p> : null}
      {!permission && !loadFailed ? <p role="status">{t('testNotification.loading')}</p> : null}
      {permission && !paths.length ? <p className="notice">{t('testNotification.noPaths')}</p> : null}
      {permission && paths.length && !permission.permission && !paths.some((path) => path.retryAfterSeconds === 0)
        ? <p className="notice">{t('testNotification.tooSoon', { minutes: Math.ceil(Math.min(...paths.map((path) => path.retryAfterSeconds)) / 60) })}</p>
        : null}
      {permission && paths.length && !permission.permission && paths.some((path) => path.retryAfterSeconds === 0)
        ? <p className="notice">{t('testNotification.notPermitted')}</p>
        : null}
      {permission?.permission && paths.length ? (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <div className="field">
            <label className="field-label" htmlFor="test-notification-path">{t('testNotification.path.label')}</label>
            <select id="test-notification-path" className="input" value={pathId ?? ''} onChange={(event) => setPathId(Number(event.currentTarget.value))}>
              {paths.map((path) => (
                <option key={path.pathId} value={path.pathId}>
                  {path.retryAfterSeconds > 0
                    ? t('testNotification.waitPath', { name: `${path.name} (${path.maskedValue})`, minutes: Math.ceil(path.retryAfterSeconds / 60) })
                    : `${path.name} (${path.maskedValue})`}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="field">
            <legend>{t('testNotification.captcha.label')}</legend>
            <div ref={captchaBox} className="test-notification-captcha" />
            {captchaUnavailable ? <p role="alert" className="notice">{t('captcha.unavailable')}</p> : null}
            {captchaMissing ? <p role="alert" className="form-error">{t('testNotification.captcha.required')}</p> : null}
          </fieldset>
          <button type="submit" className="button button-primary" aria-disabled={sending || (chosen?.retryAfterSeconds ?? 0) > 0 ? 'true' : undefined}>
            {sending ? t('testNotification.sending') : t('testNotification.send')}
          </button>
        </form>
      ) : null}
      {outcome ? <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'notice-ok' : 'notice'}>{outcome.message}</p> : null}
    </section>
  );
}

/** §4 "result success or warning with message": the server's message, or the refusal's in the catalogue. */
function outcomeOf(data: TestNotificationReply | null, hasError: boolean, t: (key: string, options?: Record<string, unknown>) => string): Outcome {
  if (!hasError && data && typeof data.success === 'boolean') return { ok: data.success, message: data.message ?? '' };
  if (data?.message) return { ok: false, message: data.message };
  const minutes = Math.max(1, Math.ceil((data?.retryAfterSeconds ?? 300) / 60));
  return { ok: false, message: t(data?.errorCode ?? 'testNotification.loadFailed', { minutes, defaultValue: t('testNotification.loadFailed') }) };
}
