import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { buildChangePasswordSchema } from '../../schemas/forms/buildChangePasswordSchema.ts';
import { changePassword } from '../api/accounts.ts';
import { navigation, setCsrfToken } from '../api/client.ts';
import { done, FormAlert, refused, SchemaForm, useBuiltForm, useSubmission, type SubmitOutcome } from '../forms/index.ts';
import { useOrg } from '../org/OrgContext.tsx';

/** §3 "Change-password form: currentPassword, newPassword, confirmPassword". */
export interface ChangePasswordData {
  currentPassword?: string;
  newPassword?: string;
  confirmPassword?: string;
}

/**
 * §7 `POST /{org}/changePassword` (form loginId, oldPassword, newPassword), shared by the modal and
 * the expired-password form (§4; it passes the `expiredToken` of the login that found the password
 * expired). Success rotates a signed-in session: its new CSRF token is taken at
 * once, then `onChanged`. Status 'timeout' (the session ended meanwhile) goes to login (§8).
 * §8 "'ssp.password.change.failed' when no error code (a returned errorCode shown instead)".
 */
export async function requestPasswordChange(
  orgId: string, loginId: string, values: ChangePasswordData, onChanged: () => void, expiredToken?: string,
): Promise<SubmitOutcome<ChangePasswordData>> {
  const result = await changePassword(orgId, {
    loginId, oldPassword: values.currentPassword ?? '', newPassword: values.newPassword ?? '', ...(expiredToken === undefined ? {} : { expiredToken }),
  });
  const answer = result.data ?? {};
  if (!result.hasError && answer.status === '1') {
    if (answer.CSRF_TOKEN_FOR_SESSION) setCsrfToken(answer.CSRF_TOKEN_FOR_SESSION);
    onChanged();
    return done({ leaving: true });
  }
  if (!result.hasError && answer.status === 'timeout') {
    navigation.assign(`/${encodeURIComponent(orgId)}/login`);
    return done({ leaving: true });
  }
  // A locked account (the one lock-out of every password check) says for how long.
  if (answer.fedrampLockTime !== undefined) {
    return { kind: 'refused', errors: [], message: { key: 'ssp.request.account.locked.fedRamp', params: { minutes: answer.fedrampLockTime } }, data: values };
  }
  return refused(answer, { fallbackKey: 'ssp.password.change.failed' });
}

interface ChangePasswordFormProps {
  onCancel: () => void;
  /** The password was changed (the session rotated); the opener closes the dialog and says so. */
  onChanged: () => void;
}

/**
 * The change-password builder's form inside the modal (src/components/ChangePasswordDialog.tsx),
 * loaded with the form engine only when the dialog first opens.
 */
export default function ChangePasswordForm({ onCancel, onChanged }: ChangePasswordFormProps) {
  const { t } = useTranslation();
  const { boot, flags, account } = useOrg();
  const { form, validator } = useBuiltForm(boot.orgId, boot.organization, 'changePassword', buildChangePasswordSchema, { featureFlags: flags }, 'edit');
  const submission = useSubmission<ChangePasswordData>({}, (values) => requestPasswordChange(boot.orgId, account?.username ?? '', values, onChanged));
  const container = useRef<HTMLDivElement>(null);

  // Drawn after the dialog opened (this chunk or the form's validator loading), the dialog itself
  // holds the focus: it moves to the first field. (Drawn at once, the dialog focuses the field itself;
  // focusing here first would make the dialog take the field for the opener it returns the focus to.)
  const focusFirstField = useCallback(() => {
    const dialog = container.current?.closest('[role="dialog"]');
    if (dialog && document.activeElement === dialog) container.current?.querySelector<HTMLElement>('input')?.focus();
  }, []);

  return (
    <div ref={container}>
      <FormAlert message={submission.message} />
      <SchemaForm idPrefix="change-password" form={form} validator={validator} {...submission.form} submitLabelKey="changePassword.submit" onShown={focusFirstField}>
        <button type="button" className="button" onClick={onCancel}>{t('form.dialog.cancel')}</button>
      </SchemaForm>
    </div>
  );
}
