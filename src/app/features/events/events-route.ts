import { lazyRouteComponent } from '@tanstack/react-router';

/** The events page loads in its own chunk: it is not on the first screen's JavaScript budget. */
export const EventsScreen = lazyRouteComponent(() => import('./EventsScreen.tsx'), 'EventsScreen');
