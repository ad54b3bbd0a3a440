import { createLazyRoute } from '@tanstack/react-router';
import { RatingsPage } from '../features/ratings/RatingsPage.tsx';

/** `#/ratings`, 'How the rankings work' (its own chunk; linked from the leaderboards and the athlete popup). */
export const Route = createLazyRoute('/ratings')({ component: RatingsPage });
