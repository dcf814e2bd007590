import type { FastifyInstance } from 'fastify';
import { EDIT_LINK_HEADER } from '../../shared/constants';
import { Client, type Reply } from './harness';

/** A browser on the pages opened by a personal link: no session, the link's token in x-edit-link on every call. */
export class LinkClient extends Client {
  constructor(app: FastifyInstance, host: string, readonly token: string, ip?: string) {
    super(app, host, ip === undefined ? {} : { ip });
  }
  override request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
    return super.request(method, url, body, { [EDIT_LINK_HEADER]: this.token, ...headers });
  }
}
