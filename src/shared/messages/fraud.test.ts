import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fraudFindings, isFraudulent, registrableDomain } from './fraud';
import type { FraudInput } from './fraud';

const rules = (m: FraudInput) => fraudFindings(m).map((f) => f.rule);

// Ordinary association mail: none of these may be flagged.
const ORDINARY: [string, FraudInput][] = [
  ['spring meeting with links to the own site', {
    subject: 'Kutsu kevätkokoukseen 12.4.2027',
    html: '<p>Hyvä jäsen,</p><p>Kevätkokous pidetään seurantalolla klo 18.30. Esityslista: <a href="https://www.seura.fi/kokoukset/kevat">seura.fi</a>.</p><p><a href="https://seura.fi/ilmoittaudu">Ilmoittaudu tästä</a></p>',
  }],
  ['membership fee with IBAN and reference', {
    subject: 'Jäsenmaksu 2027',
    text: 'Jäsenmaksu 30 € maksetaan tilille FI21 1234 5600 0007 85 viitteellä 13. Eräpäivä 31.3.2027.',
  }],
  ['password change reminder', {
    subject: 'Muistutus',
    text: 'Muista vaihtaa salasanasi jäsenrekisterissä ennen vuoden loppua.',
  }],
  ['warning never to give codes', {
    subject: 'Varoitus huijausviesteistä',
    html: '<p>Älä koskaan anna pankkitunnuksiasi tai tunnuslukujasi kenellekään. Emme koskaan pyydä salasanaasi sähköpostilla.</p>',
  }],
  ['read more link', {
    subject: 'Uutiskirje marraskuu',
    html: '<p>Syyskauden kuulumiset ovat täällä. <a href="https://seura.fi/uutiset/marraskuu">Lue lisää</a></p>',
  }],
  ['subdomain of the same site', {
    subject: 'Uusi jäsenpalvelu',
    html: '<p>Jäsenpalvelu löytyy osoitteesta <a href="https://jasen.seura.fi/kirjaudu">www.seura.fi</a>.</p>',
  }],
  ['mailto and phone links', {
    subject: 'Yhteystiedot',
    html: '<p>Kysy lisää: <a href="mailto:hallitus@seura.fi">hallitus@seura.fi</a> tai <a href="tel:+358401234567">040 123 4567</a>.</p>',
  }],
  ['Swedish invitation', {
    subject: 'Inbjudan till höstmöte',
    html: '<p>Välkommen till höstmötet i klubbhuset! Mer info på <a href="https://www.idrottsforening.fi/mote">idrottsforening.fi/mote</a>. Fyll i anmälan senast 1.10.</p>',
  }],
  ['English newsletter', {
    subject: 'Club news',
    html: '<p>Please confirm your attendance by Friday. See <a href="https://club.example.org/events">https://club.example.org/events</a>.</p>',
  }],
  ['password reset notice', {
    subject: 'Password reset',
    text: "We'll send you a new password link if you ask for one in the member register.",
  }],
  ['Finnish we-send notice', {
    subject: 'Uusi salasana',
    text: 'Lähetämme sinulle uuden salasanan pyynnöstä. Jäsenmaksu on 25,50 €.',
  }],
  ['SMS with phone number and time', {
    subject: '',
    text: 'Talkoot la 5.10. klo 10-14 kentällä. Tiedustelut Matti 050 765 4321. T. Hallitus',
  }],
  ['file names and a missing space are not domains', {
    subject: 'Liitteet',
    text: 'Pöytäkirja on liitteenä (poytakirja.pdf) ja kuva.jpg. Kiitos kaikille ry.Kokous sujui hyvin.',
  }],
  ['card and code words without a request', {
    subject: 'Jäsenkortti',
    text: 'Uusi jäsenkortti lähtee postissa. Ovikoodi vaihtuu kuun alussa, kysy hallitukselta.',
  }],
  ['letter with Swedish password reminder', {
    subject: 'Påminnelse',
    text: 'Kom ihåg att byta ditt lösenord i medlemsregistret. Vi skickar aldrig lösenord per e-post.',
  }],
  ['warning with an infinitive request verb', {
    subject: 'Tietoturva',
    text: 'Emme koskaan pyydä sinua antamaan tunnuslukujasi. Jos saat tällaisen viestin, ilmoita hallitukselle.',
  }],
  ['English how-to in the member register', {
    subject: 'Member register',
    text: 'You can update your password and address in the member register at https://seura.fi/jasenet.',
  }],
  ['Swedish reminder with att', { subject: 'Register', text: 'Kom ihåg att uppdatera ditt lösenord i registret.' }],
  ['English payment via online banking', {
    subject: 'Fee', text: 'Please confirm your payment via online banking by 31 March.',
  }],
  ['Swedish expense claim asking for bank details', {
    subject: 'Reseersättning', text: 'Skicka dina bankuppgifter (IBAN) till kassören så betalar vi ut ersättningen.',
  }],
  ['HTML newsletter with in-page anchors, an image link and upper-case URLs', {
    subject: 'Syysuutiset',
    html: '<p><a name="top"></a><a href="#ohjelma">Ohjelma</a> <a href="https://seura.fi"><img src="https://seura.fi/logo.png" alt="Seura ry"></a></p><table><tr><td>Seura.fi</td><td><a href="HTTPS://WWW.SEURA.FI/">WWW.SEURA.FI</a></td></tr></table>',
  }],
  ['link text same URL with tracking query', {
    subject: 'Kysely',
    html: '<a href="https://www.seura.fi/kysely?utm_source=posti&amp;utm_medium=email">https://www.seura.fi/kysely</a>',
  }],
  ['partner link with descriptive text', {
    subject: 'Yhteistyökumppani',
    html: '<p>Kumppanimme tarjoaa jäsenetuja: <a href="https://www.urheilukauppa.fi/edut">Katso edut</a></p>',
  }],
];

