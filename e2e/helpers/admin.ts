// The demo admin the e2e server is started with (playwright.config.ts webServer env).
export const E2E_ADMIN = { email: 'admin@example.fi', password: 'Testi-Salasana-123' } as const;

/** The default tenant's name on a fresh DATA_DIR. */
export const ASSOCIATION_NAME = 'Demoyhdistys ry';
