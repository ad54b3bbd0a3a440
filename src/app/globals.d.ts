/** Set by vite.config.ts: one id per build. */
declare const __BUILD_ID__: string;
