import { forwardRef } from 'react';
import { Link as ReactRouterLink, type LinkProps } from 'react-router';

/** React Router's Link, for MUI's `component` prop (keeps the /user basename). */
export const RouterLink = forwardRef<HTMLAnchorElement, LinkProps>(function RouterLink(props, ref) {
  return <ReactRouterLink ref={ref} {...props} />;
});
