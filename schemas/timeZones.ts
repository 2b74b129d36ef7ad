/**
 * §3 Profile.timezones ("Time zone option: id, displayLabel"): the time zones a member picks from in
 * the profile (and in the quiet-time dialog, §4 "adding needs a time zone"). Ids are IANA zone names,
 * what a browser's `Intl.DateTimeFormat().resolvedOptions().timeZone` says, so the §2 home-page warning
 * ("time-zone warning if device zone differs") compares like with like. Labels give the standard
 * (winter) offset, as such pickers do: a fixed text that does not change twice a year.
 *
 * A fixed list rather than every zone the runtime knows: the same in every browser and on the server
 * (the profile form's `enum`), and short enough to scroll.
 */
import type { TimeZoneOption } from './forms/widgetOptions.ts';

export const TIME_ZONES: readonly TimeZoneOption[] = [
  { id: 'Pacific/Pago_Pago', displayLabel: '(UTC-11:00) American Samoa' },
  { id: 'Pacific/Honolulu', displayLabel: '(UTC-10:00) Hawaii' },
  { id: 'America/Anchorage', displayLabel: '(UTC-09:00) Alaska' },
  { id: 'America/Los_Angeles', displayLabel: '(UTC-08:00) Pacific Time (US & Canada)' },
  { id: 'America/Tijuana', displayLabel: '(UTC-08:00) Baja California' },
  { id: 'America/Phoenix', displayLabel: '(UTC-07:00) Arizona' },
  { id: 'America/Denver', displayLabel: '(UTC-07:00) Mountain Time (US & Canada)' },
  { id: 'America/Chicago', displayLabel: '(UTC-06:00) Central Time (US & Canada)' },
  { id: 'America/Mexico_City', displayLabel: '(UTC-06:00) Guadalajara, Mexico City, Monterrey' },
  { id: 'America/Regina', displayLabel: '(UTC-06:00) Saskatchewan' },
  { id: 'America/New_York', displayLabel: '(UTC-05:00) Eastern Time (US & Canada)' },
  { id: 'America/Indiana/Indianapolis', displayLabel: '(UTC-05:00) Indiana (East)' },
  { id: 'America/Bogota', displayLabel: '(UTC-05:00) Bogota, Lima, Quito' },
  { id: 'America/Halifax', displayLabel: '(UTC-04:00) Atlantic Time (Canada)' },
  { id: 'America/Puerto_Rico', displayLabel: '(UTC-04:00) Puerto Rico' },
  { id: 'America/Caracas', displayLabel: '(UTC-04:00) Caracas' },
  { id: 'America/La_Paz', displayLabel: '(UTC-04:00) La Paz' },
  { id: 'America/Santiago', displayLabel: '(UTC-04:00) Santiago' },
  { id: 'America/St_Johns', displayLabel: '(UTC-03:30) Newfoundland' },
  { id: 'America/Sao_Paulo', displayLabel: '(UTC-03:00) Brasilia' },
  { id: 'America/Argentina/Buenos_Aires', displayLabel: '(UTC-03:00) Buenos Aires' },
  { id: 'Atlantic/Azores', displayLabel: '(UTC-01:00) Azores' },
  { id: 'UTC', displayLabel: '(UTC) Coordinated Universal Time' },
  { id: 'Europe/London', displayLabel: '(UTC+00:00) London, Edinburgh' },
  { id: 'Europe/Dublin', displayLabel: '(UTC+00:00) Dublin' },
  { id: 'Europe/Lisbon', displayLabel: '(UTC+00:00) Lisbon' },
  { id: 'Africa/Abidjan', displayLabel: '(UTC+00:00) Abidjan, Accra, Dakar' },
  { id: 'Europe/Berlin', displayLabel: '(UTC+01:00) Berlin' },
  { id: 'Europe/Amsterdam', displayLabel: '(UTC+01:00) Amsterdam' },
  { id: 'Europe/Brussels', displayLabel: '(UTC+01:00) Brussels' },
  { id: 'Europe/Copenhagen', displayLabel: '(UTC+01:00) Copenhagen' },
  { id: 'Europe/Madrid', displayLabel: '(UTC+01:00) Madrid' },
  { id: 'Europe/Oslo', displayLabel: '(UTC+01:00) Oslo' },
  { id: 'Europe/Paris', displayLabel: '(UTC+01:00) Paris' },
  { id: 'Europe/Rome', displayLabel: '(UTC+01:00) Rome' },
  { id: 'Europe/Stockholm', displayLabel: '(UTC+01:00) Stockholm' },
  { id: 'Europe/Vienna', displayLabel: '(UTC+01:00) Vienna' },
  { id: 'Europe/Warsaw', displayLabel: '(UTC+01:00) Warsaw' },
  { id: 'Africa/Lagos', displayLabel: '(UTC+01:00) West Central Africa' },
  { id: 'Europe/Athens', displayLabel: '(UTC+02:00) Athens' },
  { id: 'Europe/Helsinki', displayLabel: '(UTC+02:00) Helsinki' },
  { id: 'Europe/Bucharest', displayLabel: '(UTC+02:00) Bucharest' },
  { id: 'Africa/Cairo', displayLabel: '(UTC+02:00) Cairo' },
  { id: 'Africa/Johannesburg', displayLabel: '(UTC+02:00) Johannesburg' },
  { id: 'Asia/Jerusalem', displayLabel: '(UTC+02:00) Jerusalem' },
  { id: 'Europe/Istanbul', displayLabel: '(UTC+03:00) Istanbul' },
  { id: 'Europe/Moscow', displayLabel: '(UTC+03:00) Moscow, St. Petersburg' },
  { id: 'Asia/Riyadh', displayLabel: '(UTC+03:00) Riyadh' },
  { id: 'Africa/Nairobi', displayLabel: '(UTC+03:00) Nairobi' },
  { id: 'Asia/Tehran', displayLabel: '(UTC+03:30) Tehran' },
  { id: 'Asia/Dubai', displayLabel: '(UTC+04:00) Abu Dhabi, Dubai' },
  { id: 'Asia/Kabul', displayLabel: '(UTC+04:30) Kabul' },
  { id: 'Asia/Karachi', displayLabel: '(UTC+05:00) Islamabad, Karachi' },
  { id: 'Asia/Kolkata', displayLabel: '(UTC+05:30) Chennai, Kolkata, Mumbai, New Delhi' },
  { id: 'Asia/Kathmandu', displayLabel: '(UTC+05:45) Kathmandu' },
  { id: 'Asia/Dhaka', displayLabel: '(UTC+06:00) Dhaka' },
  { id: 'Asia/Yangon', displayLabel: '(UTC+06:30) Yangon' },
  { id: 'Asia/Bangkok', displayLabel: '(UTC+07:00) Bangkok' },
  { id: 'Asia/Ho_Chi_Minh', displayLabel: '(UTC+07:00) Hanoi, Ho Chi Minh City' },
  { id: 'Asia/Jakarta', displayLabel: '(UTC+07:00) Jakarta' },
  { id: 'Asia/Shanghai', displayLabel: '(UTC+08:00) Beijing, Shanghai' },
  { id: 'Asia/Hong_Kong', displayLabel: '(UTC+08:00) Hong Kong' },
  { id: 'Asia/Taipei', displayLabel: '(UTC+08:00) Taipei' },
  { id: 'Asia/Singapore', displayLabel: '(UTC+08:00) Singapore' },
  { id: 'Asia/Manila', displayLabel: '(UTC+08:00) Manila' },
  { id: 'Australia/Perth', displayLabel: '(UTC+08:00) Perth' },
  { id: 'Asia/Tokyo', displayLabel: '(UTC+09:00) Tokyo' },
  { id: 'Asia/Seoul', displayLabel: '(UTC+09:00) Seoul' },
  { id: 'Australia/Darwin', displayLabel: '(UTC+09:30) Darwin' },
  { id: 'Australia/Adelaide', displayLabel: '(UTC+09:30) Adelaide' },
  { id: 'Australia/Brisbane', displayLabel: '(UTC+10:00) Brisbane' },
  { id: 'Australia/Sydney', displayLabel: '(UTC+10:00) Canberra, Melbourne, Sydney' },
  { id: 'Pacific/Guam', displayLabel: '(UTC+10:00) Guam' },
  { id: 'Pacific/Noumea', displayLabel: '(UTC+11:00) New Caledonia' },
  { id: 'Pacific/Auckland', displayLabel: '(UTC+12:00) Auckland, Wellington' },
  { id: 'Pacific/Fiji', displayLabel: '(UTC+12:00) Fiji' },
  { id: 'Pacific/Tongatapu', displayLabel: '(UTC+13:00) Nuku\u2019alofa' },
];

/** Whether the runtime knows `zone` as an IANA time zone (an event's, an account's). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
