import type { AnyRoute, RegisteredRouter } from '@tanstack/react-router';
import type { NavEntry } from '../router.tsx';

export interface NavItem extends NavEntry {
  to: keyof RegisteredRouter['routesByPath'];
}

/**
 * The top bar's links: the screens of the route tree that carry a `nav` entry in their static data, in the
 * tree's order (router.tsx).
 */
export function navItems(routeTree: AnyRoute): NavItem[] {
  const routes = (routeTree.children ?? []) as readonly AnyRoute[];
  return routes.flatMap((route) => {
    const nav = route.options.staticData?.nav;
    return nav ? [{ ...nav, to: route.fullPath as NavItem['to'] }] : [];
  });
}
