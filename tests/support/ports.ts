/** The browser tests' server, and a host name for seeing the app's public (non-dev) face. */
export const TEST_PORT = Number(process.env.E2E_PORT ?? 8799);
export const BASE_URL = `http://localhost:${TEST_PORT}`;
export const PUBLIC_HOST = 'rankings.test';
export const PUBLIC_URL = `http://${PUBLIC_HOST}:${TEST_PORT}`;
