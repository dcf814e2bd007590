// The provider sends the browser back to /m/failure with the payment's checkout reference.
// Its third dash-separated part is the payment item's id (a uuid, which itself holds dashes:
// the reference is `{prefix}-{attempt}-{uuid}`, so "the third part" runs to the end).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The payment item id in a checkout reference, or null when the reference is not ours. */
export function mooneyIdOfReference(reference: string | null | undefined): string | null {
  if (!reference) return null;
  const parts = reference.trim().split('-');
  if (parts.length < 3) return null;
  const rest = parts.slice(2).join('-');
  if (UUID.test(rest)) return rest.toLowerCase();
  // A bare third part (an id without dashes) is taken as it is.
  const third = parts[2] ?? '';
  return UUID.test(third) ? third.toLowerCase() : null;
}
