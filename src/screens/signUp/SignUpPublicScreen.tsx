import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { buildSignUpSchema } from '../../../schemas/forms/buildSignUpSchema.ts';
import type { SignUpFormData } from '../../../schemas/signUp/formData.ts';
import { toPayload } from '../../../schemas/signUp/toPayload.ts';
import { getPublicProfile, register } from '../../api/publicProfile.ts';
import { useBuiltForm } from '../../forms/index.ts';
import { useOrg } from '../../org/OrgContext.tsx';
import { LoadingBar } from '../../ui/LoadingBar.tsx';
import { prefillFromPublicProfile } from './prefill.ts';
import { SignUpForm } from './SignUpForm.tsx';
import { SignUpProblem } from './SignUpProblem.tsx';
import { prefillOf, usePrefill } from './usePrefill.ts';
import { PageHeading } from '../../components/PageHeading.tsx';

/** §4 "Entering a public profile id sets session flag isPublicPortalEnabled true". */
export const PUBLIC_PORTAL_SESSION_FLAG = 'isPublicPortalEnabled';

/**
 * §2 `/{orgId}/new-profile?token=…`: the public-portal variant of sign-up. The public profile the
 * token opens (getPublicProfile) fills the public variant's form (names, e-mail, contact paths; its id
 * is the hidden publicProfileId); the account is created by register with the token as proof. A
 * missing or unknown token gets a page saying so (§8 fetchPublicProfileError), with a link to login.
 */
export default function SignUpPublicScreen() {
  const { t, i18n } = useTranslation();
  const { boot, flags } = useOrg();
  const { orgId, organization: org } = boot;
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { form, validator } = useBuiltForm(orgId, org, 'signUp', buildSignUpSchema, { featureFlags: flags, signUpVariant: 'public' }, 'signup');

  const load = useMemo(() => {
    if (!token) return null;
    const fields = new Set(Object.keys(form.schema.properties ?? {}));
    return async (signal: AbortSignal) => prefillOf(
      await getPublicProfile(token, signal),
      (profile) => prefillFromPublicProfile(profile, fields, org.defaultCountry),
      (key) => i18n.exists(key),
    );
  }, [token, form, org.defaultCountry, i18n]);
  const prefill = usePrefill(load);

  const send = useCallback((values: SignUpFormData) => register(toPayload(values, { orgId, settings: org, token })), [orgId, org, token]);

  if (!token) return <SignUpProblem messageKey="fetchPublicProfileError" reasonKey="publicProfile.token.missing" />;
  if (prefill.status === 'loading') return <LoadingBar />;
  if (prefill.status === 'failed') return <SignUpProblem messageKey="fetchPublicProfileError" reasonKey={prefill.reasonKey} />;
  return (
    <section className="card" aria-labelledby="sign-up-title" data-screen="signUpPublic">
      <PageHeading id="sign-up-title">{t('page.title.signUp')}</PageHeading>
      <SignUpForm
        form={form}
        validator={validator}
        initialData={prefill.data}
        send={send}
        onSignedIn={() => sessionStorage.setItem(PUBLIC_PORTAL_SESSION_FLAG, 'true')}
      />
    </section>
  );
}
