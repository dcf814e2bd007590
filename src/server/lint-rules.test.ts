import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

// The shape rules that `npm run lint` enforces: SQL only in repository files, and no import
// cycles in src/. Linted as if the code sat at the given path, with the project's config.

const eslint = new ESLint({ cwd: process.cwd() });
const ruleIds = async (code: string, filePath: string) => (await eslint.lintText(code, { filePath })).flatMap((r) => r.messages.map((m) => m.ruleId));

const SQL = "import { sql } from 'kysely';\nimport type { Db } from '../../db/kysely';\nexport const ping = (db: Db) => sql`select 1`.execute(db);\nexport const all = (db: Db) => db.selectFrom('members').selectAll().execute();\n";

describe('lint rules of the code shape', () => {
  it('refuses SQL in a service file and accepts it in repository files', async () => {
    expect((await ruleIds(SQL, 'src/server/modules/demo/service.ts')).filter((r) => r === 'no-restricted-syntax')).toHaveLength(2);
    expect(await ruleIds(SQL, 'src/server/modules/demo/repo.ts')).not.toContain('no-restricted-syntax');
    expect(await ruleIds(SQL, 'src/server/modules/demo/ledger-repo.ts')).not.toContain('no-restricted-syntax');
  }, 60_000);

  const dir = fs.mkdtempSync(path.join(process.cwd(), 'src/shared/.cycle-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('refuses an import cycle', async () => {
    fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b();\n");
    fs.writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a';\nexport const b = (): unknown => a;\n");
    const results = await eslint.lintFiles([path.join(dir, 'a.ts')]);
    expect(results.flatMap((r) => r.messages.map((m) => m.ruleId))).toContain('import-x/no-cycle');
  }, 60_000);
});
