import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mooneyPaidReply, mooneyReply } from '../../shared/schemas/messages';
import { api } from './client';

// Payment items ("mooney"): what a user action costs, and paying it from the balance.
// Online payment comes with its own issue; until then the web offers only the balance.

export const mooneyKey = (id: string) => ['mooney', 'get', { id }] as const;

export function useMooney(id: string | null) {
  return useQuery({
    queryKey: mooneyKey(id ?? ''),
    queryFn: () => api.get(`mooney/${encodeURIComponent(id ?? '')}`, mooneyReply),
    enabled: id !== null,
    // The balance and the paid state change by paying: always read them afresh.
    staleTime: 0,
  });
}

/** Pays the item from the balance; paying twice changes nothing (the server answers paid). */
export function useBalancePay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post('mooney/balance_pay', { balance_mid: id }, mooneyPaidReply),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['mooney'] });
      void queryClient.invalidateQueries({ queryKey: ['announcements'] });
    },
  });
}
