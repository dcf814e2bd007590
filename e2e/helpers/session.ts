import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from './admin';

/** Fills and sends the login form on the current /@login page. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Sähköposti').fill(email);
  await page.getByRole('textbox', { name: 'Salasana', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Kirjaudu sisään' }).click();
}

/** Logs in as the demo admin from a fresh /@login and waits for the dashboard. */
export async function loginAsAdmin(page: Page): Promise<void> {
  await page.goto('/@login');
  await submitLogin(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}
