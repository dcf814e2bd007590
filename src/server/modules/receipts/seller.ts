import type { Receipt } from '../../../shared/schemas/payments';

// The seller named on every receipt: the operator of this deployment (SELLER_* variables,
// README "Configuration"). Read when a receipt is issued and stored on it, so a later change
// of the variables never alters receipts already given.

type Env = Record<string, string | undefined>;

export const DEFAULT_SELLER: Receipt['seller'] = {
  name: 'Seura-palvelu',
  business_id: '',
  address: '',
  email: '',
};

const val = (v: string | undefined, dflt: string): string => (v !== undefined && v.trim() !== '' ? v.trim() : dflt);

export function sellerFrom(env: Env = process.env): Receipt['seller'] {
  return {
    name: val(env.SELLER_NAME, DEFAULT_SELLER.name),
    business_id: val(env.SELLER_BUSINESS_ID, DEFAULT_SELLER.business_id),
    address: val(env.SELLER_ADDRESS, DEFAULT_SELLER.address),
    email: val(env.SELLER_EMAIL, DEFAULT_SELLER.email),
  };
}