// Phishing patterns: each must be flagged by the rule named.
const PHISHING: [string, FraudInput, string][] = [
  ['Finnish: enter bank codes', {
    subject: 'Jäsenyytesi päättyy',
    html: '<p>Jatka jäsenyyttä syöttämällä verkkopankkitunnuksesi alla olevaan lomakkeeseen.</p>',
  }, 'credentials_request'],
  ['Finnish: confirm PIN', { subject: 'Vahvista tunnuslukusi heti', text: 'Muuten tilisi suljetaan.' }, 'credentials_request'],
  ['Finnish: send card number', {
    subject: 'Palautus', text: 'Saat jäsenmaksun takaisin, kun lähetät meille luottokortin numeron ja CVV-koodin. Lähetä luottokortin numero vastaamalla.',
  }, 'credentials_request'],
  ['Finnish: update bank codes', { subject: 'Tärkeää', html: '<b>Päivitä pankkitunnuksesi</b> tämän päivän aikana.' }, 'credentials_request'],
  ['Finnish: henkilötunnus', { subject: 'Palkinto', text: 'Voitit arvonnassa! Vahvista henkilötunnuksesi ja PIN-koodi.' }, 'credentials_request'],
  ['Swedish: confirm bank codes', { subject: 'Medlemskap', text: 'Bekräfta dina bankkoder för att förnya medlemskapet.' }, 'credentials_request'],
  ['Swedish: enter password', { subject: 'Konto', html: '<p>Ange ditt lösenord och kortnummer här nedan.</p>' }, 'credentials_request'],
  ['English: enter card number', { subject: 'Refund', html: '<p>To receive your refund, please enter your card number and CVV.</p>' }, 'credentials_request'],
  ['English: term before verb', { subject: 'Your bank credentials expire: please verify them today', text: '' }, 'credentials_request'],
  ['link text shows bank, href elsewhere', {
    subject: 'Nordea', html: '<p>Kirjaudu: <a href="http://evil.example/login">nordea.fi</a></p>',
  }, 'link_domain_mismatch'],
  ['link text full URL of own site, href elsewhere', {
    subject: 'Jäsensivut', html: '<a href="https://seura-fi.login-check.ru/a">https://www.seura.fi/jasenet</a>',
  }, 'link_domain_mismatch'],
  ['userinfo trick in href', {
    subject: 'OP', html: '<a href="https://op.fi@phish.example/">op.fi</a>',
  }, 'link_domain_mismatch'],
  ['javascript: href', { subject: 'Klikkaa', html: '<a href="javascript:alert(1)">Avaa</a>' }, 'link_domain_mismatch'],
  ['data: href', { subject: 'Lasku', html: "<a href='data:text/html;base64,PHNjcmlwdD4='>Lasku</a>" }, 'link_domain_mismatch'],
  ['Swedish: ask to confirm with att', { subject: 'Medlemskap', text: 'Vi ber dig att bekräfta din pinkod via länken.' }, 'credentials_request'],
  ['Finnish: we ask you to give', { subject: 'Jäsenrekisteri', text: 'Pyydämme sinua antamaan verkkopankkitunnuksesi vahvistusta varten.' }, 'credentials_request'],
  ['Finnish: request after an unrelated negation', {
    subject: 'Tarkistus', text: 'Ei mitään huolta, tämä on vain rutiinitarkistus, ja pyydämme sinua antamaan verkkopankkitunnuksesi.',
  }, 'credentials_request'],
  ['English: send us', { subject: 'Refund', text: 'Please send us your card number.' }, 'credentials_request'],
  ['shortener link', { subject: 'Kysely', html: '<a href="https://bit.ly/3abcDEF">Vastaa kyselyyn</a>' }, 'url_shortener'],
  ['shortener in SMS text', { subject: '', text: 'Maksa jäsenmaksu: tinyurl.com/seura-maksu' }, 'url_shortener'],
  ['bare shortener with path', { subject: '', text: 'Ilmoittaudu: cutt.ly/xYz12 kiitos!' }, 'url_shortener'],
  ['shortener subdomain', { subject: 'Tule', text: 'Katso https://go.rebrand.ly/kevat' }, 'url_shortener'],
];

