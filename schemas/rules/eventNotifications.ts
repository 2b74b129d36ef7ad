/**
 * §2 event notification boxes: the type badge ("2 alert red, 3 advisory yellow, other community
 * green", said in words as well), and §4 "Event notification expired when time since sent exceeds
 * expire hours".
 */
export type EventBadge = 'alert' | 'advisory' | 'community';

export function eventBadgeOf(type: number): EventBadge {
  return type === 2 ? 'alert' : type === 3 ? 'advisory' : 'community';
}

export function isEventNotificationExpired(sentMs: number, expireHours: number | null, nowMs: number): boolean {
  return expireHours !== null && nowMs - sentMs > expireHours * 3_600_000;
}
