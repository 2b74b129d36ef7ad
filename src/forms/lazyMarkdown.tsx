/**
 * Issue 10 item 2 "markdown-to-jsx in no chunk unless a form renders markdown": what @rjsf/core gets
 * when it imports `{ Markdown } from 'markdown-to-jsx/react'` in the browser build (the `lazyMarkdown`
 * plugin of vite.config.ts points every such import but the one of ./markdownLibrary.ts here). rjsf draws
 * markdown only with `ui:enableMarkdownInDescription` / `ui:enableMarkdownInHelp`, which no form of
 * ours sets, and in error texts of a broken schema or a file widget, which ours never draw; so the
 * real library is a chunk of its own, fetched the first time a form renders markdown. Until it has
 * arrived the text is shown as it is written.
 *
 * The tests (vitest.config.ts has no such plugin) and the dev server's pre-bundled rjsf use the real
 * library directly.
 */
import { lazy, Suspense, type ComponentProps } from 'react';
import type { Markdown as RealMarkdown } from 'markdown-to-jsx/react';

export type MarkdownProps = ComponentProps<typeof RealMarkdown>;

const Loaded = lazy(() => import('./markdownLibrary.ts').then((library) => ({ default: library.Markdown })));

/** markdown-to-jsx's `Markdown`, same props, loaded on first use; its text as it is until then. */
export function Markdown(props: MarkdownProps) {
  return (
    <Suspense fallback={props.children ?? null}>
      <Loaded {...props} />
    </Suspense>
  );
}

export default Markdown;
