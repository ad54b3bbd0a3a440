import type { AuthVariables } from '../../auth/middleware.ts';

/** How a decision names the admin who made it: their e-mail, else their name, else the token subject. */
export const decidedBy = (user: AuthVariables['user']): string => user.email ?? user.name ?? user.sub;
