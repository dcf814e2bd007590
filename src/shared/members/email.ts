// A member's email as stored and compared: trimmed and lower-cased (JavaScript's full
// Unicode lower case). Every write stores it in this form, so uniqueness, login and
// matching compare stored values as they are; the database's lower() is ASCII-only on
// SQLite and must not be relied on.

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
