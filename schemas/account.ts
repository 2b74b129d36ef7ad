/**
 * The signed-in member as the boot calls return it (§3 Account, §7 `GET /rest/init/account`:
 * account.id, account.name). `null` means a visitor.
 */
export interface Account {
  id: number;
  name: string;
  /** The login name (null for a public-portal account, which signs in at the portal); the change-password call sends it as loginId. */
  username: string | null;
  timeZone: string | null;
  registered: boolean;
  isMigrated: boolean;
  /** Per-member event flag; `null` falls back to the organisation's showEvent (§2 nav). */
  showEvent: boolean | null;
  showOnCallSchedule: boolean;
  showDirectoryChat: boolean;
}
