import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../../config';
import { publicBase } from '../../../lib/publicUrl';
import { deliveryToken } from '../tokens';
import type { OutgoingDelivery, Provider } from '../providers';

// SMS through GatewayAPI's REST API (SMS_URL, SMS_TOKEN), or, with no gateway configured, as
// JSON files in DATA_DIR/outbox/sms/. The delivery travels as `userref`, and the gateway
// reports the outcome to /api/1/hooks/sms (hooks/), which finds the row by it.

/** GatewayAPI's sender: at most 11 letters and digits (longer names are cut). */
export function smsSender(name: string): string {
  const s = name.replace(/[^A-Za-z0-9 ]/g, '').trim().slice(0, 11).trim();
  return s === '' ? 'Seura' : s;
}

/** The request body of one message: recipients as numbers without '+', as the gateway wants. */
export function smsRequest(config: Config, d: OutgoingDelivery): Record<string, unknown> {
  const secret = config.outbox.smsHookSecret;
  const base = publicBase(config, { hostname: d.senderHost ?? null });
  return {
    sender: smsSender(d.senderName),
    message: d.content,
    recipients: [{ msisdn: Number(d.address.replace(/[^\d]/g, '')) }],
    userref: deliveryToken(config.sessionSecret, 'sms', d.deliveryId),
    ...(secret ? { callback_url: `${base}/api/1/hooks/sms?secret=${encodeURIComponent(secret)}` } : {}),
  };
}

const REQUEST_TIMEOUT_MS = 30_000;

export function createGatewayApiProvider(config: Config): Provider {
  const url = `${config.outbox.smsUrl!}/rest/mtsms`;
  const token = config.outbox.smsToken ?? '';
  return {
    async send(d) {
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Token ${token}` },
          body: JSON.stringify(smsRequest(config, d)),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      } catch (err) {
        // Refused or unreachable: the gateway never saw it. A timeout may have reached it: not known.
        const cause = (err as { cause?: { code?: string } }).cause;
        if (cause?.code === 'ECONNREFUSED' || cause?.code === 'ENOTFOUND' || cause?.code === 'EAI_AGAIN') return { outcome: 'retry', error: cause.code };
        throw err;
      }
      const text = await res.text();
      let body: { ids?: unknown[]; message?: string } = {};
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        /* not JSON */
      }
      const id = Array.isArray(body.ids) && body.ids.length > 0 ? String(body.ids[0]) : null;
      if (res.ok && id !== null) return { outcome: 'sent', ref: id };
      const error = `HTTP ${res.status} ${(body.message ?? text).slice(0, 300)}`;
      if (res.status >= 400 && res.status < 500) return { outcome: 'bounced', error };
      if (res.status >= 500 && id === null) return { outcome: 'retry', error };
      // 2xx without an id: the gateway answered oddly; whether it sends is not known.
      throw new Error(error);
    },
  };
}

/** No gateway: each SMS is a JSON file (the request it would have been), readable by the server's user only. */
export function createFileSmsProvider(config: Config): Provider {
  const dir = path.join(config.dataDir, 'outbox', 'sms');
  return {
    async send(d) {
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      const file = path.join(dir, `${String(d.deliveryId)}.json`);
      await fs.writeFile(file, JSON.stringify({ to: d.address, ...smsRequest(config, d) }, null, 2) + '\n', { mode: 0o600 });
      return { outcome: 'sent', ref: file };
    },
  };
}
