import { useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE = 'a[href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Extra class for the dialog box. */
  className?: string;
}

/**
 * A modal dialog (WAI-ARIA dialog pattern): `role="dialog"`, `aria-modal`, named by its title; the
 * focus moves into it (the element marked `data-autofocus`, else the first control), Tab and
 * Shift+Tab stay inside, Escape closes it, and on closing the focus goes back to where it was.
 */
export function Dialog({ title, onClose, children, className }: DialogProps) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);

  // A layout effect: the focus moves in as the dialog appears and back as it goes, before whatever
  // the closing change focuses next (Preact runs plain effects, and their clean-ups, a frame later).
  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const element = box.current;
    const first = element?.querySelector<HTMLElement>('[data-autofocus]') ?? element?.querySelector<HTMLElement>(FOCUSABLE) ?? element;
    first?.focus();
    return () => {
      if (opener && opener.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !box.current) return;
    const focusable = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (focusable.length === 0) {
      event.preventDefault();
      return;
    }
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === box.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="dialog-backdrop">
      <div
        ref={box}
        className={`dialog${className ? ` ${className}` : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="dialog-title">{title}</h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
