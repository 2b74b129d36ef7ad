/**
 * The boot data of §7 and the refusal body of §8, as the browser and the server name them. Defined
 * once as JSON Schemas in schemas/api/ (boot.ts, common.ts); these are their derived types.
 */
import type { Refusal } from './api/common.ts';

/** §3 "Nav config: showNotification, showWeather, showEvent", derived from the settings by the server. */
export type { NavConfig } from './api/boot.ts';

/** The answer of `GET /rest/init?orgId[&accessKey]` (§7 "boot data"). */
export type { BootAnswer as BootData } from './api/boot.ts';

/** The error body of every refused API call (§8): a message key, never a stack trace. */
export type ApiErrorBody = Refusal;