// Asking for a password or an identity code has honest uses: a warning for the writer, not a block.
const WARNINGS: [string, FraudInput][] = [
  ['Finnish: give password', { subject: 'Ylläpito', text: 'Anna käyttäjätunnus ja salasana, jotta rekisteri ei lukitu.' }],
  ['English: verify password', { subject: 'Account locked', text: 'Verify your password within 24 hours.' }],
  ['Finnish login guide', { subject: 'Jäsensivut', text: 'Syötä sähköpostiosoitteesi ja salasanasi kirjautumissivulla.' }],
  ['travel insurance form', { subject: 'Leirimatka', text: 'Anna henkilötunnuksesi matkavakuutusta varten ilmoittautumisen yhteydessä.' }],
];

describe('fraudFindings: password and identity-code requests', () => {
  it.each(WARNINGS)('%s is a warning, not a block', (_name, message) => {
    const found = fraudFindings(message);
    expect(found.map((f) => [f.rule, f.severity])).toEqual([['credentials_request', 'warn']]);
    expect(isFraudulent(message)).toBe(false);
  });

  it('blocks when the same request also asks for a card number', () => {
    const message = { subject: 'Konto', html: '<p>Ange ditt lösenord och kortnummer här nedan.</p>' };
    expect(fraudFindings(message).map((f) => f.severity).sort()).toEqual(['block', 'warn']);
    expect(isFraudulent(message)).toBe(true);
  });
});

describe('fraudFindings: ordinary association mail', () => {
  it.each(ORDINARY)('%s is not flagged', (_name, message) => {
    expect(fraudFindings(message)).toEqual([]);
    expect(isFraudulent(message)).toBe(false);
  });
});

