import { z } from 'zod';

// GatewayAPI's delivery report (status callback), server to server. Only the fields the
// outbox uses are checked; the gateway may add others.
export const smsReportBody = z.looseObject({
  id: z.union([z.number().int(), z.string().max(40)]),
  msisdn: z.union([z.number().int(), z.string().max(30)]).optional(),
  status: z.string().min(1).max(40),
  userref: z.string().max(200).nullable().optional(),
  error: z.string().max(500).nullable().optional(),
  code: z.union([z.string().max(40), z.number()]).nullable().optional(),
});
export type SmsReportBody = z.infer<typeof smsReportBody>;

export const smsReportQuery = z.object({ secret: z.string().max(500).optional() });

/** Reports that say the message will never arrive. */
export const SMS_FAILED = ['UNDELIVERED', 'REJECTED', 'EXPIRED'];
