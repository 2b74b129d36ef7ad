/**
 * §3 "weatherCategoryList": the National Weather Service alerts an organisation's Weather topic may
 * offer, by their event codes (NWS Directive 10-1708, the codes of NOAA Weather Radio's SAME), in the
 * order the subscriptions page lists them. The settings schema's enum (org-settings.schema.json
 * `alertSubscriptions.weatherCategoryList`) is this list; a member sees each by its catalogue key
 * `weather.category.<code>`.
 */
export const WEATHER_CATEGORIES = [
  'TOR', 'TOA', 'SVR', 'SVA', 'FFW', 'FLW', 'WSW', 'BZW', 'HWW', 'EHW', 'HUW', 'TRW', 'TSW', 'FWW', 'DSW', 'SPS',
] as const;

export type WeatherCategory = (typeof WEATHER_CATEGORIES)[number];

/** The catalogue key that names a category to a member. */
export const weatherCategoryKey = (code: string) => `weather.category.${code}`;

