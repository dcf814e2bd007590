import { createContext, useContext, type ReactNode } from 'react';
import type { SessionReply } from '../../shared/schemas/session';

// The signed-in session, provided by the app layout once session/get has answered,
// so pages inside it never handle a missing user.
const SessionContext = createContext<SessionReply | null>(null);

export function SessionProvider({ session, children }: { session: SessionReply; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The current session; only for components rendered inside the app layout. */
export function useCurrentSession(): SessionReply {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useCurrentSession used outside the signed-in layout');
  return session;
}

/** The session when there is one (shared components also used on the login page). */
export const useOptionalSession = (): SessionReply | null => useContext(SessionContext);
