/**
 * "Sign in with a passkey" at work (issue 15), loaded when its button is pressed: the server's
 * options, the browser's passkey prompt (@simplewebauthn/browser, loaded with it), the answer; once
 * signed in, the page the server names, loaded afresh.
 */
import { navigation } from '../../api/client.ts';
import { passkeySignInOptions, sendPasskeySignIn } from '../../api/secondFactors.ts';
import { refusalOf, type Said } from '../../components/secondFactors/messages.ts';
import { signWithPasskey } from '../../components/secondFactors/webauthn.ts';

/** Signs in with a passkey; null once on the way home, else why not. */
export async function signInWithPasskey(orgId: string): Promise<Said | null> {
  const started = await passkeySignInOptions(orgId);
  if (started.hasError || !started.data?.options) return refusalOf(started.data);
  const signed = await signWithPasskey(started.data.options, started.data.origin);
  if (!signed.ok) return { key: signed.key, params: signed.params };
  const result = await sendPasskeySignIn(orgId, signed.credential);
  const redirect = result.data?.redirect;
  if (!result.hasError && result.data?.status === '1' && redirect?.startsWith('/')) {
    navigation.assign(redirect);
    return null;
  }
  return refusalOf(result.data);
}
