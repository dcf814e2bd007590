import { afterAll, describe, expect, it, vi } from 'vitest';
import i18n, { switchLanguage } from './setup';

// Finnish is bundled; Swedish and English are loaded by switchLanguage when first chosen.

describe('switchLanguage', () => {
  // Other tests of this process read Finnish texts.
  afterAll(() => switchLanguage('fi'));

  it('starts with Finnish only, and loads a catalogue when it is switched to', async () => {
    expect(i18n.hasResourceBundle('fi', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle('sv', 'translation')).toBe(false);
    await switchLanguage('sv');
    expect(i18n.language).toBe('sv');
    expect(i18n.t('nav.members')).toBe('Medlemmar');
    await switchLanguage('fi');
    expect(i18n.t('nav.members')).toBe('Jäsenet');
  });

  it('lets the last switch win when an earlier catalogue arrives after it', async () => {
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
    const slow = switchLanguage('en'); // English still loading…
    await switchLanguage('fi'); // …when the user goes back to Finnish
    await slow;
    expect(i18n.language).toBe('fi');
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    await switchLanguage('en');
    expect(i18n.t('nav.members')).toBe('Members');
  });
});

describe('the number format', () => {
  it('writes counts in the texts as Intl does', () => {
    expect(i18n.t('member_list.count', { count: 100_000 })).toBe(`${new Intl.NumberFormat('fi').format(100_000)} jäsentä`);
    expect(i18n.t('member_list.count', { count: 1 })).toBe('1 jäsen');
  });

  it('does not set up Intl.NumberFormat for a whole number', () => {
    const made = vi.spyOn(Intl, 'NumberFormat');
    try {
      expect(i18n.t('member_list.count', { count: 12_345 })).toBe('12\u00a0345 jäsentä');
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });
});
