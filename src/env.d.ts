/** Injected by vite.config.ts. */
declare const __APP_VERSION__: string;
declare const __BUILD_ID__: string;
