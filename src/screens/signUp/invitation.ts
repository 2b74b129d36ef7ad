import type { InvitationParams } from '../../../schemas/signUp/payload.ts';

/**
 * §1/§2 the invitation of a private organisation's sign-up link
 * (`new?contactId={number}&referrer={value}&strOrgId&strContactId&time&key`), or null when the
 * address is not one: the same test as screens.config.ts's private-organisation rule. The sign-up
 * screen passes these on to userInfo and signUp; the server decides whether they are genuine.
 */
export function invitationOf(query: URLSearchParams): InvitationParams | null {
  const contactId = query.get('contactId') ?? '';
  if (!/^\d+$/.test(contactId) || (query.get('referrer') ?? '') === '') return null;
  return {
    contactId,
    strOrgId: query.get('strOrgId') ?? '',
    strContactId: query.get('strContactId') ?? '',
    time: query.get('time') ?? '',
    key: query.get('key') ?? '',
  };
}
