/** Injected by vite `define` from the SECTOR environment variable at build time. */
declare const __SECTOR__: string;
