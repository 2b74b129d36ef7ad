import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BuiltForm } from '../../../schemas/forms/types.ts';
import type { SignUpFormData } from '../../../schemas/signUp/formData.ts';
import { navigation, setCsrfToken, type ApiResult } from '../../api/client.ts';
import { checkUsername, type SignUpReply } from '../../api/registration.ts';
import { nextProgressStep } from '../../app/nextProgressStep.ts';
import { useScreenRegistry } from '../../app/ScreenRegistryContext.ts';
import { useScreenContext } from '../../app/useScreenContext.ts';
import { done, FormAlert, refused, SchemaForm, useSubmission, type AsyncCheck } from '../../forms/index.ts';
import { useOrg } from '../../org/OrgContext.tsx';
import { usePlaceLookups } from '../locations/placeLookups.ts';
import { writeFlash } from '../../api/flash.ts';

/** Shown when a refusal names no field and its errorCode has no message of its own (network failure included). */
export const SIGN_UP_FAILED = 'signup.failed';

interface SignUpFormProps {
  /** The sign-up builder's form for the page's variant. */
  form: BuiltForm;
  /** Its precompiled validator's address (useBuiltForm). */
  validator: string;
  initialData: SignUpFormData;
  /** Sends the (trimmed, browser-valid) form data: signUp or register (§7). */
  send: (data: SignUpFormData) => Promise<ApiResult<SignUpReply | null>>;
  /** Runs once the account exists and the session is signed in, before the page is left. */
  onSignedIn?: () => void;
}

/**
 * The sign-up form of both sign-up pages (§2 sections, from the builder; an unticked terms box is
 * refused like any other field, the create button never disabled) and what happens with the answer (§4 Sign-up success):
 * on 200 the rotated session's CSRF token is kept and the browser loads the first sign-up step after
 * the profile anew (§2 "Sign-up flow after saving goes to the first applicable step: locations,
 * subscriptions, information, then review"), so the boot reads the new account; the confirmation
 * waits for home, where the wizard's Finish leads. §4 "otherwise
 * signUpError stored from errorCode … Failure message shows above the create button": field errors go
 * inline; otherwise the errorCode's own message, or SIGN_UP_FAILED for a code the catalogue lacks.
 */
/** The ways to reach the new member they gave, labelled, for the confirmation's summary (src/ui/FlashNotice.tsx). */
function waysToReach(values: SignUpFormData, t: (key: string) => string): string[] {
  const ways: [string, string | undefined][] = [
    ['signup.email.label', values.email],
    ['signup.smsPhone.label', values.smsPhone?.value],
    ['signup.mobilePhone.label', values.mobilePhone?.value],
    ['signup.slack.label', values.slack],
  ];
  return ways.filter(([, value]) => value?.trim()).map(([label, value]) => `${t(label)}: ${value!.trim()}`);
}

export function SignUpForm({ form, validator, initialData, send, onSignedIn }: SignUpFormProps) {
  const { t, i18n } = useTranslation();
  const orgId = useOrg().boot.orgId;
  // The sign-up page is the wizard's profile step: the next step is decided by the organisation's flags alone.
  const nextStep = nextProgressStep(useScreenRegistry().screens, 'profile', useScreenContext()) ?? 'home';
  // §5 username "unused ('ssp.login.username.exist'); availability checked by server only when at
  // least 4 chars and valid" (the widget asks only then); the answer is true when the name is free.
  const usernameFree: AsyncCheck = useCallback(async (value, signal) => {
    const result = await checkUsername(orgId, value, signal);
    if (result.isCanceled || result.hasError) throw new Error('not checked');
    return result.data === true ? true : 'ssp.login.username.exist';
  }, [orgId]);
  const asyncChecks = useMemo(() => ({ username: usernameFree }), [usernameFree]);
  const { geocode: geocodeAddress, checkPlace } = usePlaceLookups(orgId);
  // The language the member is reading in is the one they most likely want their alerts in (issue 11):
  // the field starts there, not at the organisation's default, unless the form was given one.
  const languages = (form.schema.properties?.preferredLanguage as { enum?: unknown[] } | undefined)?.enum ?? [];
  const startData = languages.includes(i18n.language) && !initialData.preferredLanguage
    ? { ...initialData, preferredLanguage: i18n.language }
    : initialData;
  const submission = useSubmission<SignUpFormData>(startData, async (values) => {
    const result = await send(values);
    if (!result.hasError && !result.isCanceled && result.status >= 200 && result.status < 300) {
      const token = result.data?.CSRF_TOKEN_FOR_SESSION;
      if (typeof token === 'string') setCsrfToken(token);
      onSignedIn?.();
      writeFlash({ kind: 'signedUp', username: values.username ?? '', reach: waysToReach(values, t) });
      navigation.assign(`/${encodeURIComponent(orgId)}/${nextStep}`);
      return done({ leaving: true });
    }
    return refused(result.data, { fallbackKey: SIGN_UP_FAILED, isKnown: (key) => i18n.exists(key) });
  });

  return (
    <SchemaForm<SignUpFormData>
      idPrefix="signup"
      form={form}
      validator={validator}
      {...submission.form}
      asyncChecks={asyncChecks}
      geocode={geocodeAddress}
      checkPlace={checkPlace}
      submitLabelKey="signup.create.button"
      // §4 "Failure message shows above the create button".
      aboveSubmit={<FormAlert message={submission.message} />}
    />
  );
}
