/**
 * The real markdown-to-jsx, for src/forms/lazyMarkdown.tsx to load on demand: the one import of
 * `markdown-to-jsx/react` the `lazyMarkdown` plugin of vite.config.ts leaves alone. Its own chunk
 * (named after this file, not "react").
 */
export { Markdown } from 'markdown-to-jsx/react';
