/**
 * The session module as the review tests see it: the demo admin signed in
 * with a fixed token. The user is one object, as the real store keeps it
 * (a new object per read would make useSyncExternalStore loop).
 */
const admin = { sub: 'admin-1', email: 'admin@demo.armwrestling.test' };
export const getAccessToken = () => Promise.resolve('admin-token');
export const getSessionUser = () => admin;
export const subscribe = () => () => undefined;
