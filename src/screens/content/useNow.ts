import { useEffect, useState } from 'react';

/** How often "25 minutes ago" and the Expired label are brought up to date on an open page. */
const TICK_MS = 30_000;

/** The current time, renewed every TICK_MS while the page is open: a list left open in an emergency keeps telling the truth. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
