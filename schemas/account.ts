/**
 * The signed-in member as the boot calls return it (§3 Account, §7 `GET /rest/init/account`:
 * account.id, account.name). `null` means a visitor. Defined once as the boot answers' JSON Schema
 * (schemas/api/boot.ts): `username` is null for a public-portal account (it signs in at the portal),
 * `showEvent` null falls back to the organisation's showEvent (§2 nav).
 */
export type { Account } from './api/boot.ts';
