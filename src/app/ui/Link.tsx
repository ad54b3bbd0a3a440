import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { hrefOf, navigate, type AppPath, type NavigateOptions, type SearchInput } from '../lib/navigation.ts';

interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: AppPath;
  search?: SearchInput;
  state?: NavigateOptions['state'];
}

/**
 * A link to a screen of the app: a real `<a href>` (it opens in a new tab, copies, and works before the app's
 * JavaScript runs), whose plain click navigates in place with the history state given.
 */
export function Link({ to, search, state, onClick, ...rest }: LinkProps) {
  return (
    <a
      {...rest}
      href={hrefOf(to, search)}
      onClick={(e: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(e);
        // A click with a modifier key, another button or a target is the browser's (new tab, new window, …).
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        if (rest.target && rest.target !== '_self') return;
        e.preventDefault();
        navigate({ to, search, state });
      }}
    />
  );
}
