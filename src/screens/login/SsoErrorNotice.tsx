import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigation } from '../../api/client.ts';
import { claimSsoRetry, ssoErrorKey, ssoStartUrl } from '../sso/ssoErrors.ts';

/**
 * §8 SSO on the login page, where a single sign-on that did not end in a sign-in comes back with
 * `?ssoError={errorCode}&idp={provider}`: `invalid_assertion` starts the sign-in again once with
 * forceAuthn=true (the provider authenticates anew); any other errorCode, or a second
 * `invalid_assertion`, is shown in an alert with its code.
 */
export function SsoErrorNotice({ orgId, code, providerId }: { orgId: string; code: string; providerId: string | null }) {
  const { t } = useTranslation();
  const [retrying] = useState(() => code === 'invalid_assertion' && providerId !== null && claimSsoRetry(orgId, providerId));
  useEffect(() => {
    if (retrying) navigation.assign(ssoStartUrl({ idpDiscoReturnURL: `/sso/${encodeURIComponent(orgId)}/start`, idpDiscoReturnParam: 'idp' }, providerId!, true));
  }, [retrying, orgId, providerId]);
  if (retrying) return <p role="status" className="notice">{t('login.sso.retrying')}</p>;
  return <p role="alert" className="form-alert" data-sso-error={code}>{t(ssoErrorKey(code))} <span className="error-code">({code})</span></p>;
}
