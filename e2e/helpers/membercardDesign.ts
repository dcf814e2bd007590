import { openDeps } from '../../src/server/bootstrap';
import * as settingsRepo from '../../src/server/modules/settings/repo';

// `node --import tsx e2e/helpers/membercardDesign.ts <groupId>` with DATA_DIR of an e2e
// server: the card design's settings rows for the first association (the groups that get a
// card and the fields shown), for a journey run before the settings page exists.

const group = Number(process.argv[2]);
if (!Number.isInteger(group) || group <= 0) throw new Error(`bad group id ${String(process.argv[2])}`);
const { deps, handle } = await openDeps(process.env);
try {
  const tenant = await deps.db.selectFrom('tenants').select('id').orderBy('id').executeTakeFirstOrThrow();
  await settingsRepo.set(deps.db, tenant.id, 'membercard_groups', [group]);
  await settingsRepo.set(deps.db, tenant.id, 'membercard_fields', ['member_number']);
} finally {
  deps.mailer.close();
  await handle.destroy();
}
