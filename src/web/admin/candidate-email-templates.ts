import { useQuery } from '@tanstack/react-query';
import type { Page } from '../../shared/api.js';
import type { CandidateEmailTemplate } from '../../shared/schemas/candidate-email.js';
import { api } from '../api/client.js';

/** The candidate e-mail templates (docs/decisions/0056), read by their screen and by the status move. */
export const CANDIDATE_EMAIL_TEMPLATES_KEY = ['CandidateEmailTemplate'];

/** Every template, one per status, in status order; not read while `enabled` is false. */
export function useCandidateEmailTemplates(enabled = true) {
  return useQuery({
    queryKey: CANDIDATE_EMAIL_TEMPLATES_KEY,
    enabled,
    queryFn: () => api<Page<CandidateEmailTemplate>>('CandidateEmailTemplate/Query', { body: { pageSize: 100, sort: { field: 'statusId', order: 'asc' } } }),
  });
}
