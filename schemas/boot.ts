import type { Account } from './account.ts';
import type { OrgSettings } from './orgSettings.ts';

/** §3 "Nav config: showNotification, showWeather, showEvent", derived from the settings by the server. */
export interface NavConfig {
  showNotification: boolean;
  showWeather: boolean;
  showEvent: boolean;
}

/** The answer of `GET /rest/init?orgId[&accessKey]` (§7 "boot data"). */
export interface BootData {
  orgId: string;
  organization: OrgSettings;
  navConfig: NavConfig;
  account: Account | null;
  serverVersion: string;
}

/** The error body of every refused API call (§8): a message key, never a stack trace. */
export interface ApiErrorBody {
  errorCode: string;
  message?: string;
}
