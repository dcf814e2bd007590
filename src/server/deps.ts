import type { Config } from './config';
import type { Db, Dialect } from './db/kysely';
import type { Clock } from './lib/clock';
import type { Mailer } from './modules/mail/mailer';

/** Everything a service needs from the outside world, passed explicitly (no globals). */
export interface Deps {
  db: Db;
  dialect: Dialect;
  clock: Clock;
  config: Config;
  mailer: Mailer;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
