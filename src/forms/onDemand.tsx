/**
 * A component whose code is fetched the first time one is drawn (issue 10 item 2 "each page loads
 * only what it draws"), like React.lazy, with two differences that keep the forms as they were:
 * - once the code is there, every later one is drawn at once, in the same render (React.lazy
 *   suspends each new lazy element at least once, so a form would flash its fallback again);
 * - until then, or when the code cannot be fetched, `Fallback` is drawn with the same props: a
 *   working control, not a spinner. When the member is in one of its controls as the code arrives,
 *   the control of the same id takes the focus, the caret at the end.
 */
import { useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';

export interface OnDemand<P extends object> {
  /** Draws the loaded component, or `Fallback` and fetches it. */
  Component: ComponentType<P>;
  /** Fetches the code now (once; again after a failure); resolves when it is there. */
  load: () => Promise<ComponentType<P>>;
}

/** Moves the focus back to the control with `id` when it has been lost with the fallback's element. */
function refocus(id: string) {
  if (document.activeElement && document.activeElement !== document.body) return;
  const element = document.getElementById(id);
  if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement)) return;
  element.focus();
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
    try {
      element.setSelectionRange(element.value.length, element.value.length);
    } catch {
      // Inputs without a caret (checkbox) take the focus only.
    }
  }
}

export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>, Fallback: ComponentType<P>, name: string): OnDemand<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const start = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };

  function Drawn(props: P) {
    const [Component, setComponent] = useState<ComponentType<P> | null>(() => loaded);
    const focusedId = useRef<string | null>(null);
    useEffect(() => {
      if (Component) return;
      let drawn = true;
      start().then(
        (component) => {
          if (!drawn) return;
          const active = document.activeElement;
          focusedId.current = active && active !== document.body && active.id ? active.id : null;
          setComponent(() => component);
        },
        // The fallback stays: it works without the code. The next one drawn tries again.
        () => {},
      );
      return () => {
        drawn = false;
      };
    }, [Component]);
    useLayoutEffect(() => {
      if (!Component || !focusedId.current) return;
      refocus(focusedId.current);
      focusedId.current = null;
    }, [Component]);
    return Component ? <Component {...props} /> : <Fallback {...props} />;
  }
  Drawn.displayName = `OnDemand(${name})`;
  return { Component: Drawn, load: start };
}
