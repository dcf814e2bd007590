import fi from '../../../shared/i18n/fi';
import { formatAmount } from '../../../shared/finnish/amount';
import { formatFinnishDate, formatFinnishDateTime } from '../../../shared/finnish/date';
import { addA4Page, A4, createDocument, mm, toBuffer } from '../pdf/document';
import { fontName } from '../pdf/fonts';
import type { DataExport } from './data-export';

// The data export as a readable PDF with the shared renderer: portrait A4, a heading per
// section, tables whose cells wrap, Finnish dates and amounts, and a page number on each page.

const LEFT = mm(18);
const WIDTH = A4.width - 2 * LEFT;
const TOP = mm(18);
const BOTTOM = A4.height - mm(18);
const SIZE = 8.5;
const PAD = 2;
const YIELD_EVERY = 200;

const KIND: Record<string, string> = { announcement: 'Tiedote', invoice: 'Lasku', reminder: 'Maksumuistutus', updreq: 'Päivityspyyntö', membercard: 'Jäsenkortti' };
const MEDIUM: Record<string, string> = { email: 'Sähköposti', sms: 'Tekstiviesti', letter: 'Kirje', pdf: 'PDF' };
const MARK: Record<string, string> = { none: 'Avoin', paid: 'Maksettu', cancelled: 'Mitätöity' };
const CLAIM: Record<string, string> = { draft: 'Luonnos', pending: 'Odottaa käsittelyä', accepted: 'Hyväksytty', rejected: 'Hylätty', paid: 'Maksettu' };
const OUTCOME: Record<string, string> = { sent: 'Lähetetty', confirmed: 'Vahvistettu', bounced: 'Palautunut', updated: 'Päivitetty' };
const catalogue = fi as Record<string, string>;
const deliveryStatus = (s: string) => catalogue[`announcements.delivery_${s}`] ?? s;
const eventLabel = (e: string) => catalogue[`log.event.${e}`] ?? e;

const day = (s: string | null) => (s ? formatFinnishDate(s.slice(0, 10)) : '');
const time = (s: string | null) => (s ? formatFinnishDateTime(s) : '');
const euro = (c: number | null) => (c === null ? '' : formatAmount(c));
const yes = (b: boolean) => (b ? 'Kyllä' : 'Ei');
const text = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'string' ? v : typeof v === 'boolean' ? yes(v) : JSON.stringify(v));
const change = (c: { label: string; old: unknown; new: unknown }) => `${c.label}: ${text(c.old) || '–'} → ${text(c.new) || '–'}`;

class Writer {
  y = TOP;
  page = 0;
  constructor(
    readonly doc: PDFKit.PDFDocument,
    readonly footer: string,
  ) {
    this.newPage();
  }

  newPage(): void {
    addA4Page(this.doc);
    this.page += 1;
    this.doc.font(fontName('regular')).fontSize(7.5).fillColor('black');
    this.doc.text(`${this.footer} – sivu ${String(this.page)}`, LEFT, A4.height - mm(11), { lineBreak: false });
    this.y = TOP;
  }

  room(h: number): void {
    if (this.y + h > BOTTOM) this.newPage();
  }

  heading(s: string, size = 13): void {
    this.room(size * 3);
    this.y += this.y === TOP ? 0 : size * 0.6;
    this.doc.font(fontName('bold')).fontSize(size).fillColor('black').text(s, LEFT, this.y, { width: WIDTH });
    this.y += size * 1.5;
  }

  para(s: string): void {
    this.doc.font(fontName('regular')).fontSize(SIZE + 0.5);
    const h = this.doc.heightOfString(s, { width: WIDTH });
    this.room(h);
    this.doc.text(s, LEFT, this.y, { width: WIDTH });
    this.y += h + 4;
  }

