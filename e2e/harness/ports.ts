/** Where the harness listens; override with E2E_PORT / E2E_CONTROL_PORT when these are taken. */
export const APP_PORT = Number(process.env.E2E_PORT ?? 4173);
export const CONTROL_PORT = Number(process.env.E2E_CONTROL_PORT ?? 4174);
export const APP_URL = `http://127.0.0.1:${APP_PORT}`;
export const CONTROL_URL = `http://127.0.0.1:${CONTROL_PORT}`;
