import type { MessageKey } from './fi';

// Swedish catalogue: same keys as fi.ts (Finnish is the source; `satisfies` and
// catalogues.test.ts keep the key sets identical).

const sv = {
  _validation_field_required: 'Det här fältet får inte vara tomt.',
  _validation_invalid_choice: 'Ogiltigt val.',
  _validation_invalid_email: 'E-postadressen är ogiltig.',
  _validation_too_long: 'Texten är för lång.',
  _validation_too_short: 'Texten är för kort.',
  _validation_invalid: 'Ogiltigt värde.',
  value_too_large: 'Värdet är för stort.',
  login_failed: 'E-postadressen eller lösenordet är fel.',
  login_rate_limited: 'För många misslyckade inloggningsförsök. Vänta 15 minuter och försök igen.',
  csrf_failed: 'Sessionens kontrollkod saknas eller har gått ut. Ladda om sidan.',
  forbidden: 'Du har inte behörighet till den här åtgärden.',
  not_found: 'Uppgiften hittades inte.',
  server_error: 'Fel - Något gick fel. Försök igen eller kontakta kundtjänsten.',
  A4SessionError: 'Din session har gått ut. Logga in igen.',
  network_error: 'Ingen anslutning till servern. Kontrollera nätverksanslutningen och försök igen.',

  'app.name': 'Seura',
  'app.loading': 'Laddar…',
  'app.document_title': '{{page}} – {{site}}',
  'common.retry': 'Försök igen',
  'common.close': 'Stäng',

  'layout.skip_to_content': 'Hoppa till innehållet',
  'layout.main_navigation': 'Huvudmeny',
  'layout.toggle_navigation': 'Visa eller dölj menyn',
  'layout.home_link': '{{name}}, startsida',
  'layout.user_menu': 'Användarmeny: {{name}}',
  'layout.role_site_admin': 'Huvudanvändare',
  'layout.role_board': 'Styrelse',
  'layout.logout': 'Logga ut',
  'layout.messaging_blocked':
    'Det går inte att skicka meddelanden förrän kundtjänsten har kontrollerat situationen. Kontakta kundtjänsten vid behov.',

  'nav.members': 'Medlemmar',
  'nav.fields': 'Fält',
  'nav.groups': 'Grupper',
  'nav.messages': 'Meddelanden',
  'nav.invoices': 'Fakturor',
  'nav.expense_claims': 'Kostnadsersättningar',
  'nav.log': 'Logg',
  'nav.settings': 'Inställningar',

  'dashboard.stats_title': 'Medlemsregister',
  'dashboard.members_count_one': '{{count, number}} medlem',
  'dashboard.members_count_other': '{{count, number}} medlemmar',
  'dashboard.stats_active': 'Aktiva medlemmar',
  'dashboard.stats_inactive': 'Inaktiva medlemmar',
  'dashboard.stats_applications': 'Obehandlade medlemsansökningar',
  'dashboard.stats_loading': 'Laddar medlemsuppgifter…',
  'dashboard.stats_empty': 'Registret har inga medlemmar ännu.',
  'dashboard.stats_show_members': 'Visa medlemmar',
  'dashboard.help_title': 'Välkommen till Seura!',
  'dashboard.help_text':
    'På startsidan ser du en sammanfattning av föreningens medlemsregister. Ditt namn i det övre högra hörnet öppnar din egen meny, där du också kan logga ut.',
  'dashboard.help_dismiss': 'Uppfattat, visa inte igen',

  'login.page': 'Logga in',
  'login.intro': 'Logga in i föreningens medlemsregister med din e-postadress och ditt lösenord.',
  'login.email': 'E-post',
  'login.password': 'Lösenord',
  'login.show_password': 'Visa lösenordet',
  'login.submit': 'Logga in',
  'logout.page': 'Logga ut',
  'logout.in_progress': 'Loggar ut…',
  'logout.done': 'Du har loggat ut.',

  'not_found.page': 'Sidan hittades inte!',
  'not_found.text': 'Det finns ingen sida på den här adressen. Kontrollera adressen eller gå tillbaka till startsidan.',
  'not_found.home': 'Tillbaka till startsidan',
  'forbidden.page': 'Ingen behörighet',
  'forbidden.home': 'Tillbaka till startsidan',

  'unsaved.title': 'Osparade ändringar',
  'unsaved.text': 'Sidan har ändringar som inte har sparats. Om du lämnar sidan nu går ändringarna förlorade.',
  'unsaved.stay': 'Stanna på sidan',
  'unsaved.leave': 'Lämna utan att spara',
} satisfies Record<MessageKey, string>;

export default sv;
