/**
 * §2 Home "time-zone warning if device zone differs": two zone names differ for a member when their
 * clocks do, now (America/Chicago and US/Central are one zone; Europe/Berlin and Europe/Paris read
 * the same time). A zone the browser does not know never warns.
 */
export function timeZoneDiffers(profileZone: string, deviceZone: string, at: Date): boolean {
  const offset = (zone: string) => {
    try {
      const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(at);
      return parts.find((part) => part.type === 'timeZoneName')?.value ?? null;
    } catch {
      return null;
    }
  };
  const profile = offset(profileZone);
  const device = offset(deviceZone);
  return profile !== null && device !== null && profile !== device;
}