  /**
   * A table; `widths` are relative. Rows taller than what is left start a new page, and the
   * header repeats. A long table yields to the event loop every few hundred rows, so other
   * requests are served meanwhile (5 000 history rows take seconds to lay out).
   */
  async table(headers: string[], widths: number[], rows: string[][], empty = 'Ei tietoja.'): Promise<void> {
    if (rows.length === 0) return this.para(empty);
    const units = widths.reduce((s, w) => s + w, 0);
    const ws = widths.map((w) => (WIDTH * w) / units);
    const draw = (cells: string[], bold: boolean): number => {
      const doc = this.doc.font(fontName(bold ? 'bold' : 'regular')).fontSize(SIZE);
      const h = Math.max(...cells.map((c, i) => doc.heightOfString(c || ' ', { width: ws[i]! - 2 * PAD }))) + 2 * PAD;
      return h;
    };
    const put = (cells: string[], bold: boolean, h: number): void => {
      let x = LEFT;
      this.doc.font(fontName(bold ? 'bold' : 'regular')).fontSize(SIZE).fillColor('black');
      cells.forEach((c, i) => {
        // Cut at the row's height: a cell taller than a page (a very long text) ends in an ellipsis rather than running off the page.
        this.doc.text(c, x + PAD, this.y + PAD, { width: ws[i]! - 2 * PAD, height: h - 2 * PAD, ellipsis: true });
        x += ws[i]!;
      });
      this.y += h;
      this.doc.moveTo(LEFT, this.y).lineTo(LEFT + WIDTH, this.y).lineWidth(bold ? 0.6 : 0.25).stroke();
    };
    const headerH = draw(headers, true);
    const header = () => put(headers, true, headerH);
    this.room(headerH + 20);
    header();
    let n = 0;
    for (const r of rows) {
      if (++n % YIELD_EVERY === 0) await new Promise((ok) => setImmediate(ok));
      const h = Math.min(draw(r, false), BOTTOM - TOP - headerH);
      if (this.y + h > BOTTOM) {
        this.newPage();
        header();
      }
      put(r, false, h);
    }
    this.y += 8;
  }

  truncated(on: boolean): void {
    if (on) this.para('Luettelo on katkaistu: mukana ovat uusimmat 5 000 riviä.');
  }
}

