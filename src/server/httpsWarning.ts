import type { Config } from './config';

/**
 * A production-looking start (NODE_ENV=production) without an https PUBLIC_URL: session
 * cookies would travel in clear text unless a trusted proxy says https on every request.
 * Returns the loud start-up warning, or null when there is nothing to warn about.
 */
export function httpsWarning(config: Pick<Config, 'publicUrl' | 'secureCookies' | 'trustProxy'>, env: Record<string, string | undefined> = process.env): string | null {
  if (env.NODE_ENV !== 'production' || config.secureCookies) return null;
  const behindProxy = config.trustProxy.length > 0;
  return [
    '',
    '!!! VAROITUS / WARNING !!!',
    `NODE_ENV=production, mutta PUBLIC_URL ${config.publicUrl ? `(${config.publicUrl}) ei ole https-osoite` : 'puuttuu'}.`,
    behindProxy
      ? 'Evästeet ovat Secure vain, kun TRUST_PROXY-välityspalvelin kertoo yhteyden olevan https. Aseta PUBLIC_URL=https://…'
      : 'Istuntoevästeet kulkevat salaamattomina. Aseta PUBLIC_URL=https://… ja käytä https-välityspalvelinta (TRUST_PROXY).',
    `Production mode without an https PUBLIC_URL: session cookies are not marked Secure${behindProxy ? ' unless the trusted proxy says https' : ''}.`,
    '',
  ].join('\n');
}
