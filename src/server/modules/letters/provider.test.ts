import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutgoingDelivery } from '../outbox/providers';
import { pdfPageCount, pdfWords } from '../pdf/poppler';
import { createLetterProvider, createPdfProvider } from './provider';

const dirs: string[] = [];
function tmpDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'seura-letters-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const delivery = (id: number, address: string): OutgoingDelivery => ({
  deliveryId: id,
  tenantId: 3,
  messageId: 7,
  memberId: 11,
  medium: 'letter',
  address,
  subject: 'Kevätkokous',
  content: '<p>Tervetuloa kevätkokoukseen!</p>',
  senderName: 'Demoyhdistys ry',
  replyTo: 'info@demo.fi',
});

describe('letter provider', () => {
  it('writes a print-ready PDF per letter named by the delivery id, and one manifest per message', async () => {
    const dir = path.join(tmpDir(), 'letters');
    const p = createLetterProvider({ dir, now: () => new Date('2026-11-24T22:30:00Z') });
    expect(await p.send(delivery(101, 'Matti Meikäläinen\nKotikatu 1 A 2\n00100 Helsinki'))).toEqual({ outcome: 'sent', ref: 'letter-7-101.pdf' });
    expect(await p.send(delivery(102, '=Åsa "Öberg"\nStrandgatan 5\n65100 Vaasa'))).toEqual({ outcome: 'sent', ref: 'letter-7-102.pdf' });
    expect(fs.readdirSync(dir).sort()).toEqual(['letter-7-101.pdf', 'letter-7-102.pdf', 'letter-7-manifest.csv']);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    const pdf = fs.readFileSync(path.join(dir, 'letter-7-101.pdf'));
    expect(fs.statSync(path.join(dir, 'letter-7-101.pdf')).mode & 0o777).toBe(0o600);
    expect(await pdfPageCount(pdf)).toBe(1);
    const text = (await pdfWords(pdf)).map((w) => w.text).join(' ');
    // Sender, the Helsinki date (already the 25th there), the address and the text.
    expect(text).toContain('Demoyhdistys ry info@demo.fi');
    expect(text).toContain('25.11.2026');
    expect(text).toContain('Matti Meikäläinen Kotikatu 1 A 2 00100 Helsinki');
    expect(text).toContain('Tervetuloa kevätkokoukseen!');
    const manifest = fs.readFileSync(path.join(dir, 'letter-7-manifest.csv'), 'utf8').trim().split('\n');
    expect(manifest).toEqual([
      'delivery_id,message_id,tenant_id,file,pages,name,street,postal_code_city,created_at',
      '"101","7","3","letter-7-101.pdf","1","Matti Meikäläinen","Kotikatu 1 A 2","00100 Helsinki","2026-11-24T22:30:00.000Z"',
      // A name that looks like a formula is defused; quotes are doubled.
      `"102","7","3","letter-7-102.pdf","1","'=Åsa ""Öberg""","Strandgatan 5","65100 Vaasa","2026-11-24T22:30:00.000Z"`,
    ]);
  });

  it('bounces a letter without a full address and retries when the directory cannot be written', async () => {
    const dir = tmpDir();
    const p = createLetterProvider({ dir });
    expect(await p.send(delivery(5, 'Matti Meikäläinen\n00100 Helsinki'))).toEqual({ outcome: 'bounced', error: 'incomplete_address' });
    const blocked = path.join(dir, 'a-file');
    fs.writeFileSync(blocked, '');
    const r = await createLetterProvider({ dir: blocked }).send(delivery(6, 'Matti\nKatu 1\n00100 Helsinki'));
    expect(r.outcome).toBe('retry');
  });

  it('the PDF medium writes the same letter under its own name and counts it sent', async () => {
    const dir = tmpDir();
    const r = await createPdfProvider({ dir }).send({ ...delivery(9, 'Matti Meikäläinen\nKotikatu 1\n00100 Helsinki'), medium: 'pdf' });
    expect(r).toEqual({ outcome: 'sent', ref: 'pdf-7-9.pdf' });
    expect(await pdfPageCount(fs.readFileSync(path.join(dir, 'pdf-7-9.pdf')))).toBe(1);
    expect(fs.existsSync(path.join(dir, 'pdf-7-manifest.csv'))).toBe(true);
  });
});
