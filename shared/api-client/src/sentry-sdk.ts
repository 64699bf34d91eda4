// The two functions of Sentry's browser SDK the apps call. The apps imported the package's whole namespace, so
// their error-tracking chunk carried all of it (session replay, the feedback widget, tracing: 512 kB, 150 kB
// gzipped) although none of that is used; re-exported by name, the bundler keeps only these and what they need.
export { captureException, init } from '@sentry/browser';
