import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { buildSignUpSchema } from '../../../schemas/forms/buildSignUpSchema.ts';
import type { SignUpFormData } from '../../../schemas/signUp/formData.ts';
import { toPayload } from '../../../schemas/signUp/toPayload.ts';
import { universalProfileRedirect } from '../../../schemas/universalProfile.ts';
import { navigation } from '../../api/client.ts';
import { signUp, userInfo } from '../../api/registration.ts';
import { useBuiltForm } from '../../forms/index.ts';
import { useOrg } from '../../org/OrgContext.tsx';
import { LoadingBar } from '../../ui/LoadingBar.tsx';
import { invitationOf } from './invitation.ts';
import { prefillFromUserInfo } from './prefill.ts';
import { SignUpForm } from './SignUpForm.tsx';
import { SignUpProblem } from './SignUpProblem.tsx';
import { prefillOf, usePrefill } from './usePrefill.ts';
import { PageHeading } from '../../components/PageHeading.tsx';

/**
 * §2 `/{orgId}/new`: the sign-up page (standard variant of the sign-up builder). With an invitation
 * link (§1 private organisations, or an invited contact of a public one) the invited contact's names,
 * e-mail and paths fill the form (userInfo), and the invitation goes with the sign-up so the server
 * completes that contact; a link userInfo refuses gets a page saying why, with a link to login.
 * §2 "If the flag forcing new accounts to the universal profile is on …" sends the browser away first.
 */
export default function SignUpScreen() {
  const { t, i18n } = useTranslation();
  const { boot, flags } = useOrg();
  const { orgId, organization: org } = boot;
  const [params] = useSearchParams();
  const search = params.toString();
  const invitation = useMemo(() => invitationOf(new URLSearchParams(search)), [search]);
  const external = universalProfileRedirect(org, flags, orgId);
  const { form, validator } = useBuiltForm(orgId, org, 'signUp', buildSignUpSchema, { featureFlags: flags, signUpVariant: 'standard' }, 'signup');

  useEffect(() => {
    if (external) navigation.assign(external);
  }, [external]);

  const load = useMemo(() => {
    if (external || !invitation) return null;
    const fields = new Set(Object.keys(form.schema.properties ?? {}));
    return async (signal: AbortSignal) => prefillOf(
      await userInfo(orgId, invitation, signal),
      (info) => prefillFromUserInfo(info, fields, org.defaultCountry),
      (key) => i18n.exists(key),
    );
  }, [external, invitation, form, orgId, org.defaultCountry, i18n]);
  const prefill = usePrefill(load);

  const send = useCallback(
    (values: SignUpFormData) => signUp(orgId, invitation, toPayload(values, { orgId, settings: org })),
    [orgId, invitation, org],
  );

  if (external || prefill.status === 'loading') return <LoadingBar />;
  if (prefill.status === 'failed') return <SignUpProblem messageKey="getPrivateUserInfoError" reasonKey={prefill.reasonKey} />;
  return (
    <section className="card" aria-labelledby="sign-up-title" data-screen="signUp">
      <PageHeading id="sign-up-title">{t('page.title.signUp')}</PageHeading>
      {/* An invitation's sign-up greets the invited person by name and names who invited them (issue 11). */}
      {invitation && prefill.data.firstName ? (
        <p className="notice-ok">{t('signup.invitation.greeting', { firstName: prefill.data.firstName, orgName: org.orgName })}</p>
      ) : null}
      <SignUpForm form={form} validator={validator} initialData={prefill.data} send={send} />
    </section>
  );
}