describe('fraudFindings: phishing patterns', () => {
  it.each(PHISHING)('%s is flagged', (_name, message, rule) => {
    expect(rules(message)).toContain(rule);
    expect(isFraudulent(message)).toBe(true);
  });

  it('names the request and the credential as written', () => {
    expect(fraudFindings({ subject: 'Vahvista tunnuslukusi heti' })).toEqual([
      { rule: 'credentials_request', severity: 'block', snippet: 'Vahvista tunnuslukusi' },
    ]);
  });

  it('does not take a notice for a request', () => {
    expect(rules({ subject: 'Your password has been updated' })).toEqual([]);
  });

  it('names the host a mismatched link really points to', () => {
    expect(fraudFindings({ subject: '', html: '<a href="http://evil.example/login">nordea.fi</a>' })).toEqual([
      { rule: 'link_domain_mismatch', severity: 'block', snippet: 'nordea.fi', host: 'evil.example' },
    ]);
  });

  it('reports a shortener once even when it is both the link text and the href', () => {
    expect(fraudFindings({ subject: '', html: '<a href="https://bit.ly/x1">https://bit.ly/x1</a>' })).toEqual([
      { rule: 'url_shortener', severity: 'block', snippet: 'https://bit.ly/x1', host: 'bit.ly' },
    ]);
  });

  it('folds accents and case in the request', () => {
    expect(rules({ subject: 'SYÖTÄ PANKKITUNNUKSET' })).toEqual(['credentials_request']);
    expect(rules({ subject: 'syota pankkitunnukset' })).toEqual(['credentials_request']);
  });

  it('reads link text through entities and inner tags', () => {
    expect(rules({ subject: '', html: '<a href="https://x.example/"><span>nordea</span>&#46;fi</a>' })).toEqual(['link_domain_mismatch']);
  });
});

describe('registrableDomain', () => {
  it('keeps the site, drops subdomains', () => {
    expect(registrableDomain('www.seura.fi')).toBe('seura.fi');
    expect(registrableDomain('jasen.palvelu.seura.fi')).toBe('seura.fi');
    expect(registrableDomain('club.co.uk')).toBe('club.co.uk');
    expect(registrableDomain('www.club.co.uk')).toBe('club.co.uk');
    expect(registrableDomain('seura.github.io')).not.toBe(registrableDomain('evil.github.io'));
  });
});

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// Words from association mail, including the request verbs on their own.
const SAFE_WORDS = [
  'kokous', 'jäsen', 'vuosikokous', 'anna', 'palautetta', 'vahvista', 'ilmoittautumisesi', 'lähetä',
  'kuva', 'päivitä', 'osoitteesi', 'bekräfta', 'närvaro', 'confirm', 'attendance', 'enter', 'the', 'hall',
  'tervetuloa', 'klo', '18', 'syötä', 'nimesi', 'FI21', '30', '€', 'viitteellä', 'kiitos',
];

describe('fraudFindings: properties', () => {
  it('a link whose text is its own href is never a mismatch', () => {
    fc.assert(
      fc.property(fc.webUrl({ validSchemes: ['http', 'https'], withQueryParameters: true, withFragments: true }), (url) => {
        const html = `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
        expect(rules({ subject: '', html })).not.toContain('link_domain_mismatch');
      }),
    );
  });

  it('a link whose text is a subdomain of its href site is never a mismatch', () => {
    fc.assert(
      fc.property(fc.domain(), fc.constantFrom('www', 'jasen', 'a.b'), (domain, sub) => {
        const html = `<a href="https://${sub}.${domain}/x">${domain}</a>`;
        expect(rules({ subject: '', html })).not.toContain('link_domain_mismatch');
      }),
    );
  });

  it('plain words without URLs or credential terms add no finding', () => {
    const base = ORDINARY.map(([, m]) => m);
    fc.assert(
      fc.property(
        fc.constantFrom(...base),
        fc.array(fc.constantFrom(...SAFE_WORDS), { maxLength: 30 }),
        fc.constantFrom(' ', '. ', '\n', ', '),
        (message, words, sep) => {
          // On a line of its own: a request verb next to an existing credential word is a request.
          const extra = words.join(sep);
          const text = `${message.text ?? ''}\n${extra}`;
          const subject = `${message.subject}\n${extra}`;
          expect(fraudFindings({ ...message, subject, text })).toEqual([]);
        },
      ),
    );
  });
});
