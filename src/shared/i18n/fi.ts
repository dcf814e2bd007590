// Finnish is the source catalogue. Server replies carry message keys (architecture guide);
// the web maps them here. sv.ts and en.ts must have the same keys (checked by a test).

const fi = {
  // --- error and validation message keys (cross the wire) ---
  _validation_field_required: 'Tämä kenttä ei voi olla tyhjä.',
  _validation_invalid_choice: 'Virheellinen valinta.',
  _validation_invalid_email: 'Sähköpostiosoite on virheellinen.',
  _validation_too_long: 'Teksti on liian pitkä.',
  _validation_too_short: 'Teksti on liian lyhyt.',
  _validation_invalid: 'Virheellinen arvo.',
  value_too_large: 'Arvo on liian suuri.',
  login_failed: 'Sähköpostiosoite tai salasana on väärin.',
  login_rate_limited: 'Liian monta epäonnistunutta kirjautumisyritystä. Odota 15 minuuttia ja yritä uudelleen.',
  csrf_failed: 'Istunnon tarkiste puuttuu tai on vanhentunut. Lataa sivu uudelleen.',
  forbidden: 'Sinulla ei ole oikeutta tähän toimintoon.',
  not_found: 'Tietoa ei löytynyt.',
  server_error: 'Virhe - Jotain meni pieleen. Koeta uudelleen tai ole yhteydessä asiakaspalveluun.',
  A4SessionError: 'Istuntosi on vanhentunut. Kirjaudu uudelleen.',
  network_error: 'Yhteys palvelimeen ei toimi. Tarkista verkkoyhteys ja yritä uudelleen.',

  // --- UI texts (web) ---
  'app.name': 'Seura',
  'app.loading': 'Ladataan…',
  'app.document_title': '{{page}} – {{site}}',
  'common.retry': 'Yritä uudelleen',
  'common.close': 'Sulje',

  'layout.skip_to_content': 'Siirry sisältöön',
  'layout.main_navigation': 'Päävalikko',
  'layout.toggle_navigation': 'Näytä tai piilota valikko',
  'layout.home_link': '{{name}}, etusivu',
  'layout.user_menu': 'Käyttäjävalikko: {{name}}',
  'layout.role_site_admin': 'Pääkäyttäjä',
  'layout.role_board': 'Hallitus',
  'layout.logout': 'Kirjaudu ulos',
  'layout.messaging_blocked':
    'Viestien lähettäminen on estetty, kunnes asiakaspalvelu on tarkistanut tilanteen. Ole tarvittaessa yhteydessä asiakaspalveluun.',

  'nav.members': 'Jäsenet',
  'nav.fields': 'Kentät',
  'nav.groups': 'Ryhmät',
  'nav.messages': 'Viestit',
  'nav.invoices': 'Laskut',
  'nav.expense_claims': 'Kulukorvaukset',
  'nav.log': 'Loki',
  'nav.settings': 'Asetukset',

  'dashboard.stats_title': 'Jäsenrekisteri',
  'dashboard.members_count_one': '{{count, number}} jäsen',
  'dashboard.members_count_other': '{{count, number}} jäsentä',
  'dashboard.stats_active': 'Aktiiviset jäsenet',
  'dashboard.stats_inactive': 'Ei-aktiiviset jäsenet',
  'dashboard.stats_applications': 'Käsittelemättömät jäsenhakemukset',
  'dashboard.stats_loading': 'Ladataan jäsentietoja…',
  'dashboard.stats_empty': 'Rekisterissä ei ole vielä jäseniä.',
  'dashboard.stats_show_members': 'Näytä jäsenet',
  'dashboard.help_title': 'Tervetuloa Seuraan!',
  'dashboard.help_text':
    'Etusivulla näet yhteenvedon yhdistyksesi jäsenrekisteristä. Oikean yläkulman nimestäsi avautuu oma valikkosi, josta voit myös kirjautua ulos.',
  'dashboard.help_dismiss': 'Selvä, älä näytä uudelleen',

  'login.page': 'Kirjaudu sisään',
  'login.intro': 'Kirjaudu yhdistyksesi jäsenrekisteriin sähköpostiosoitteellasi ja salasanallasi.',
  'login.email': 'Sähköposti',
  'login.password': 'Salasana',
  'login.show_password': 'Näytä salasana',
  'login.submit': 'Kirjaudu sisään',
  'logout.page': 'Kirjaudu ulos',
  'logout.in_progress': 'Kirjaudutaan ulos…',
  'logout.done': 'Olet kirjautunut ulos.',

  'not_found.page': 'Sivua ei löytynyt!',
  'not_found.text': 'Tässä osoitteessa ei ole sivua. Tarkista osoite tai palaa etusivulle.',
  'not_found.home': 'Palaa etusivulle',
  'forbidden.page': 'Ei käyttöoikeutta',
  'forbidden.home': 'Palaa etusivulle',

  'unsaved.title': 'Tallentamattomia muutoksia',
  'unsaved.text': 'Sivulla on muutoksia, joita ei ole tallennettu. Jos poistut nyt, muutokset menetetään.',
  'unsaved.stay': 'Jää sivulle',
  'unsaved.leave': 'Poistu tallentamatta',
} as const;

export type MessageKey = keyof typeof fi;
export default fi;