export async function dataExportPdf(e: DataExport): Promise<Buffer> {
  const m = e.member;
  const title = `Henkilön tiedot: ${m.name}`;
  const doc = createDocument({ title, author: e.association.name });
  const w = new Writer(doc, `${e.association.name} – ${m.name}`);
  w.heading(title, 16);
  w.para(`${e.association.name}. Tiedot koottu ${time(e.generated_at)}. Tämä on kopio kaikesta, mitä jäsenrekisteri sisältää henkilöstä (EU:n tietosuoja-asetus, 15 artikla).`);

  w.heading('Jäsentiedot');
  await w.table(
    ['Kenttä', 'Arvo'],
    [1, 2],
    [
      ['Jäsennumero', String(m.member_number)],
      ...m.fields.map((f) => [f.label, f.value ?? '']),
      ['Jäsen alkaen', day(m.member_since)],
      ['Lisätty rekisteriin', time(m.created_at)],
      ['Muokattu viimeksi', time(m.updated_at)],
      ['Tila', m.state.pending ? 'Hakemus (ei vielä hyväksytty)' : m.state.removed ? `Poistettu ${time(m.state.removed_at)}` : 'Jäsen'],
      ['Aktiivinen', yes(m.state.active)],
      ['Pääkäyttäjä', yes(m.roles.site_admin)],
      ['Hallitus', yes(m.roles.board)],
      ['Salasana asetettu', yes(m.password_set)],
      ['Kaksivaiheinen tunnistautuminen', m.mfa === 'on' ? 'Käytössä' : 'Ei käytössä'],
      ['Viimeksi kirjautunut', time(m.last_login_at)],
    ],
  );
  if (m.sessions.length > 0) {
    w.heading('Avoimet kirjautumiset', 11);
    await w.table(['Kirjautunut', 'Viimeksi käytetty', 'IP-osoite', 'Selain'], [1.2, 1.2, 1, 3], m.sessions.map((x) => [time(x.created_at), time(x.last_seen_at), x.ip, x.user_agent]));
  }
  if (e.application) {
    w.heading('Jäsenhakemus', 11);
    await w.table(['Kenttä', 'Arvo'], [1, 2], [['Haettu', time(e.application.applied_at)], ['Tiedot', text(e.application.details)]]);
  }

  w.heading('Ryhmät');
  await w.table(['Ryhmä'], [1], e.groups.map((g) => [g.label || g.name]), 'Ei ryhmiä.');

  w.heading('Muutoshistoria');
  await w.table(['Aika', 'Tekijä', 'Muutokset'], [1.2, 1.2, 4], e.history.entries.map((h) => [time(h.at), h.author ?? '', h.changes.map(change).join('\n')]));
  w.truncated(e.history.truncated);

  w.heading('Lähetetyt viestit');
  await w.table(
    ['Aika', 'Viesti', 'Otsikko', 'Tapa', 'Osoite', 'Tila'],
    [1.3, 1, 2, 1, 1.8, 1.2],
    e.messages.deliveries.map((d) => [time(d.created_at), KIND[d.kind] ?? d.kind, d.subject, MEDIUM[d.medium] ?? d.medium, d.address, `${deliveryStatus(d.status)} ${time(d.status_at)}`]),
  );
  w.truncated(e.messages.truncated);
  w.heading('Yhteystietojen ajantasaisuus', 11);
  await w.table(['Tapa', 'Osoite', 'Tila', 'Aika'], [1, 2, 1, 1.3], e.contact_states.map((c) => [MEDIUM[c.medium] ?? c.medium, c.address, OUTCOME[c.outcome] ?? c.outcome, time(c.at)]));

  w.heading('Laskut ja maksut');
  await w.table(
    ['Numero', 'Viite', 'Otsikko', 'Eräpäivä', 'Summa', 'Maksettu', 'Tila'],
    [0.8, 1.5, 1.6, 1, 1, 1, 1],
    e.invoices.instances.map((i) => [String(i.invoice_number), i.reference, `${i.kind === 'credit' ? 'Hyvitys: ' : ''}${i.subject}`, day(i.date_due), euro(i.amount_c), euro(i.paid_c), MARK[i.mark] ?? i.mark]),
  );
  const actions = e.invoices.instances.flatMap((i) =>
    i.actions.map((a) => [
      String(i.invoice_number),
      time(a.created_at),
      a.action_type,
      euro(a.amount_c),
      [a.pay_date ? `Maksupäivä ${day(a.pay_date)}` : '', a.payer_name ?? '', a.comment, a.bank_payment ? `Pankki: ${day(a.bank_payment.booking_date)}, ${euro(a.bank_payment.amount_c)}, ${a.bank_payment.payer_name ?? ''}, ${a.bank_payment.message ?? ''}` : ''].filter(Boolean).join('\n'),
    ]),
  );
  if (actions.length > 0) {
    w.heading('Laskujen tapahtumat ja maksut', 11);
    await w.table(['Lasku', 'Aika', 'Tapahtuma', 'Summa', 'Tiedot'], [0.7, 1.3, 1, 0.9, 3], actions);
  }
  w.truncated(e.invoices.truncated);

  w.heading('Kulukorvaukset');
  for (const c of e.expense_claims.claims) {
    w.para(`Kulukorvaus ${String(c.id)}: ${c.description || '–'} · ${CLAIM[c.status] ?? c.status} · ${euro(c.amount_c)} · tili ${c.account} · ${c.name}${c.rejection_reason ? ` · hylkäyksen syy: ${c.rejection_reason}` : ''}`);
    await w.table(['Päivä', 'Laji', 'Kuvaus', 'Summa'], [1, 1, 3, 1], c.items.map((it) => [day(it.date), it.type, [it.description, it.location ?? '', it.km ? `${it.km} km` : ''].filter(Boolean).join(', '), euro(it.amount_c)]));
    await w.table(['Aika', 'Tapahtuma', 'Tekijä', 'Kommentti'], [1.3, 1.5, 1.3, 2.5], c.events.map((ev) => [time(ev.created_at), [ev.kind, ev.to_status ? (CLAIM[ev.to_status] ?? ev.to_status) : ''].filter(Boolean).join(': '), ev.author_name, ev.comment ?? '']));
  }
  if (e.expense_claims.claims.length === 0) w.para('Ei kulukorvauksia.');
  if (e.expense_claims.files.length > 0) {
    w.heading('Kuitit (tiedostot)', 11);
    await w.table(['Tiedosto', 'Kulukorvaus', 'Koko', 'Ladattu'], [3, 1, 1, 1.3], e.expense_claims.files.map((f) => [f.filename, f.claim_id === null ? '' : String(f.claim_id), `${String(Math.ceil(f.bytes / 1024))} kt`, time(f.created_at)]));
  }

  w.heading('Tapahtumaloki');
  await w.table(['Aika', 'Tapahtuma', 'Tekijä', 'Tiedot'], [1.3, 1.7, 1.2, 3], e.log.entries.map((l) => [time(l.at), eventLabel(l.event), l.author ?? '', l.changes.map(change).join('\n')]));
  if (e.log.naming_them.length > 0) {
    w.heading('Muut lokimerkinnät, joissa henkilö mainitaan', 11);
    await w.table(['Aika', 'Tapahtuma', 'Tiedot'], [1.3, 1.7, 4], e.log.naming_them.map((l) => [time(l.at), eventLabel(l.event), l.changes.map(change).join('\n')]));
  }
  w.truncated(e.log.truncated);

  w.heading('Muokkauslinkit');
  await w.table(['Luotu', 'Lähetetty', 'Voimassa', 'Avattu', 'Tulos'], [1.3, 2, 1.3, 1.3, 1.3], e.edit_links.map((l) => [time(l.created_at), l.sent_to ?? '', time(l.expires_at), time(l.opened_at), l.outcome ? `${OUTCOME[l.outcome] ?? l.outcome} ${time(l.outcome_at)}` : '']));
  w.heading('Jäsenkortit');
  await w.table(['Luotu', 'Voimassa', 'Avattu'], [1, 1, 1], e.member_cards.map((c) => [time(c.created_at), day(c.valid_until), time(c.opened_at)]));
  return toBuffer(doc);
}
