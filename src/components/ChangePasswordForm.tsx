import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildChangePasswordSchema } from '../../schemas/forms/buildChangePasswordSchema.ts';
import type { FieldError } from '../../schemas/forms/types.ts';
import { api, navigation, setCsrfToken } from '../api/client.ts';
import { paths } from '../api/paths.ts';
import { useOrg } from '../org/OrgContext.tsx';
import { SchemaForm } from '../forms/index.ts';

/** §3 "Change-password form: currentPassword, newPassword, confirmPassword". */
export interface ChangePasswordData {
  currentPassword?: string;
  newPassword?: string;
  confirmPassword?: string;
}

/** §7 `POST /{org}/changePassword` answer. */
interface ChangePasswordAnswer {
  status?: string;
  CSRF_TOKEN_FOR_SESSION?: string;
  errorCode?: string;
  errors?: FieldError[];
}

export type PasswordChangeOutcome =
  | { kind: 'changed' }
  | { kind: 'timeout' }
  /** Field errors to show inline, or else the message key above the form. */
  | { kind: 'refused'; errors: FieldError[]; messageKey: string | null };

/**
 * §7 `POST /{org}/changePassword` (form loginId, oldPassword, newPassword), shared by the modal and
 * the expired-password form (§4). Success rotates a signed-in session: its new CSRF token is taken
 * at once. §8 "'ssp.password.change.failed' when no error code (a returned errorCode shown instead)".
 */
export async function requestPasswordChange(orgId: string, loginId: string, values: ChangePasswordData): Promise<PasswordChangeOutcome> {
  const result = await api.post<ChangePasswordAnswer | null>(paths.changePassword(orgId), {
    form: { loginId, oldPassword: values.currentPassword ?? '', newPassword: values.newPassword ?? '' },
  });
  const answer = result.data ?? {};
  if (!result.hasError && answer.status === '1') {
    if (answer.CSRF_TOKEN_FOR_SESSION) setCsrfToken(answer.CSRF_TOKEN_FOR_SESSION);
    return { kind: 'changed' };
  }
  if (!result.hasError && answer.status === 'timeout') return { kind: 'timeout' };
  const errors = answer.errors ?? [];
  return { kind: 'refused', errors, messageKey: errors.length > 0 ? null : answer.errorCode ?? 'ssp.password.change.failed' };
}

interface ChangePasswordFormProps {
  onCancel: () => void;
  /** The password was changed (the session rotated); the opener closes the dialog and says so. */
  onChanged: () => void;
}

/**
 * The change-password builder's form inside the modal (src/components/ChangePasswordDialog.tsx),
 * loaded with the form engine only when the dialog first opens.
 * Status 'timeout' (the session ended) goes to login (§8).
 */
export default function ChangePasswordForm({ onCancel, onChanged }: ChangePasswordFormProps) {
  const { t } = useTranslation();
  const { boot, flags, account } = useOrg();
  const orgId = boot.orgId;
  const form = useMemo(() => buildChangePasswordSchema(boot.organization, { featureFlags: flags }, 'edit'), [boot.organization, flags]);
  const [data, setData] = useState<ChangePasswordData>({});
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [messageKey, setMessageKey] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const container = useRef<HTMLDivElement>(null);

  // Loaded after the dialog opened, the dialog itself holds the focus: it moves to the first field.
  // (Already loaded, the form is there when the dialog opens, and the dialog focuses the field itself;
  // focusing here first would make the dialog take the field for the opener it returns the focus to.)
  useEffect(() => {
    const dialog = container.current?.closest('[role="dialog"]');
    if (dialog && document.activeElement === dialog) container.current?.querySelector<HTMLElement>('input')?.focus();
  }, []);

  async function submit(values: ChangePasswordData) {
    setBusy(true);
    setMessageKey(null);
    const outcome = await requestPasswordChange(orgId, account?.username ?? '', values);
    if (outcome.kind === 'changed') {
      onChanged();
      return;
    }
    if (outcome.kind === 'timeout') {
      navigation.assign(`/${encodeURIComponent(orgId)}/login`);
      return;
    }
    setBusy(false);
    setData(values);
    setServerErrors(outcome.errors);
    setMessageKey(outcome.messageKey);
  }

  return (
    <div ref={container}>
      {messageKey ? (
        <p role="alert" className="form-alert">{t(messageKey, { defaultValue: t('ssp.password.change.failed') })}</p>
      ) : null}
      <SchemaForm
        idPrefix="change-password"
        form={form}
        formData={data}
        onChange={setData}
        onSubmit={(values) => void submit(values)}
        serverErrors={serverErrors}
        disabled={busy}
        submitLabelKey="changePassword.submit"
      >
        <button type="button" className="button" onClick={onCancel}>{t('form.dialog.cancel')}</button>
      </SchemaForm>
    </div>
  );
}
