import type { MessageKey } from './fi';

// English catalogue: same keys as fi.ts (Finnish is the source; `satisfies` and
// catalogues.test.ts keep the key sets identical).

const en = {
  _validation_field_required: 'This field cannot be empty.',
  _validation_invalid_choice: 'Invalid choice.',
  _validation_invalid_email: 'The email address is invalid.',
  _validation_too_long: 'The text is too long.',
  _validation_too_short: 'The text is too short.',
  _validation_invalid: 'Invalid value.',
  value_too_large: 'The value is too large.',
  login_failed: 'The email address or password is incorrect.',
  login_rate_limited: 'Too many failed login attempts. Wait 15 minutes and try again.',
  csrf_failed: 'The session check code is missing or has expired. Reload the page.',
  forbidden: 'You do not have permission to do this.',
  not_found: 'The information was not found.',
  server_error: 'Error - Something went wrong. Try again or contact customer service.',
  A4SessionError: 'Your session has expired. Please log in again.',
  network_error: 'Cannot reach the server. Check your network connection and try again.',

  'app.name': 'Seura',
  'app.loading': 'Loading…',
  'app.document_title': '{{page}} – {{site}}',
  'common.retry': 'Try again',
  'common.close': 'Close',

  'layout.skip_to_content': 'Skip to content',
  'layout.main_navigation': 'Main menu',
  'layout.toggle_navigation': 'Show or hide the menu',
  'layout.home_link': '{{name}}, home page',
  'layout.user_menu': 'User menu: {{name}}',
  'layout.role_site_admin': 'Site admin',
  'layout.role_board': 'Board',
  'layout.logout': 'Log out',
  'layout.messaging_blocked':
    'Sending messages is blocked until customer service has reviewed the situation. Contact customer service if needed.',

  'nav.members': 'Members',
  'nav.fields': 'Fields',
  'nav.groups': 'Groups',
  'nav.messages': 'Messages',
  'nav.invoices': 'Invoices',
  'nav.expense_claims': 'Expense claims',
  'nav.log': 'Log',
  'nav.settings': 'Settings',

  'dashboard.stats_title': 'Member register',
  'dashboard.members_count_one': '{{count, number}} member',
  'dashboard.members_count_other': '{{count, number}} members',
  'dashboard.stats_active': 'Active members',
  'dashboard.stats_inactive': 'Inactive members',
  'dashboard.stats_applications': 'Pending membership applications',
  'dashboard.stats_loading': 'Loading member information…',
  'dashboard.stats_empty': 'The register has no members yet.',
  'dashboard.stats_show_members': 'Show members',
  'dashboard.help_title': 'Welcome to Seura!',
  'dashboard.help_text':
    'The home page gives you a summary of your association’s member register. Your name in the top right corner opens your own menu, where you can also log out.',
  'dashboard.help_dismiss': 'Got it, do not show again',

  'login.page': 'Log in',
  'login.intro': 'Log in to your association’s member register with your email address and password.',
  'login.email': 'Email',
  'login.password': 'Password',
  'login.show_password': 'Show password',
  'login.submit': 'Log in',
  'logout.page': 'Log out',
  'logout.in_progress': 'Logging out…',
  'logout.done': 'You have logged out.',

  'not_found.page': 'Page not found!',
  'not_found.text': 'There is no page at this address. Check the address or go back to the home page.',
  'not_found.home': 'Back to the home page',
  'forbidden.page': 'No access',
  'forbidden.home': 'Back to the home page',

  'unsaved.title': 'Unsaved changes',
  'unsaved.text': 'This page has changes that have not been saved. If you leave now, the changes will be lost.',
  'unsaved.stay': 'Stay on the page',
  'unsaved.leave': 'Leave without saving',
} satisfies Record<MessageKey, string>;

export default en;
