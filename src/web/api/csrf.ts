import { CSRF_COOKIE } from '../../shared/constants';

/** The readable CSRF cookie the server sets on every response. */
export function readCsrfToken(cookieHeader: string = document.cookie): string | null {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === CSRF_COOKIE) {
      const value = part.slice(eq + 1).trim();
      return value === '' ? null : decodeURIComponent(value);
    }
  }
  return null;
}
