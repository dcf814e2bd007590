import type { Config } from '../../../config';
import { renderEmail } from '../../messages/email-render';
import { createLetterProvider, createPdfProvider } from '../../letters/provider';
import type { Providers } from '../providers';
import { createFileEmailProvider, createSmtpEmailProvider, type RenderEmail } from './email';
import { createFileSmsProvider, createGatewayApiProvider } from './sms';

// One provider per medium, chosen by configuration; each has a default that needs nothing.
export interface ProviderOverrides {
  render?: RenderEmail;
  /** SMTP connections in flight at once. */
  maxConnections?: number;
}

export function createProviders(config: Config, over: ProviderOverrides = {}): Providers {
  const render = over.render ?? renderEmail;
  const email = config.smtpUrl
    ? createSmtpEmailProvider({ config, render, smtpUrl: config.smtpUrl, ...(over.maxConnections ? { maxConnections: over.maxConnections } : {}) })
    : createFileEmailProvider({ config, render });
  const sms = config.outbox.smsUrl ? createGatewayApiProvider(config) : createFileSmsProvider(config);
  const dir = config.outbox.letterDir;
  return { email, sms, letter: createLetterProvider({ dir }), pdf: createPdfProvider({ dir }) };
}

/** Closes every provider's connections. */
export async function closeProviders(p: Providers): Promise<void> {
  for (const provider of new Set(Object.values(p))) await provider.close?.();
}

