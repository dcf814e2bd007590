import { useEffect, useState } from 'react';
import { formatFinnishNational } from '../../../shared/finnish/phone-national';

// Phone numbers in the member list without the phone number library in the list's first load:
// Finnish mobiles (nearly every member's) format at once; a foreign number is shown as stored
// until the library arrives (loaded when a list first renders), then internationally.

type Format = (e164: string) => string;
let full: Format | null = null;
let loading: Promise<void> | null = null;

/** A stored number as formatFinnishMobile shows it, or unchanged while the library of foreign numbers is loading. */
export function formatPhone(e164: string): string {
  if (full) return full(e164);
  return formatFinnishNational(e164) ?? e164;
}

/** Loads the full formatter once; later calls share the first load. */
export function loadPhoneFormat(): Promise<void> {
  loading ??= import('../../../shared/finnish/phone').then((m) => {
    full = m.formatFinnishMobile;
  });
  return loading;
}

/** For a component that shows numbers: loads the full formatter and renders again once it is there. */
export function usePhoneFormat(): void {
  const [, setReady] = useState(full !== null);
  useEffect(() => {
    if (full) return;
    let live = true;
    void loadPhoneFormat().then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, []);
}
