import type { MessageMedia } from '../../../shared/messages/media';
import type { MessageKind } from '../../db/schema';

// What the worker hands to a provider and what it gets back. Each medium has one provider,
// chosen by configuration, with a zero-config default that writes files under DATA_DIR/outbox/.

/** One claimed delivery with everything needed to send it. */
export interface OutgoingDelivery {
  deliveryId: number;
  tenantId: number;
  messageId: number;
  memberId: number | null;
  medium: MessageMedia;
  /** Email address, E.164 number, or the postal address as one line. */
  address: string;
  subject: string;
  /** HTML for email and letters, plain text for SMS. */
  content: string;
  /** The association's name and reply-to address. */
  senderName: string;
  replyTo: string;
  /** The association's own hostname, for the From address of email (null: PUBLIC_URL's host). */
  senderHost?: string | null;
  /**
   * A document made for this one recipient (an invoice or a reminder): a letter or a PDF is
   * this file as it is, and an email carries it as an attachment.
   */
  document?: DeliveryDocument;
}

export interface DeliveryDocument {
  filename: string;
  pdf: Buffer;
  pages: number;
}

/**
 * Makes one delivery of a message kind personal (each invoice has its own number, amount,
 * reference and PDF): returns the delivery with its own subject, content and document.
 * Throwing fails the delivery as `bounced` with the error: the same input fails again.
 */
export type Personalise = (d: OutgoingDelivery) => Promise<OutgoingDelivery>;
export type Personalisers = Partial<Record<MessageKind, Personalise>>;

/**
 * The provider's answer. `sent` with the provider's id; `retry` when the failure is known to
 * have happened before the provider accepted the message (connection refused, SMTP 4xx,
 * HTTP 5xx without an id); `bounced` for a permanent refusal.
 */
export type ProviderResult =
  | { outcome: 'sent'; ref: string }
  | { outcome: 'retry'; error: string }
  | { outcome: 'bounced'; error: string };

export interface Provider {
  send(d: OutgoingDelivery): Promise<ProviderResult>;
  close?(): Promise<void> | void;
}

export type Providers = Record<MessageMedia, Provider>;
