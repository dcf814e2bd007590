import { openDeps } from '../../src/server/bootstrap';
import { formatAmount, parseAmountCents } from '../../src/shared/finnish/amount';
import { creditByOperator } from '../../src/server/modules/payments/balance';

// `node --import tsx e2e/helpers/creditBalance.ts 12,50` with DATA_DIR of an e2e server:
// the operator's balance credit (the CLI's function) for the first association.

const cents = parseAmountCents(process.argv[2] ?? '');
if (cents === null || cents <= 0) throw new Error(`bad amount ${String(process.argv[2])}`);
const { deps, handle } = await openDeps(process.env);
try {
  const tenant = await deps.db.selectFrom('tenants').select('id').orderBy('id').executeTakeFirstOrThrow();
  const after = await creditByOperator(deps, tenant.id, cents, 'Ylläpidon lisäys (e2e)');
  console.log(`Saldo: ${formatAmount(after)}`);
} finally {
  deps.mailer.close();
  await handle.destroy();
}
