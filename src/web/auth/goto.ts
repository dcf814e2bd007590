// Where the login page sends the user afterwards (GOTO = the path the
// session ran out on). GOTO comes from the address bar, so anything that could
// leave the site (`//evil`, `/\evil`, `https:`) is replaced by the register root.

export const LOGIN_PATH = '/@login';
export const LOGOUT_PATH = '/@logout';
/** The forgotten-password pages: no session there either. */
export const RESET_PATH = '/@reset';
export const GOTO_PARAM = 'GOTO';
const ROOT = '/';
const ORIGIN = 'http://seura.invalid';

const isUnsafeChar = (ch: string): boolean => {
  const code = ch.charCodeAt(0);
  return code < 0x20 || code === 0x7f || ch === '\\';
};

/** The session pages themselves, which must never be a GOTO target or trigger a login redirect. */
export const isAuthPage = (path: string): boolean =>
  [LOGIN_PATH, LOGOUT_PATH, RESET_PATH].some((p) => path === p || path.startsWith(`${p}?`) || path.startsWith(`${p}/`));

/** A same-origin path to continue to, or '/' when `goto` is missing or unsafe. */
export function sanitizeGoto(goto: string | null | undefined): string {
  if (!goto || !goto.startsWith('/') || goto.startsWith('//') || goto.startsWith('/\\')) return ROOT;
  // Control characters and backslashes are normalised away by browsers in surprising ways.
  if ([...goto].some(isUnsafeChar)) return ROOT;
  let url: URL;
  try {
    url = new URL(goto, ORIGIN);
  } catch {
    return ROOT;
  }
  if (url.origin !== ORIGIN) return ROOT;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return isAuthPage(path) ? ROOT : path;
}

/** The login page address that returns to `currentPath` afterwards. */
export function loginPathFor(currentPath: string): string {
  const goto = sanitizeGoto(currentPath);
  return `${LOGIN_PATH}?${new URLSearchParams({ [GOTO_PARAM]: goto }).toString()}`;
}

