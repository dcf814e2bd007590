import { sql, type Kysely } from 'kysely';
import { boolCol } from './helpers';

// Each field says whether the public application form shows it
// (fields.on_apply_form). Until now the form showed every field a member may edit,
// which put internal fields such as "Jäsenmaksu maksettu" or "Kunniajäsen" in front of
// the public. New custom fields start off (the column default); existing fields get:
//
// - Fixed fields (names and contact data): on exactly where the form showed them
//   before — names and email always (an application needs them), the others when
//   members may edit them (visibility ≥ 2). An admin who hid the phone keeps it hidden.
// - Existing custom fields: on only when members must fill them in (visibility 3,
//   "required") and the type is not a checkbox or a password. A required field is one
//   the association asks of every member (a birth date, a municipality), so the
//   application keeps asking it. Optional editable fields and checkboxes are where
//   internal flags hide (an editable "Jäsenmaksu maksettu" checkbox was on the form),
//   so they go off: a form that asks too little loses nothing the admin cannot turn
//   back on, one that asks too much shows internal data to anyone.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('fields').addColumn('on_apply_form', 'integer', boolCol(0)).execute();
  await sql`update fields set on_apply_form = 1
    where fixed = 1 and (name in ('firstname', 'lastname', 'email') or visibility >= 2)`.execute(db);
  await sql`update fields set on_apply_form = 1
    where fixed = 0 and visibility = 3 and type not in ('checkbox', 'password', 'heading')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('fields').dropColumn('on_apply_form').execute();
}
