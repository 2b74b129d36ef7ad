import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** §8 "Save: 'ssp.save.success' / 'ssp.register.saveProfile.fail'": what a refused save says when the answer names no key of its own. */
export const SAVE_FAILED = 'ssp.register.saveProfile.fail';

/** §9 "success box focus 5 ms". */
const SUCCESS_FOCUS_DELAY_MS = 5;

/**
 * §2 an edit page's success box after a save that stays on the page (additional information's
 * 'ssp.save.success', subscriptions' 'home.alert.box.message.mySubscriptions'): a status line that
 * takes the focus §9's 5 ms after it appears, so a screen reader says it and the keyboard starts there.
 */
export function SavedNotice({ messageKey, focus = true }: { messageKey: string; focus?: boolean }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLParagraphElement>(null);
  // `focus` false: a dialog opened with it keeps the focus (the subscriptions page's weather warning).
  useEffect(() => {
    if (!focus) return;
    const timer = setTimeout(() => ref.current?.focus(), SUCCESS_FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [focus]);
  return <p className="notice-ok" role="status" tabIndex={-1} ref={ref}>{t(messageKey)}</p>;
}
